// Pregnancy follow-up: start (FUM + pre-gestational weight), gestational week and due date from the
// server (Naegele), the weight-gain record, and 'Finalizar embarazo', which keeps the history.
import { useState } from 'react';
import { Badge, Button, Group, Modal, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Patient, Pregnancy } from '@almendra/contracts';
import { fieldErrors, patientKeys, patientsApi } from '../api/patients-api';
import { filterDecimal, formatDate, formatNumber, parseDateInput, parseDecimal } from '../lib/format';
import { todayIso } from '../../../lib/calendar-date';
import { showError, showSuccess } from '../../../lib/toast';
import { preventEnterSubmit } from './form-keys';
import { SectionSelect } from './section-combobox';

export function PregnancySection({ patient, readOnly }: { patient: Patient; readOnly: boolean }) {
  const { t } = useTranslation('patients');
  const key = patientKeys.section(patient.id, 'pregnancies');
  const pregnancies = useQuery({ queryKey: key, queryFn: () => patientsApi.pregnancies(patient.id) });
  const open = pregnancies.data?.find((p) => p.status === 'open');
  const finished = pregnancies.data?.filter((p) => p.status === 'finished') ?? [];
  return (
    <Stack>
      {open ? (
        <OpenPregnancy pregnancy={open} patientId={patient.id} readOnly={readOnly} />
      ) : (
        !readOnly && pregnancies.isSuccess && <StartPregnancy patientId={patient.id} />
      )}
      {pregnancies.isSuccess && !open && finished.length === 0 && <Text c="dimmed">{t('pregnancy.none')}</Text>}
      {finished.length > 0 && (
        <Stack gap="xs">
          <Title order={4}>{t('pregnancy.history')}</Title>
          <Table data-testid="pregnancy-history">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('pregnancy.lmp')}</Table.Th>
                <Table.Th>{t('pregnancy.endDate')}</Table.Th>
                <Table.Th>{t('pregnancy.outcome')}</Table.Th>
                <Table.Th>{t('pregnancy.weights')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {finished.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>{formatDate(p.lastMenstrualPeriod)}</Table.Td>
                  <Table.Td>{formatDate(p.endDate)}</Table.Td>
                  <Table.Td>{p.outcome ? t(`pregnancy.outcomes.${p.outcome}`) : '—'}</Table.Td>
                  <Table.Td>{p.weights.length}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Stack>
  );
}

function useSetPregnancies(patientId: string) {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: patientKeys.section(patientId, 'pregnancies') });
    void queryClient.invalidateQueries({ queryKey: patientKeys.detail(patientId) });
  };
}

