// Weekly hours of a place or a service: Monday first, several 'HH:mm' ranges per weekday. Before saving,
// the editor checks the week with the contract's own schema and marks every wrong field at once, next to
// its day and range (the server checks the same rules again; its answer shows as a toast).
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
// The one screen that validates with a contract's schema (settings, not a first-visit screen).
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { weeklyScheduleSchema } from '@almendra/contracts';
import { serverText } from '../../../lib/api-error';
import type { ScheduleDays } from '../../appointments/api/appointments-api';

interface Range {
  start: string;
  end: string;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** '9' → '09:00', '930' → '09:30', '9:5' stays as typed (the check names it); '' stays ''. */
export function normalizeTimeInput(text: string): string {
  const value = text.trim().replace('.', ':');
  const match = /^(\d{1,2})(?::?(\d{2}))?$/.exec(value);
  if (!match) return value;
  return `${match[1]!.padStart(2, '0')}:${match[2] ?? '00'}`;
}

type Field = 'start' | 'end';
/** `${weekday}.${rangeIndex}.${field}` → message. */
type ScheduleIssues = Record<string, string>;

/** Checks the week as the server will and keys each message by weekday, range and field. */
export function scheduleIssues(days: { weekday: number; ranges: Range[] }[]): ScheduleIssues {
  const parsed = weeklyScheduleSchema.safeParse({ days });
  const issues: ScheduleIssues = {};
  if (parsed.success) return issues;
  for (const issue of parsed.error.issues) {
    const [, dayIndex, , rangeIndex, field] = issue.path;
    const day = typeof dayIndex === 'number' ? days[dayIndex] : undefined;
    if (!day || typeof rangeIndex !== 'number') continue;
    const key = `${day.weekday}.${rangeIndex}.${field === 'end' ? 'end' : 'start'}`;
    issues[key] ??= serverText(issue.message);
  }
  return issues;
}

export interface ScheduleEditorProps {
  initial: ScheduleDays['days'];
  saving: boolean;
  onSave: (days: { weekday: number; ranges: Range[] }[]) => void;
  extraActions?: ReactNode;
}

export function ScheduleEditor({ initial, saving, onSave, extraActions }: ScheduleEditorProps) {
  const { t } = useTranslation('appointments');
  const [days, setDays] = useState<Record<number, Range[]>>(() =>
    Object.fromEntries(WEEKDAYS.map((weekday) => [weekday, initial.find((d) => d.weekday === weekday)?.ranges.map((r) => ({ ...r })) ?? []])),
  );

  const [issues, setIssues] = useState<ScheduleIssues>({});
  const issueOf = (weekday: number, index: number, field: Field) => issues[`${weekday}.${index}.${field}`];
  const update = (weekday: number, next: Range[]) => {
    setDays((current) => ({ ...current, [weekday]: next }));
    // A day's messages go once it is edited; the next save checks the whole week again.
    setIssues((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !key.startsWith(`${weekday}.`))));
  };
  const normalizeOnBlur = (weekday: number, index: number, field: Field) => {
    const ranges = days[weekday] ?? [];
    const value = ranges[index]?.[field] ?? '';
    const normalized = normalizeTimeInput(value);
    if (normalized !== value) setDays((current) => ({ ...current, [weekday]: ranges.map((r, i) => (i === index ? { ...r, [field]: normalized } : r)) }));
  };
  const save = () => {
    const week = WEEKDAYS.filter((w) => (days[w] ?? []).length > 0).map((weekday) => ({ weekday, ranges: days[weekday]! }));
    const found = scheduleIssues(week);
    setIssues(found);
    if (Object.keys(found).length === 0) onSave(week);
  };
  const issueCount = Object.keys(issues).length;
  // Most practices keep the same hours every day: one day's ranges, written once, replace the others'.
  const copyToOtherDays = (weekday: number) =>
    setDays((current) => Object.fromEntries(WEEKDAYS.map((w) => [w, (current[weekday] ?? []).map((r) => ({ ...r }))])));

  return (
    <Stack gap="sm" data-testid="schedule-editor">
      {WEEKDAYS.map((weekday) => {
        const dayName = t(`weekdays.${weekday}` as 'weekdays.1');
        const ranges = days[weekday] ?? [];
        return (
          <Paper key={weekday} withBorder p="sm" radius="sm" role="group" aria-label={dayName}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Text fw={600} w={100}>
                {dayName}
              </Text>
              <Stack gap="xs" style={{ flex: 1 }}>
                {ranges.length === 0 && (
                  <Text c="dimmed" size="sm">
                    {t('schedule.closed')}
                  </Text>
                )}
                {ranges.map((range, index) => (
                  <Group key={index} gap="xs" wrap="nowrap" align="flex-start">
                    <TextInput placeholder="HH:mm" inputMode="numeric" maxLength={5}
                      label={t('schedule.from', { day: dayName, n: index + 1 })}
                      value={range.start}
                      error={issueOf(weekday, index, 'start')}
                      onBlur={() => normalizeOnBlur(weekday, index, 'start')}
                      onChange={(event) => update(weekday, ranges.map((r, i) => (i === index ? { ...r, start: event.currentTarget.value } : r)))}
                    />
                    <TextInput placeholder="HH:mm" inputMode="numeric" maxLength={5}
                      label={t('schedule.to', { day: dayName, n: index + 1 })}
                      value={range.end}
                      error={issueOf(weekday, index, 'end')}
                      onBlur={() => normalizeOnBlur(weekday, index, 'end')}
                      onChange={(event) => update(weekday, ranges.map((r, i) => (i === index ? { ...r, end: event.currentTarget.value } : r)))}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={t('schedule.removeRange', { day: dayName, n: index + 1 })}
                      onClick={() => update(weekday, ranges.filter((_, i) => i !== index))}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
              <Stack gap={4} align="flex-end">
              <Button
                variant="light"
                size="xs"
                leftSection={<IconPlus size={14} aria-hidden />}
                aria-label={t('schedule.addRangeTo', { day: dayName })}
                onClick={() => {
                  const last = ranges[ranges.length - 1];
                  update(weekday, [...ranges, last ? { start: last.end, end: last.end } : { start: '09:00', end: '13:00' }]);
                }}
              >
                {t('schedule.addRange')}
              </Button>
              {ranges.length > 0 && (
                <Button
                  variant="subtle"
                  size="xs"
                  leftSection={<IconCopy size={14} aria-hidden />}
                  aria-label={t('schedule.copyToOthersFrom', { day: dayName })}
                  onClick={() => copyToOtherDays(weekday)}
                >
                  {t('schedule.copyToOthers')}
                </Button>
              )}
              </Stack>
            </Group>
          </Paper>
        );
      })}
      <Group justify="flex-end">
        {issueCount > 0 && (
          <Text c="red.8" size="sm" role="alert" data-testid="schedule-issues">
            {t('schedule.issues', { count: issueCount })}
          </Text>
        )}
        {extraActions}
        <Button loading={saving} onClick={save}>
          {t('schedule.save')}
        </Button>
      </Group>
    </Stack>
  );
}
