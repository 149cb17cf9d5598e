// Lab results: add, edit and delete; analyte suggestions (with default unit and adult range) from the
// contract's catalogue; out-of-range values flagged with an icon and a word; history per analyte.
import { useState } from 'react';
import { ActionIcon, Button, Group, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMinus, IconPencil, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { LAB_ANALYTES, findLabAnalyte, normalizeAnalyteName } from '@almendra/contracts/lab-analytes';
import type { LabResult, Patient } from '@almendra/contracts';
import { fieldErrors, patientKeys, patientsApi } from '../api/patients-api';
import { filterDecimal, formatDate, formatNumber, parseDateInput, parseDecimal } from '../lib/format';
import { todayIso } from '../../../lib/calendar-date';
import { showError } from '../../../lib/toast';
import { preventEnterSubmit } from './form-keys';
import { SectionAutocomplete, SectionSelect } from './section-combobox';

interface LabValues {
  date: string;
  analyte: string;
  value: string;
  unit: string;
  referenceMin: string;
  referenceMax: string;
}

const emptyLab = (): LabValues => ({
  date: formatDate(todayIso()),
  analyte: '',
  value: '',
  unit: '',
  referenceMin: '',
  referenceMax: '',
});

const decimalText = (n: number | null | undefined) => (n == null ? '' : String(n).replace('.', ','));

export function LabsSection({ patient, readOnly }: { patient: Patient; readOnly: boolean }) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const key = patientKeys.section(patient.id, 'labs');
  const labs = useQuery({ queryKey: key, queryFn: () => patientsApi.labs(patient.id) });
  const [values, setValues] = useState<LabValues>(emptyLab);
  const [editing, setEditing] = useState<string | null>(null);
  const [filter, setFilter] = useState<string | null>(null);

  const body = () => ({
    date: parseDateInput(values.date) ?? '',
    analyte: values.analyte,
    value: parseDecimal(values.value) ?? Number.NaN,
    unit: values.unit || null,
    referenceMin: parseDecimal(values.referenceMin),
    referenceMax: parseDecimal(values.referenceMax),
  });
  const save = useMutation({
    mutationFn: () => (editing ? patientsApi.updateLab(editing, body()) : patientsApi.addLab(patient.id, body())),
    meta: { silent: true },
    onSuccess: () => {
      setValues(emptyLab());
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onError: showError,
  });
  const remove = useMutation({
    mutationFn: (id: string) => patientsApi.deleteLab(id),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: key }),
  });
  const errors = fieldErrors(save.error);

  const pickAnalyte = (name: string) => {
    const known = findLabAnalyte(name);
    if (!known) return setValues((prev) => ({ ...prev, analyte: name }));
    const range = (patient.sex && known.bySex?.[patient.sex]) || known;
    setValues((prev) => ({
      ...prev,
      analyte: known.name,
      unit: known.unit,
      referenceMin: decimalText(range.referenceMin),
      referenceMax: decimalText(range.referenceMax),
    }));
  };

  const set = (field: keyof LabValues, decimal = false) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues({ ...values, [field]: decimal ? filterDecimal(e.currentTarget.value) : e.currentTarget.value });

  const all = labs.data ?? [];
  const analytes = [...new Set(all.map((l) => l.analyte))];
  const shown = filter ? all.filter((l) => normalizeAnalyteName(l.analyte) === normalizeAnalyteName(filter)) : all;

  return (
    <Stack>
      {!readOnly && (
        <form
          data-testid="lab-form"
          noValidate
          onKeyDown={preventEnterSubmit}
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate();
          }}
        >
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label={t('labs.date')} placeholder={t('datePlaceholder')} value={values.date} onChange={set('date')} error={errors.date} inputMode="numeric" />
              <SectionAutocomplete
                label={t('labs.analyte')}
                data={LAB_ANALYTES.map((a) => a.name)}
                value={values.analyte}
                onChange={(v) => setValues((prev) => ({ ...prev, analyte: v }))}
                onOptionSubmit={pickAnalyte}
                // A known analyte typed by hand gets its default unit and range too, unless the
                // nutritionist already wrote a range of her own (the lab's, printed on the report).
                onBlur={() => {
                  if (!values.referenceMin && !values.referenceMax && !values.unit && findLabAnalyte(values.analyte)) pickAnalyte(values.analyte);
                }}
                error={errors.analyte}
                required
                withAsterisk={false}
              />
              <TextInput label={t('labs.value')} value={values.value} onChange={set('value', true)} error={errors.value} inputMode="decimal" required />
              <TextInput label={t('labs.unit')} value={values.unit} onChange={set('unit')} error={errors.unit} />
              <TextInput label={t('labs.referenceMin')} value={values.referenceMin} onChange={set('referenceMin', true)} error={errors.referenceMin} inputMode="decimal" />
              <TextInput label={t('labs.referenceMax')} value={values.referenceMax} onChange={set('referenceMax', true)} error={errors.referenceMax} inputMode="decimal" />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={save.isPending}>
                {editing ? t('labs.update') : t('labs.add')}
              </Button>
              {editing && (
                <Button variant="default" onClick={() => (setEditing(null), setValues(emptyLab()))}>
                  {t('actions.cancel')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      )}
      {all.length === 0 ? (
        labs.isSuccess && <Text c="dimmed">{t('labs.none')}</Text>
      ) : (
        <>
          <SectionSelect
            label={t('labs.history')}
            placeholder={t('labs.allAnalytes')}
            data={analytes}
            value={filter}
            onChange={setFilter}
            clearable
            maw={360}
          />
          <Table.ScrollContainer minWidth={640}>
            <Table data-testid="labs-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('labs.date')}</Table.Th>
                  <Table.Th>{t('labs.analyte')}</Table.Th>
                  <Table.Th>{t('labs.value')}</Table.Th>
                  <Table.Th>{t('labs.range')}</Table.Th>
                  <Table.Th>{t('labs.status')}</Table.Th>
                  {!readOnly && <Table.Th>{t('list.colActions')}</Table.Th>}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((lab) => (
                  <LabRow
                    key={lab.id}
                    lab={lab}
                    readOnly={readOnly}
                    onEdit={() => {
                      setEditing(lab.id);
                      setValues({
                        date: formatDate(lab.date),
                        analyte: lab.analyte,
                        value: decimalText(lab.value),
                        unit: lab.unit ?? '',
                        referenceMin: decimalText(lab.referenceMin),
                        referenceMax: decimalText(lab.referenceMax),
                      });
                    }}
                    onDelete={() => remove.mutate(lab.id)}
                  />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Stack>
  );
}

function LabRow({ lab, readOnly, onEdit, onDelete }: { lab: LabResult; readOnly: boolean; onEdit: () => void; onDelete: () => void }) {
  const { t } = useTranslation('patients');
  const range =
    lab.referenceMin == null && lab.referenceMax == null
      ? '—'
      : lab.referenceMin == null
        ? `≤ ${formatNumber(lab.referenceMax, 'es-AR', 2)}`
        : lab.referenceMax == null
          ? `≥ ${formatNumber(lab.referenceMin, 'es-AR', 2)}`
          : `${formatNumber(lab.referenceMin, 'es-AR', 2)}–${formatNumber(lab.referenceMax, 'es-AR', 2)}`;
  return (
    <Table.Tr>
      <Table.Td>{formatDate(lab.date)}</Table.Td>
      <Table.Td>{lab.analyte}</Table.Td>
      <Table.Td>
        {formatNumber(lab.value, 'es-AR', 2)} {lab.unit ?? ''}
      </Table.Td>
      <Table.Td>{range}</Table.Td>
      <Table.Td>
        {lab.outOfRange ? (
          <Group gap={4} wrap="nowrap" c="red.8" data-testid="lab-out-of-range">
            <IconAlertTriangle size={16} aria-hidden />
            <Text size="sm" fw={600}>
              {t(`labs.${lab.outOfRange}`)}
            </Text>
          </Group>
        ) : lab.referenceMin == null && lab.referenceMax == null ? (
          // Without a range nothing can be called normal: say so, in a neutral colour.
          <Group gap={4} wrap="nowrap" c="dimmed" data-testid="lab-no-range">
            <IconMinus size={16} aria-hidden />
            <Text size="sm">{t('labs.noRange')}</Text>
          </Group>
        ) : (
          <Group gap={4} wrap="nowrap">
            <IconCircleCheck size={16} aria-hidden />
            <Text size="sm">{t('labs.normal')}</Text>
          </Group>
        )}
      </Table.Td>
      {!readOnly && (
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <ActionIcon variant="subtle" onClick={onEdit} aria-label={t('labs.editNamed', { analyte: lab.analyte })}>
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" onClick={onDelete} aria-label={t('labs.deleteNamed', { analyte: lab.analyte })}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