function StartPregnancy({ patientId }: { patientId: string }) {
  const { t } = useTranslation('patients');
  const refresh = useSetPregnancies(patientId);
  const [lmp, setLmp] = useState('');
  const [weight, setWeight] = useState('');
  const start = useMutation({
    mutationFn: () =>
      patientsApi.startPregnancy(patientId, {
        lastMenstrualPeriod: parseDateInput(lmp) ?? '',
        preGestationalWeightKg: parseDecimal(weight),
      }),
    meta: { silent: true },
    onSuccess: () => {
      refresh();
      showSuccess(t('pregnancy.startedTitle'), t('pregnancy.started'));
    },
    onError: showError,
  });
  const errors = fieldErrors(start.error);
  return (
    <form
      noValidate
      onKeyDown={preventEnterSubmit}
      onSubmit={(e) => {
        e.preventDefault();
        start.mutate();
      }}
    >
      <Stack gap="sm">
        <Text>{t('pregnancy.startHelp')}</Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput
            label={t('pregnancy.lmp')}
            placeholder={t('datePlaceholder')}
            value={lmp}
            onChange={(e) => setLmp(e.currentTarget.value)}
            error={errors.lastMenstrualPeriod}
            inputMode="numeric"
            required
          />
          <TextInput
            label={t('pregnancy.preWeight')}
            value={weight}
            onChange={(e) => setWeight(filterDecimal(e.currentTarget.value))}
            error={errors.preGestationalWeightKg}
            inputMode="decimal"
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={start.isPending}>
            {t('pregnancy.start')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function OpenPregnancy({ pregnancy, patientId, readOnly }: { pregnancy: Pregnancy; patientId: string; readOnly: boolean }) {
  const { t } = useTranslation('patients');
  const refresh = useSetPregnancies(patientId);
  const [date, setDate] = useState(formatDate(todayIso()));
  const [weight, setWeight] = useState('');
  const [finishing, setFinishing] = useState(false);
  const add = useMutation({
    mutationFn: () =>
      patientsApi.addPregnancyWeight(pregnancy.id, { date: parseDateInput(date) ?? '', weightKg: parseDecimal(weight) ?? Number.NaN }),
    meta: { silent: true },
    onSuccess: () => {
      setWeight('');
      refresh();
    },
    onError: showError,
  });
  const errors = fieldErrors(add.error);
  return (
    <Stack gap="sm" data-testid="pregnancy-open">
      <Group gap="xs">
        <Badge color="grape" variant="light">
          {t('pregnancy.open')}
        </Badge>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        <Figure label={t('pregnancy.lmp')} value={formatDate(pregnancy.lastMenstrualPeriod)} />
        <Figure
          label={t('pregnancy.week')}
          value={t('pregnancy.weekValue', { weeks: pregnancy.gestationalWeek, days: pregnancy.gestationalDays })}
          testId="pregnancy-week"
        />
        <Figure label={t('pregnancy.dueDate')} value={formatDate(pregnancy.dueDate)} testId="pregnancy-due" />
        <Figure
          label={t('pregnancy.preWeight')}
          value={pregnancy.preGestationalWeightKg != null ? `${formatNumber(pregnancy.preGestationalWeightKg)} kg` : '—'}
        />
        {pregnancy.preGestationalBmi != null && (
          <Figure label={t('pregnancy.bmi')} value={formatNumber(pregnancy.preGestationalBmi)} />
        )}
        {pregnancy.recommendedGainKg && (
          <Figure
            label={t('pregnancy.recommendedGain')}
            value={`${formatNumber(pregnancy.recommendedGainKg.min)}–${formatNumber(pregnancy.recommendedGainKg.max)} kg`}
          />
        )}
      </SimpleGrid>
      <Title order={4}>{t('pregnancy.weights')}</Title>
      {pregnancy.weights.length === 0 ? (
        <Text c="dimmed">{t('pregnancy.noWeights')}</Text>
      ) : (
        <Table data-testid="pregnancy-weights">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('pregnancy.date')}</Table.Th>
              <Table.Th>{t('pregnancy.weight')}</Table.Th>
              <Table.Th>{t('pregnancy.gain')}</Table.Th>
              <Table.Th>{t('pregnancy.week')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {pregnancy.weights.map((w) => (
              <Table.Tr key={w.id}>
                <Table.Td>{formatDate(w.date)}</Table.Td>
                <Table.Td>{formatNumber(w.weightKg)} kg</Table.Td>
                <Table.Td>{w.gainKg != null ? `${w.gainKg > 0 ? '+' : ''}${formatNumber(w.gainKg)} kg` : '—'}</Table.Td>
                <Table.Td>{w.gestationalWeek}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {!readOnly && (
        <form
          noValidate
          onKeyDown={preventEnterSubmit}
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate();
          }}
        >
          <Group align="flex-start">
            <TextInput
              label={t('pregnancy.date')}
              placeholder={t('datePlaceholder')}
              value={date}
              onChange={(e) => setDate(e.currentTarget.value)}
              error={errors.date}
              inputMode="numeric"
            />
            <TextInput
              label={t('pregnancy.weight')}
              value={weight}
              onChange={(e) => setWeight(filterDecimal(e.currentTarget.value))}
              error={errors.weightKg}
              inputMode="decimal"
            />
            <Button type="submit" mt={25} loading={add.isPending}>
              {t('pregnancy.addWeight')}
            </Button>
            <Button mt={25} color="grape" variant="light" onClick={() => setFinishing(true)}>
              {t('pregnancy.finish')}
            </Button>
          </Group>
        </form>
      )}
      {finishing && <FinishPregnancy pregnancy={pregnancy} onClose={() => setFinishing(false)} onDone={refresh} />}
    </Stack>
  );
}

function FinishPregnancy({ pregnancy, onClose, onDone }: { pregnancy: Pregnancy; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('patients');
  const [endDate, setEndDate] = useState(formatDate(todayIso()));
  const [outcome, setOutcome] = useState<string | null>('birth');
  const finish = useMutation({
    mutationFn: () =>
      patientsApi.finishPregnancy(pregnancy.id, {
        endDate: parseDateInput(endDate) ?? '',
        outcome: (outcome as 'birth' | 'loss' | 'other' | null) ?? null,
      }),
    meta: { silent: true },
    onSuccess: () => {
      onDone();
      showSuccess(t('pregnancy.finishedTitle'), t('pregnancy.finished'));
      onClose();
    },
    onError: showError,
  });
  const errors = fieldErrors(finish.error);
  return (
    <Modal closeButtonProps={{ 'aria-label': t('actions.close') }} opened onClose={onClose} title={t('pregnancy.finish')}>
      <Stack>
        <Text size="sm">{t('pregnancy.finishHelp')}</Text>
        <TextInput
          label={t('pregnancy.endDate')}
          placeholder={t('datePlaceholder')}
          value={endDate}
          onChange={(e) => setEndDate(e.currentTarget.value)}
          error={errors.endDate}
        />
        <SectionSelect
          label={t('pregnancy.outcome')}
          data={(['birth', 'loss', 'other'] as const).map((o) => ({ value: o, label: t(`pregnancy.outcomes.${o}`) }))}
          value={outcome}
          onChange={setOutcome}
          clearable
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button color="grape" onClick={() => finish.mutate()} loading={finish.isPending}>
            {t('pregnancy.finishConfirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}
