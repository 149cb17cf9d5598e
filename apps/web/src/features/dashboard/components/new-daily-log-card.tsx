// /inicio's 'Registros diarios nuevos' card (issue 24): practice-wide, the patients who wrote in their
// daily log since the practice last read it (GET /daily-log/new), newest first, each with its count and a
// link to the record's Registro diario tab (opening it marks them read). Live: a new entry refreshes it.
import { Anchor, Badge, Group, Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconNotebook } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NewDailyLog } from '@almendra/contracts';
import { api } from '../../../lib/api-client';
import { useRealtimeEvents } from '../../../lib/use-realtime';
import { formatCalendarDate } from '../../../lib/dates';

const newDailyLogKey = ['daily-log', 'new'] as const;
const SHOWN = 5;

export function NewDailyLogCard() {
  const { t } = useTranslation('dashboard');
  const queryClient = useQueryClient();
  const news = useQuery({ queryKey: newDailyLogKey, queryFn: ({ signal }) => api.get<NewDailyLog>('/daily-log/new', { signal }), meta: { silent: true } });
  useRealtimeEvents(['dailylog.entry', 'realtime.reconnected'], () => {
    void queryClient.invalidateQueries({ queryKey: newDailyLogKey });
  });
  const data = news.data;
  if (!data || data.items.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dashboard-daily-log" data-testid="dashboard-daily-log">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id="dashboard-daily-log">
          <IconNotebook size={18} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 8 }} />
          {t('dailyLog.title')}
        </Title>
        <Badge color="red" circle={data.total < 10} data-testid="dashboard-daily-log-badge">
          <span aria-hidden>{data.total}</span>
          <VisuallyHidden>{t('dailyLog.total', { count: data.total })}</VisuallyHidden>
        </Badge>
      </Group>
      <Stack gap={6}>
        {data.items.slice(0, SHOWN).map((item) => (
          <Group key={item.patientId} justify="space-between" wrap="nowrap" data-testid="dashboard-daily-log-item">
            <Anchor component={Link} to={`/ficha?id=${encodeURIComponent(item.patientId)}&tab=registro-diario`}>
              {item.name}
            </Anchor>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {t('dailyLog.entries', { count: item.unseenCount, date: formatCalendarDate(item.latestDate) })}
            </Text>
          </Group>
        ))}
        {data.items.length > SHOWN ? (
          <Text size="sm" c="dimmed">
            {t('dailyLog.more', { count: data.items.length - SHOWN })}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}
