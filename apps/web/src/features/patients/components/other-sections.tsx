// Record sections saved on their own: pathological background and habits (documents with a
// version), reminders and physical activity (small rows).
import { useState } from 'react';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  } from '@mantine/core';
import { AutoTextarea } from '../../../components/auto-textarea';
import { IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Background, Habits, Patient } from '@almendra/contracts';
import { fieldErrors, patientKeys, patientsApi } from '../api/patients-api';
import { filterDecimal, formatDate, parseDateInput, parseDecimal } from '../lib/format';
import { showError, showSuccess } from '../../../lib/toast';
import { preventEnterSubmit } from './form-keys';
import { SectionSelect } from './section-combobox';

const CONDITIONS = [
  'diabetes',
  'hypertension',
  'dyslipidemia',
  'thyroidDisease',
  'celiacDisease',
  'kidneyDisease',
  'liverDisease',
  'cardiovascularDisease',
  'gastrointestinalDisease',
  'anemia',
  'eatingDisorder',
  'polycysticOvarySyndrome',
  'osteoporosis',
  'cancer',
] as const satisfies readonly (keyof Background['conditions'])[];
const BACKGROUND_TEXTS = ['diseases', 'surgeries', 'medications', 'allergies', 'foodIntolerances', 'familyHistory', 'notes'] as const;

interface SectionProps {
  patient: Patient;
  readOnly: boolean;
}

function SaveBar({ pending, readOnly }: { pending: boolean; readOnly: boolean }) {
  const { t } = useTranslation('patients');
  if (readOnly) return null;
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={pending}>
        {t('actions.save')}
      </Button>
    </Group>
  );
}

export function BackgroundSection({ patient, readOnly }: SectionProps) {
  const key = patientKeys.section(patient.id, 'background');
  const doc = useQuery({ queryKey: key, queryFn: () => patientsApi.background(patient.id) });
  if (!doc.data) return null;
  return <BackgroundForm key={doc.data.version} patient={patient} readOnly={readOnly} initial={doc.data} />;
}

