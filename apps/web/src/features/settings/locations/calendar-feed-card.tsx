// The private iCalendar address of the agenda: opt-in, shown once when created or rotated, with the
// privacy warning (patients' names leave Almendra) next to the rotate and revoke actions.
import { Alert, Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import type { CalendarFeed } from '@almendra/contracts';
import { IconCalendarShare, IconCheck, IconCopy, IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../../lib/toast';
import { appointmentKeys, calendarFeedApi } from '../../appointments/api/appointments-api';
import { ConfirmDialog } from '../../appointments/components/confirm-dialog';
import { formatTime } from '../../appointments/lib/money';
import { formatDate } from '../../../lib/dates';

export function CalendarFeedCard() {
  const { t } = useTranslation('appointments');
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CalendarFeed | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const status = useQuery({ queryKey: appointmentKeys.feed, queryFn: ({ signal }) => calendarFeedApi.status(signal) });
  const create = useMutation({
    mutationFn: calendarFeedApi.create,
    onSuccess: async (feed) => {
      setCreated(feed);
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.feed });
    },
  });
  const revoke = useMutation({
    mutationFn: calendarFeedApi.revoke,
    onSuccess: async () => {
      setCreated(null);
      setConfirmRevoke(false);
      showSuccess(t('feed.revokedTitle'), t('feed.revoked'));
      await queryClient.invalidateQueries({ queryKey: appointmentKeys.feed });
    },
  });
  const active = status.data?.active ?? false;
  const since = status.data?.createdAt;

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="calendar-feed-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="calendar-feed-title">
          <IconCalendarShare size={20} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 8 }} />
          {t('feed.title')}
        </Title>
        <Text size="sm">{t('feed.description')}</Text>
        <Alert variant="light" color="yellow" icon={<IconShieldLock size={18} aria-hidden />} title={t('feed.privacyTitle')}>
          {t('feed.privacy')}
        </Alert>
        {created && (
          <Group align="flex-end" wrap="nowrap">
            <TextInput style={{ flex: 1 }} label={t('feed.url')} value={created.url} readOnly data-testid="feed-url" onFocus={(e) => e.currentTarget.select()} />
            <CopyButton value={created.url}>
              {({ copied, copy }) => (
                <Button variant={copied ? 'filled' : 'light'} leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} onClick={copy}>
                  {copied ? t('feed.copied') : t('feed.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
        {created && <Text size="xs" c="dimmed">{t('feed.shownOnce')}</Text>}
        {active && since && !created && (
          <Text size="sm" data-testid="feed-active">
            {t('feed.activeSince', { date: formatDate(since), time: formatTime(since) })}
          </Text>
        )}
        <Group>
          <Button loading={create.isPending} onClick={() => create.mutate()}>
            {active ? t('feed.rotate') : t('feed.create')}
          </Button>
          {active && (
            <Button variant="default" color="red" onClick={() => setConfirmRevoke(true)}>
              {t('feed.revoke')}
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirmRevoke}
        title={t('feed.revokeTitle')}
        message={t('feed.revokeBody')}
        confirmLabel={t('feed.revoke')}
        loading={revoke.isPending}
        onConfirm={() => revoke.mutate()}
        onClose={() => setConfirmRevoke(false)}
      />
    </Paper>
  );
}
