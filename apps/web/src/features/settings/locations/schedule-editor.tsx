// Weekly hours of a place or a service: Monday first, several 'HH:mm' ranges per weekday. Validation
// (order, overlaps) is the server's; its 400 message shows as a toast and the editor keeps the input.
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCopy, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduleDays } from '../../appointments/api/appointments-api';

interface Range {
  start: string;
  end: string;
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

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

  const update = (weekday: number, next: Range[]) => setDays((current) => ({ ...current, [weekday]: next }));
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
                  <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
                    <TextInput placeholder="HH:mm" inputMode="numeric" maxLength={5}
                      label={t('schedule.from', { day: dayName, n: index + 1 })}
                      value={range.start}
                      onChange={(event) => update(weekday, ranges.map((r, i) => (i === index ? { ...r, start: event.currentTarget.value } : r)))}
                    />
                    <TextInput placeholder="HH:mm" inputMode="numeric" maxLength={5}
                      label={t('schedule.to', { day: dayName, n: index + 1 })}
                      value={range.end}
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
        {extraActions}
        <Button
          loading={saving}
          onClick={() =>
            onSave(WEEKDAYS.filter((w) => (days[w] ?? []).length > 0).map((weekday) => ({ weekday, ranges: days[weekday]! })))
          }
        >
          {t('schedule.save')}
        </Button>
      </Group>
    </Stack>
  );
}