function BackgroundForm({ patient, readOnly, initial }: SectionProps & { initial: Background }) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const key = patientKeys.section(patient.id, 'background');
  const [draft, setDraft] = useState<Background>(initial);
  const save = useMutation({
    mutationFn: (d: Background) =>
      patientsApi.saveBackground(patient.id, {
        version: d.version,
        conditions: d.conditions,
        ...Object.fromEntries(BACKGROUND_TEXTS.map((f) => [f, d[f] ?? ''])),
      }),
    meta: { silent: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      showSuccess(t('record.savedTitle'), t('background.saved'));
    },
    onError: showError,
  });
  const errors = fieldErrors(save.error);
  return (
    <form
      noValidate
      onKeyDown={preventEnterSubmit}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(draft);
      }}
    >
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          {/* Inside a Checkbox.Group each box shows the group's value, not its own `checked`: the group
              must be controlled from the saved conditions, or a saved tick shows empty after a reload. */}
          <Checkbox.Group
            label={t('background.conditions')}
            value={CONDITIONS.filter((c) => draft.conditions[c])}
            onChange={(ticked) =>
              setDraft({ ...draft, conditions: { ...draft.conditions, ...Object.fromEntries(CONDITIONS.map((c) => [c, ticked.includes(c)])) } })
            }
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
              {CONDITIONS.map((c) => (
                <Checkbox key={c} value={c} label={t(`background.${c}`)} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {BACKGROUND_TEXTS.map((f) => (
              <AutoTextarea
                key={f}
                label={t(`background.${f}`)}
                value={draft[f] ?? ''}
                onChange={(e) => setDraft({ ...draft, [f]: e.currentTarget.value })}
                error={errors[f]}
                minRows={2}
                max={f === 'notes' ? 4000 : 2000}
              />
            ))}
          </SimpleGrid>
          <SaveBar pending={save.isPending} readOnly={readOnly} />
        </Stack>
      </fieldset>
    </form>
  );
}

const HABIT_NUMBERS = [
  'mealsPerDay',
  'waterLitersPerDay',
  'sleepHoursPerDay',
  'bowelMovementsPerWeek',
  'caffeineCupsPerDay',
  'eatsOutPerWeek',
  'cigarettesPerDay',
] as const;

export function HabitsSection({ patient, readOnly }: SectionProps) {
  const key = patientKeys.section(patient.id, 'habits');
  const doc = useQuery({ queryKey: key, queryFn: () => patientsApi.habits(patient.id) });
  if (!doc.data) return null;
  return <HabitsForm key={doc.data.version} patient={patient} readOnly={readOnly} initial={doc.data} />;
}

function habitsDraft(habits: Habits): Record<string, string> {
  const d = habits as Habits & Record<string, unknown>;
  const next: Record<string, string> = {};
  for (const f of HABIT_NUMBERS) next[f] = d[f] == null ? '' : String(d[f]).replace('.', ',');
  for (const f of ['alcohol', 'smoking', 'appetite', 'whoCooks', 'notes']) next[f] = (d[f] as string | null) ?? '';
  return next;
}

function HabitsForm({ patient, readOnly, initial }: SectionProps & { initial: Habits }) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const key = patientKeys.section(patient.id, 'habits');
  const [draft, setDraft] = useState<Record<string, string>>(() => habitsDraft(initial));
  const save = useMutation({
    mutationFn: () => {
      const body: Record<string, unknown> = { version: initial.version };
      for (const f of HABIT_NUMBERS) body[f] = parseDecimal(draft[f] ?? '');
      for (const f of ['alcohol', 'smoking', 'appetite']) body[f] = draft[f] || null;
      body.whoCooks = draft.whoCooks ?? '';
      body.notes = draft.notes ?? '';
      return patientsApi.saveHabits(patient.id, body);
    },
    meta: { silent: true },
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      showSuccess(t('record.savedTitle'), t('habits.saved'));
    },
    onError: showError,
  });
  const errors = fieldErrors(save.error);
  const choice = (field: 'alcohol' | 'smoking' | 'appetite', options: readonly string[]) => (
    <SectionSelect
      label={t(`habits.${field}`)}
      data={options.map((o) => ({ value: o, label: t(`habits.options.${field}.${o}` as 'habits.options.alcohol.none') }))}
      value={draft[field] || null}
      onChange={(v) => setDraft({ ...draft, [field]: v ?? '' })}
      error={errors[field]}
      clearable
    />
  );
  return (
    <form
      noValidate
      onKeyDown={preventEnterSubmit}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <fieldset disabled={readOnly} style={{ border: 0, padding: 0, margin: 0 }}>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {HABIT_NUMBERS.map((f) => (
              <TextInput
                key={f}
                label={t(`habits.${f}`)}
                value={draft[f] ?? ''}
                onChange={(e) => setDraft({ ...draft, [f]: filterDecimal(e.currentTarget.value) })}
                error={errors[f]}
                inputMode="decimal"
              />
            ))}
            {choice('alcohol', ['none', 'occasional', 'weekly', 'daily'])}
            {choice('smoking', ['never', 'former', 'current'])}
            {choice('appetite', ['low', 'normal', 'high'])}
            <TextInput
              label={t('habits.whoCooks')}
              value={draft.whoCooks ?? ''}
              onChange={(e) => setDraft({ ...draft, whoCooks: e.currentTarget.value })}
              error={errors.whoCooks}
            />
          </SimpleGrid>
          <AutoTextarea
            label={t('habits.notes')}
            value={draft.notes ?? ''}
            onChange={(e) => setDraft({ ...draft, notes: e.currentTarget.value })}
            error={errors.notes}
            minRows={2}
            max={4000}
          />
          <SaveBar pending={save.isPending} readOnly={readOnly} />
        </Stack>
      </fieldset>
    </form>
  );
}

