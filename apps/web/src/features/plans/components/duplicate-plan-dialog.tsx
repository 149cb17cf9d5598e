// "Duplicar…": copies a plan to a patient (searched through the patients API) or back into a template
// (POST /plans/{id}/copy {patientId|null}). The copy is independent; it opens in the editor when done.
import { useState } from 'react';
import { Button, Group, Modal, Radio, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PlanSummary } from '@almendra/contracts';
import { showSuccess } from '../../../lib/toast';
import { plansApi } from '../api/plans-api';
import { SEARCH_DEBOUNCE_MS } from '../../../lib/search-debounce';


type Source = Pick<PlanSummary, 'id' | 'title' | 'patientId'>;

export function DuplicatePlanDialog({ plan, onClose }: { plan: Source | null; onClose: () => void }) {
  const { t } = useTranslation('plans');
  return (
    <Modal opened={plan !== null} onClose={onClose} title={t('duplicate.title')} closeButtonProps={{ 'aria-label': t('duplicate.close') }} centered>
      {plan ? <DuplicateForm key={plan.id} plan={plan} onClose={onClose} /> : null}
    </Modal>
  );
}

function DuplicateForm({ plan, onClose }: { plan: Source; onClose: () => void }) {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<'patient' | 'template'>('patient');
  const [patientId, setPatientId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [submitted, setSubmitted] = useState(false);
  const patients = useQuery({
    queryKey: ['plans', 'patient-search', debounced],
    queryFn: () => plansApi.searchPatients(debounced),
    enabled: target === 'patient',
  });
  const copy = useMutation({
    mutationFn: () => plansApi.copy(plan.id, target === 'patient' ? patientId : null),
    onSuccess: (copied) => {
      void queryClient.invalidateQueries({ queryKey: ['plans', 'list'] });
      showSuccess(
        t('list.duplicatedTitle'),
        copied.patientName ? t('duplicate.doneForPatient', { title: copied.title, name: copied.patientName }) : t('duplicate.doneAsTemplate', { title: copied.title }),
      );
      onClose();
      navigate(`/detalle-de-plan?id=${copied.id}`);
    },
  });
  const patientError = submitted && target === 'patient' && !patientId ? t('validation.patient') : undefined;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setSubmitted(true);
        if (target === 'patient' && !patientId) return;
        copy.mutate();
      }}
    >
      <Stack>
        <Text size="sm">{t('duplicate.intro', { title: plan.title })}</Text>
        <Radio.Group label={t('duplicate.to')} value={target} onChange={(v) => setTarget(v === 'template' ? 'template' : 'patient')}>
          <Group mt="xs">
            {/* Focus the choice, not the search: a searchable Select opens its list on focus and would cover the buttons. */}
            <Radio value="patient" label={t('duplicate.toPatient')} data-autofocus />
            <Radio value="template" label={t('duplicate.asTemplate')} />
          </Group>
        </Radio.Group>
        {target === 'patient' ? (
          <Select
            label={t('new.patientLabel')}
            placeholder={t('new.patientPlaceholder')}
            searchable
            value={patientId}
            onChange={setPatientId}
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options }) => options}
            data={(patients.data?.items ?? []).map((p) => ({ value: p.id, label: `${p.firstName} ${p.lastName}` }))}
            nothingFoundMessage={patients.isFetching ? t('loading') : t('new.noPatients')}
            error={patientError}
            required
            comboboxProps={{ withinPortal: true }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('duplicate.templateHint')}
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('list.cancel')}
          </Button>
          <Button type="submit" loading={copy.isPending}>
            {t('duplicate.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
