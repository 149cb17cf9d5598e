// The record's "Registro diario" tab: what the patient logged from the portal, by date range (the last
// 30 days by default), new entries marked and then marked seen; refreshed live when one arrives.
import { useEffect, useState } from 'react';
import { Button, EmptyState, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Patient } from '@almendra/contracts';
import { fieldErrors } from '../../../lib/api-error';
import { useRealtimeEvents } from '../../../lib/use-realtime';
import { formatDate, parseDateInput } from '../../patients/lib/format';
import { portalApi, portalKeys } from '../api/portal-api';
import { DailyLogDays } from './daily-log-days';

const iso = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/** A dd-mm-aaaa field that reports an ISO date once what is typed is a whole valid date. */
function DateBound({ label, value, onChange, error }: { label: string; value: string; onChange: (iso: string) => void; error?: string }) {
  const { t } = useTranslation('portal');
  const [text, setText] = useState(formatDate(value));
  return (
    <TextInput
      label={label}
      placeholder="dd-mm-aaaa"
      inputMode="numeric"
      w={150}
      value={text}
      onChange={(e) => {
        const next = e.currentTarget.value;
        setText(next);
        const parsed = parseDateInput(next);
        if (parsed) onChange(parsed);
      }}
      error={error ?? (text.trim() !== '' && !parseDateInput(text) ? t('dailyLog.dateHint') : undefined)}
    />
  );
}

export function DailyLogTab({ patient }: { patient: Patient }) {
  const { t } = useTranslation('portal');
  const queryClient = useQueryClient();
  const [to, setTo] = useState(() => iso(new Date()));
  const [from, setFrom] = useState(() => iso(new Date(Date.now() - 29 * 86_400_000)));
  const log = useQuery({ queryKey: portalKeys.patientLog(patient.id, from, to), queryFn: () => portalApi.patientLog(patient.id, { from, to }) });
  useRealtimeEvents(['dailylog.entry'], (event) => {
    if (event.patientId === patient.id) void queryClient.invalidateQueries({ queryKey: ['portal', 'patient-log', patient.id] });
  });
  // Marked seen on the server while this view keeps its "Nuevo" badges until the next visit.
  const seen = useMutation({
    mutationFn: () => portalApi.markLogSeen(patient.id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['portal', 'patient-log', patient.id, 'unseen'] }),
  });
  const errors = log.error ? fieldErrors(log.error) : {};
  const unseen = log.data?.unseenCount ?? 0;
  const markSeen = seen.mutate;
  // Opening the tab shows what is new (badges) and marks it seen for the next visit.
  useEffect(() => {
    if (unseen > 0) markSeen();
  }, [unseen, markSeen]);

  return (
    <Stack gap="md" data-testid="daily-log-tab">
      <Group align="flex-end" gap="sm">
        <DateBound label={t('dailyLog.from')} value={from} onChange={setFrom} error={errors.from} />
        <DateBound label={t('dailyLog.to')} value={to} onChange={setTo} />
        {unseen > 0 && (
          <Text size="sm" fw={600} data-testid="daily-log-unseen">
            {t('dailyLog.unseen', { count: unseen })}
          </Text>
        )}
      </Group>
      {log.isLoading && <Loader aria-label={t('chat.loading')} />}
      {log.data && log.data.days.length === 0 && <EmptyState size="sm" variant="light" icon={<IconNotebook size={24} aria-hidden />} description={t('dailyLog.empty')} data-testid="record-tab-empty" />}
      {log.data && log.data.days.length > 0 && <DailyLogDays days={log.data.days} showNew />}
      {seen.isError && <Button variant="subtle" onClick={() => seen.mutate()}>{t('dailyLog.markSeen')}</Button>}
    </Stack>
  );
}
