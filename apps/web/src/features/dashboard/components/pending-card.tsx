// /inicio's 'Pendientes' card: what is waiting for the nutritionist — unread chat messages (by
// patient), unseen appointment requests, unseen news and plans left in draft. The counts stay live: chat.unread
// events update the unread total, and the request count is the side menu's own query.
import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconFileText, IconMessages, IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { draftPlansQuery } from '../api/dashboard-queries';
import { chatApi, chatKeys } from '../../chat/api/chat-api';
import { useUnreadTotal } from '../../chat/lib/unread';
import { unseenRequestsQuery } from '../../marketing/api/unseen-requests';
import { unseenNewsQuery } from '../../help/api/help-api';

const DRAFTS_SHOWN = 5;
const CONVERSATIONS_SHOWN = 3;

export function PendingCard() {
  const { t } = useTranslation('dashboard');
  const unreadTotal = useUnreadTotal();
  const unseen = useQuery(unseenRequestsQuery());
  const conversations = useQuery({
    queryKey: [...chatKeys.conversations(''), 'dashboard', unreadTotal],
    queryFn: () => chatApi.conversations({ limit: 20 }),
    enabled: unreadTotal > 0,
    meta: { silent: true },
  });
  const drafts = useQuery(draftPlansQuery());
  const news = useQuery(unseenNewsQuery());
  const unseenCount = unseen.data?.count ?? 0;
  const unseenNews = news.data?.count ?? 0;
  const unreadConversations = (conversations.data?.items ?? []).filter((c) => c.unreadCount > 0).slice(0, CONVERSATIONS_SHOWN);
  const draftItems = (drafts.data?.items ?? []).slice(0, DRAFTS_SHOWN);

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dashboard-pending" data-testid="dashboard-pending">
      <Title order={2} size="h4" id="dashboard-pending" mb="md">
        {t('pending.title')}
      </Title>
      <Stack gap="md">
        {unreadTotal === 0 && unseenCount === 0 && unseenNews === 0 && <Text c="dimmed">{t('pending.nothing')}</Text>}
        {unreadTotal > 0 && (
          <Stack gap={6} data-testid="dashboard-unread">
            <Group gap="xs" wrap="nowrap">
              <IconMessages size={18} aria-hidden />
              <Anchor component={Link} to="/chat" fw={600}>
                {t('pending.unread', { count: unreadTotal })}
              </Anchor>
            </Group>
            {unreadConversations.map((c) => (
              <Group key={c.patientId} gap="xs" pl={26} wrap="nowrap">
                <Anchor component={Link} to={`/chat?paciente=${encodeURIComponent(c.patientId)}`} size="sm">
                  {c.name}
                </Anchor>
                <Badge size="sm" color="red" circle={c.unreadCount < 10}>
                  {c.unreadCount}
                </Badge>
              </Group>
            ))}
          </Stack>
        )}
        {unseenCount > 0 && (
          <Group gap="xs" wrap="nowrap" data-testid="dashboard-unseen-requests">
            <IconSpeakerphone size={18} aria-hidden />
            <Anchor component={Link} to="/marketing" fw={600}>
              {t('pending.requests', { count: unseenCount })}
            </Anchor>
          </Group>
        )}
        {unseenNews > 0 && (
          <Group gap="xs" wrap="nowrap" data-testid="dashboard-unseen-news">
            <IconBell size={18} aria-hidden />
            <Anchor component={Link} to="/novedades" fw={600}>
              {t('pending.news', { count: unseenNews })}
            </Anchor>
          </Group>
        )}
        <Stack gap={6} data-testid="dashboard-drafts">
          <Group gap="xs" wrap="nowrap">
            <IconFileText size={18} aria-hidden />
            <Text fw={600}>{t('pending.drafts')}</Text>
          </Group>
          {drafts.isError ? (
            <Text c="dimmed" size="sm" pl={26}>
              {t('pending.error')}
            </Text>
          ) : drafts.isSuccess && draftItems.length === 0 ? (
            <Text c="dimmed" size="sm" pl={26}>
              {t('pending.draftsEmpty')}
            </Text>
          ) : (
            draftItems.map((plan) => (
              <Anchor key={plan.id} component={Link} to={`/detalle-de-plan?id=${encodeURIComponent(plan.id)}`} size="sm" pl={26}>
                {plan.title} · {plan.patientName ?? t('pending.draftWithoutPatient')}
              </Anchor>
            ))
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
