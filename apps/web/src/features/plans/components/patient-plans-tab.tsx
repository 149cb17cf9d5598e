// The patient record's plans tab: the patient's plans, a new plan for them, or a copy of a template.
import { useState } from 'react';
import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconPlus, IconTemplate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { plansApi, plansKeys } from '../api/plans-api';
import { PlanList } from './plan-list';

export function PatientPlansTab({ patient }: { patient: { id: string } }) {
  const { t } = useTranslation('plans');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [templateId, setTemplateId] = useState<string | null>(null);
  const filter = { patientId: patient.id };
  const list = useQuery({ queryKey: plansKeys.list(filter), queryFn: () => plansApi.list(filter) });
  const templates = useQuery({ queryKey: plansKeys.list({ template: true }), queryFn: () => plansApi.list({ template: true }) });
  const fromTemplate = useMutation({
    mutationFn: (id: string) => plansApi.copy(id, patient.id),
    onSuccess: (plan) => {
      void queryClient.invalidateQueries({ queryKey: ['plans', 'list'] });
      navigate(`/detalle-de-plan?id=${plan.id}`);
    },
  });
  return (
    <Stack>
      <Group align="flex-end" wrap="wrap">
        <Button component={Link} to={`/nuevo-plan?patientId=${encodeURIComponent(patient.id)}`} leftSection={<IconPlus size={16} aria-hidden />}>
          {t('patientTab.new')}
        </Button>
        <Select
          label={t('patientTab.template')}
          placeholder={t('patientTab.templatePlaceholder')}
          value={templateId}
          onChange={setTemplateId}
          data={(templates.data?.items ?? []).map((p) => ({ value: p.id, label: p.title }))}
          searchable
        />
        <Button variant="light" leftSection={<IconTemplate size={16} aria-hidden />} disabled={!templateId} loading={fromTemplate.isPending} onClick={() => templateId && fromTemplate.mutate(templateId)}>
          {t('patientTab.useTemplate')}
        </Button>
      </Group>
      {list.isPending ? <PageLoader /> : list.data?.items.length ? <PlanList plans={list.data.items} duplicateTo={patient.id} /> : <Text>{t('patientTab.empty')}</Text>}
    </Stack>
  );
}
