// The floating chat of the spec, on every main screen: a launcher (with the unread total) opens a window
// whose header shows the title ('Tú' / 'Tú y {name}'), minimise and close; clicking the title toggles
// the searchable contact list ('Nuevo mensaje' when no conversation is open). Three window sizes of the
// spec (240×340, 360×510, 480×680) follow the screen width. Opening it clears the current chat and
// shows the contacts; close also clears it.
import { useState } from 'react';
import { ActionIcon, Badge, Group, Paper, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconMessages, IconMinus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { chatApi } from '../api/chat-api';
import { ChatThread } from './chat-thread';
import { ConversationList } from './conversation-list';
import classes from './floating-chat.module.css';

export function FloatingChat({ unread }: { unread: number }) {
  const { t } = useTranslation('portal');
  const [open, setOpen] = useState(false);
  const [minimised, setMinimised] = useState(false);
  const [current, setCurrent] = useState<{ id: string; name: string } | null>(null);
  const [showContacts, setShowContacts] = useState(true);
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

  return (
    <>
      {(!open || minimised) && (
        <Tooltip label={t('chat.open')} position="left">
          <ActionIcon size={52} radius="xl" className={classes.launcher} onClick={open ? () => setMinimised(false) : launch} aria-label={t('chat.open')} data-testid="floating-chat-launcher">
            <IconMessages size={26} aria-hidden />
            {unread > 0 && (
              <Badge size="sm" color="red" circle className={classes.badge} data-testid="floating-chat-unread">
                {unread}
              </Badge>
            )}
          </ActionIcon>
        </Tooltip>
      )}
      {open && !minimised && (
        <Paper shadow="xl" radius="md" withBorder className={classes.window} style={{ width: size.w, height }} role="dialog" aria-label={title} data-testid="floating-chat">
          <Group justify="space-between" wrap="nowrap" className={classes.header}>
            <UnstyledButton onClick={() => setShowContacts((v) => !v)} className={classes.title} aria-expanded={showContacts} data-testid="floating-chat-title">
              <Text fw={700} c="white" truncate>
                {title}
              </Text>
            </UnstyledButton>
            <Group gap={4} wrap="nowrap">
              <ActionIcon variant="subtle" color="white" onClick={() => setMinimised(true)} aria-label={t('chat.minimise')}>
                <IconMinus size={18} aria-hidden />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="white"
                onClick={() => {
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
                  onSelect={(c) => {
                    setCurrent({ id: c.patientId, name: c.name });
                    setShowContacts(false);
                  }}
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
