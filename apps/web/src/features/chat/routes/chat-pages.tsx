// /chat: every conversation of the practice on one page (contacts on the left, the open conversation on
// the right; on a phone one or the other), with a video-call button for the open patient.
import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useDocumentTitle, useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconVideo } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { Conversation } from '@almendra/contracts';
import { chatApi } from '../api/chat-api';
import { ChatThread } from '../components/chat-thread';
import { ConversationList } from '../components/conversation-list';

export function ChatPage() {
  const { t } = useTranslation(['portal', 'nav', 'common']);
  useDocumentTitle(`${t('nav:pages.chat')} · ${t('common:appName')}`);
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<{ id: string; name: string } | null>(params.get('paciente') ? { id: params.get('paciente')!, name: '' } : null);
  const phone = useMediaQuery('(max-width: 48em)');
  // A conversation whose portal access was revoked is kept to read only: no call can be placed from it.
  const [readOnly, setReadOnly] = useState<{ id: string; value: boolean } | null>(null);
  const select = (c: Conversation) => {
    setOpen({ id: c.patientId, name: c.name });
    setReadOnly({ id: c.patientId, value: !c.portalAccess });
    setParams({ paciente: c.patientId }, { replace: true });
  };
  const showList = !phone || !open;
  const showThread = !phone || open;
  return (
    <Stack gap="md">
      <Title order={1}>{t('nav:pages.chat')}</Title>
      <Group align="stretch" gap="md" wrap="nowrap">
        {showList && (
          <Paper withBorder radius="md" p="sm" w={phone ? '100%' : 320} style={{ flexShrink: 0 }}>
            <ConversationList selected={open?.id ?? null} onSelect={select} height={phone ? 'calc(100dvh - 260px)' : 520} />
          </Paper>
        )}
        {showThread && (
          <Paper withBorder radius="md" style={{ flex: 1, minWidth: 0 }} data-testid="chat-panel">
            {open ? (
              <Stack gap={0}>
                <Group justify="space-between" p="sm" wrap="nowrap" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
                  <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                    {phone && (
                      <ActionIcon variant="subtle" aria-label={t('portal:chat.backToContacts')} onClick={() => setOpen(null)}>
                        <IconArrowLeft size={18} aria-hidden />
                      </ActionIcon>
                    )}
                    <Title order={2} size="h4" data-testid="chat-title">
                      {open.name ? t('portal:chat.titleWith', { name: open.name }) : t('portal:chat.titleYou')}
                    </Title>
                  </Group>
                  {readOnly?.id === open.id && readOnly.value ? null : (
                  <Tooltip label={t('portal:video.call')}>
                    <Button
                      component={Link}
                      to={`/video-llamadas?paciente=${encodeURIComponent(open.id)}`}
                      variant="light"
                      leftSection={<IconVideo size={16} aria-hidden />}
                      data-testid="chat-video-call"
                      // The name wraps instead: on a 390 px phone the button was cut to "Videollama".
                      style={{ flexShrink: 0 }}
                    >
                      {t('portal:video.call')}
                    </Button>
                  </Tooltip>
                  )}
                </Group>
                <ChatThread
                  key={open.id}
                  endpoint={chatApi.practiceEndpoint(open.id)}
                  height={phone ? 'calc(100dvh - 330px)' : 470}
                  onReadOnly={(value) => setReadOnly({ id: open.id, value })}
                />
              </Stack>
            ) : (
              <Text c="dimmed" p="xl" ta="center">
                {t('portal:chat.pick')}
              </Text>
            )}
          </Paper>
        )}
      </Group>
    </Stack>
  );
}
