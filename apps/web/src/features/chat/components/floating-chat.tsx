// The floating chat of the spec, on every main screen: a launcher (with the unread total) opens a window
// whose header shows the contact's picture (initials without one) and the title ('Tú' / 'Tú y {name}'), minimise and close; clicking the title toggles
// the searchable contact list ('Nuevo mensaje' when no conversation is open). Three window sizes of the
// spec (240×340, 360×510, 480×680) follow the screen width. Opening it clears the current chat and
// shows the contacts; close also clears it and marks the participant inactive. Above the launcher, the
// participants that are active or have unread messages sit in numbered slots (lib/chat-heads.ts: at
// most 7, slot ≥ 6 swaps with 5 when opened), each opening its conversation.
import { useState } from 'react';
import { ActionIcon, Avatar, Badge, Group, Paper, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessages, IconMinus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRealtimeEvents } from '../../../lib/use-realtime';
import { chatApi } from '../api/chat-api';
import { HEAD_SPACING, closeHead, openHead, visibleHeads, withUnread, type ChatHead } from '../lib/chat-heads';
import { ChatThread } from './chat-thread';
import { ConversationList } from './conversation-list';
import classes from './floating-chat.module.css';

export function FloatingChat({ unread }: { unread: number }) {
  const { t } = useTranslation('portal');
  const [open, setOpen] = useState(false);
  const [minimised, setMinimised] = useState(false);
  const [current, setCurrent] = useState<{ id: string; name: string; photo: string | null } | null>(null);
  const [showContacts, setShowContacts] = useState(true);
  const queryClient = useQueryClient();
  const contacts = useQuery({ queryKey: ['chat', 'conversations', 'heads'], queryFn: () => chatApi.conversations({ limit: 20 }) });
  useRealtimeEvents(['chat.message', 'chat.unread', 'realtime.reconnected'], () => {
    void queryClient.invalidateQueries({ queryKey: ['chat', 'conversations', 'heads'] });
  });
  const [heads, setHeads] = useState<ChatHead[]>([]);
  // New unread counts join the heads once per answer (state adjusted while rendering, not in an effect).
  const [mergedFrom, setMergedFrom] = useState<typeof contacts.data>(undefined);
  if (contacts.data && contacts.data !== mergedFrom) {
    setMergedFrom(contacts.data);
    setHeads((current) => withUnread(current, contacts.data.items));
  }
  const openConversation = (c: { patientId: string; name: string; photo: string | null }) => {
    setHeads((current) => openHead(current, c));
    setCurrent({ id: c.patientId, name: c.name, photo: c.photo });
    setShowContacts(false);
    setMinimised(false);
    setOpen(true);
  };
  const wide = useMediaQuery('(min-width: 75em)');
  const narrow = useMediaQuery('(max-width: 30em)');
  const size = narrow ? { w: 240, h: 340 } : wide ? { w: 480, h: 680 } : { w: 360, h: 510 };
  // Keep the window inside short screens (a 768 px high laptop).
  const height = `min(${size.h}px, calc(100dvh - 120px))`;

  const launch = () => {
    if (typeof Notification !== 'undefined' && Notification.permission === 'default') void Notification.requestPermission().catch(() => undefined);
    setCurrent(null);
    setShowContacts(true);
    setMinimised(false);
    setOpen(true);
  };
  const title = current ? t('chat.titleWith', { name: current.name }) : showContacts ? t('chat.newMessage') : t('chat.titleYou');

  const shownHeads = !open || minimised ? visibleHeads(heads) : [];
  return (
    <>
      {shownHeads.map((head, index) => (
        <Tooltip key={head.patientId} label={head.name} position="left">
          <UnstyledButton
            className={classes.head}
            style={{ bottom: 24 + (index + 1) * HEAD_SPACING.bottom }}
            onClick={() => openConversation(head)}
            aria-label={head.unread > 0 ? t('chat.headUnread', { name: head.name, count: head.unread }) : t('chat.headOpen', { name: head.name })}
            data-testid="floating-chat-head"
            data-slot={head.slot}
          >
            <Avatar src={head.photo} name={head.name} color="initials" radius="xl" size={48} />
            {head.unread > 0 && (
              <Badge size="sm" color="red" circle className={classes.badge}>
                {head.unread}
              </Badge>
            )}
          </UnstyledButton>
        </Tooltip>
      ))}
      {(!open || minimised) && (
        <div className={classes.launcher}>
          <Tooltip label={t('chat.open')} position="left">
            <ActionIcon size={52} radius="xl" className={classes.launcherButton} onClick={open ? () => setMinimised(false) : launch} aria-label={t('chat.open')} data-testid="floating-chat-launcher">
              <IconMessages size={26} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {unread > 0 && (
            <Badge size="sm" color="red" circle className={classes.badge} data-testid="floating-chat-unread">
              {unread}
            </Badge>
          )}
        </div>
      )}
      {open && !minimised && (
        <Paper shadow="xl" radius="md" withBorder className={classes.window} style={{ width: size.w, height }} role="dialog" aria-label={title} data-testid="floating-chat">
          <Group justify="space-between" wrap="nowrap" className={classes.header}>
            <UnstyledButton onClick={() => setShowContacts((v) => !v)} className={classes.title} aria-expanded={showContacts} data-testid="floating-chat-title">
              <Group gap="xs" wrap="nowrap">
                {current ? (
                  // The contact's picture, or their initials when they have none (spec: the header shows who).
                  <Avatar src={current.photo} name={current.name} color="initials" radius="xl" size={28} data-testid="floating-chat-avatar" aria-hidden />
                ) : null}
                <Text fw={700} c="white" truncate>
                  {title}
                </Text>
              </Group>
            </UnstyledButton>
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" color="white" onClick={() => setMinimised(true)} aria-label={t('chat.minimise')}>
                <IconMinus size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="white"
                onClick={() => {
                  if (current) setHeads((all) => closeHead(all, current.id));
                  setOpen(false);
                  setCurrent(null);
                }}
                aria-label={t('chat.close')}
              >
                <IconX size={18} aria-hidden />
              </ActionIcon>
            </Group>
          </Group>
          <div className={classes.body}>
            {showContacts || !current ? (
              <div className={classes.contacts}>
                <ConversationList
                  selected={current?.id ?? null}
                  onSelect={openConversation}
                  height={`calc(${height} - 130px)`}
                />
              </div>
            ) : (
              <ChatThread key={current.id} endpoint={chatApi.practiceEndpoint(current.id)} height={`calc(${height} - 120px)`} active={!minimised} />
            )}
          </div>
        </Paper>
      )}
    </>
  );
}