export function RemindersSection({ patient, readOnly }: SectionProps) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const key = patientKeys.section(patient.id, 'reminders');
  const list = useQuery({ queryKey: key, queryFn: () => patientsApi.reminders(patient.id) });
  const [text, setText] = useState('');
  const [due, setDue] = useState('');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: () => patientsApi.addReminder(patient.id, { text, dueDate: parseDateInput(due) }),
    meta: { silent: true },
    onSuccess: () => {
      setText('');
      setDue('');
      refresh();
    },
    onError: showError,
  });
  const toggle = useMutation({
    mutationFn: ({ id, done }: { id: string; done: boolean }) => patientsApi.updateReminder(id, { done }),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: (id: string) => patientsApi.deleteReminder(id), onSuccess: refresh });
  const errors = fieldErrors(add.error);
  return (
    <Stack>
      {(list.data ?? []).length === 0 && list.isSuccess && <Text c="dimmed">{t('reminders.none')}</Text>}
      {(list.data ?? []).map((r) => (
        <Group key={r.id} justify="space-between" wrap="nowrap">
          <Checkbox
            label={`${r.text}${r.dueDate ? ` · ${formatDate(r.dueDate)}` : ''}`}
            checked={r.done}
            disabled={readOnly}
            onChange={(e) => toggle.mutate({ id: r.id, done: e.currentTarget.checked })}
          />
          {!readOnly && (
            <ActionIcon variant="subtle" color="red" onClick={() => remove.mutate(r.id)} aria-label={t('reminders.delete', { text: r.text })}>
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          )}
        </Group>
      ))}
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
            <TextInput label={t('reminders.text')} value={text} onChange={(e) => setText(e.currentTarget.value)} error={errors.text} style={{ flexGrow: 1 }} />
            <TextInput label={t('reminders.dueDate')} placeholder={t('datePlaceholder')} value={due} onChange={(e) => setDue(e.currentTarget.value)} error={errors.dueDate} />
            <Button type="submit" mt={25} loading={add.isPending}>
              {t('reminders.add')}
            </Button>
          </Group>
        </form>
      )}
    </Stack>
  );
}

export function ActivitySection({ patient, readOnly }: SectionProps) {
  const { t } = useTranslation('patients');
  const queryClient = useQueryClient();
  const key = patientKeys.section(patient.id, 'activities');
  const list = useQuery({ queryKey: key, queryFn: () => patientsApi.activities(patient.id) });
  const [activity, setActivity] = useState('');
  const [frequency, setFrequency] = useState('');
  const [duration, setDuration] = useState('');
  const [intensity, setIntensity] = useState<string | null>('moderate');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });
  const add = useMutation({
    mutationFn: () =>
      patientsApi.addActivity(patient.id, {
        activity,
        frequencyPerWeek: parseDecimal(frequency) ?? Number.NaN,
        durationMinutes: parseDecimal(duration) ?? Number.NaN,
        intensity,
      }),
    meta: { silent: true },
    onSuccess: () => {
      setActivity('');
      setFrequency('');
      setDuration('');
      refresh();
    },
    onError: showError,
  });
  const remove = useMutation({ mutationFn: (id: string) => patientsApi.deleteActivity(id), onSuccess: refresh });
  const errors = fieldErrors(add.error);
  const items = list.data ?? [];
  return (
    <Stack>
      {items.length === 0 && list.isSuccess ? (
        <Text c="dimmed">{t('activity.none')}</Text>
      ) : (
        items.length > 0 && (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('activity.activity')}</Table.Th>
                <Table.Th>{t('activity.frequency')}</Table.Th>
                <Table.Th>{t('activity.duration')}</Table.Th>
                <Table.Th>{t('activity.intensity')}</Table.Th>
                <Table.Th>{t('activity.weekly')}</Table.Th>
                {!readOnly && <Table.Th>{t('list.colActions')}</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.activity}</Table.Td>
                  <Table.Td>{a.frequencyPerWeek}</Table.Td>
                  <Table.Td>{a.durationMinutes}</Table.Td>
                  <Table.Td>{t(`activity.levels.${a.intensity}`)}</Table.Td>
                  <Table.Td>{a.weeklyMinutes}</Table.Td>
                  {!readOnly && (
                    <Table.Td>
                      <ActionIcon variant="subtle" color="red" onClick={() => remove.mutate(a.id)} aria-label={t('activity.delete', { activity: a.activity })}>
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )
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
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, sm: 4 }}>
              <TextInput label={t('activity.activity')} value={activity} onChange={(e) => setActivity(e.currentTarget.value)} error={errors.activity} />
              <TextInput label={t('activity.frequency')} value={frequency} onChange={(e) => setFrequency(filterDecimal(e.currentTarget.value))} error={errors.frequencyPerWeek} inputMode="numeric" />
              <TextInput label={t('activity.duration')} value={duration} onChange={(e) => setDuration(filterDecimal(e.currentTarget.value))} error={errors.durationMinutes} inputMode="numeric" />
              <SectionSelect
                label={t('activity.intensity')}
                data={(['low', 'moderate', 'high'] as const).map((l) => ({ value: l, label: t(`activity.levels.${l}`) }))}
                value={intensity}
                onChange={setIntensity}
                error={errors.intensity}
                allowDeselect={false}
              />
            </SimpleGrid>
            <Group>
              <Button type="submit" loading={add.isPending}>
                {t('activity.add')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
