// The floating chat of the spec, on every main screen from 48em up (on a phone the chat is the header's
// icon, which opens /chat: one conversation at a time, full screen). A launcher (with the unread total)
// opens the 'Nuevo mensaje' window with the searchable contact list; each contact opens in its own window,
// so several conversations are open at once, side by side along the bottom edge, left of the launcher
// (lib/chat-windows.ts: as many as the screen's width holds — two at 1366 px — the most recently used
// ones; the rest wait as heads). Each window's header shows the contact's picture (initials without one)
// and the title ('Vos y {name}'), minimise and close; clicking the title toggles the contact list, from
// which another contact opens in its own window. Participants sit in numbered slots (lib/chat-heads.ts:
// at most 7 show, slot ≥ 6 swaps with 5 when opened); minimised windows and unread conversations show as
// round heads in a column above the launcher; close marks the participant inactive. Three window sizes
// of the spec (240×340, 360×510, 480×680) follow the screen width.
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { ActionIcon, Avatar, Badge, Group, Paper, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMediaQuery, useViewportSize } from '@mantine/hooks';
import { IconMessages, IconMinus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../../lib/current-user';
import { useRealtimeEvents } from '../../../lib/use-realtime';
import { chatApi } from '../api/chat-api';
import { closeHead, openHead, withUnread, type ChatHead } from '../lib/chat-heads';
import {
  DOCK_RIGHT,
  WINDOW_GAP,
  closeWindow,
  headsBesideWindows,
  minimiseWindow,
  openWindows,
  showWindow,
  windowsThatFit,
  type ChatWindowState,
} from '../lib/chat-windows';
import { ChatThread } from './chat-thread';
import { ConversationList } from './conversation-list';
import classes from './floating-chat.module.css';

type Contact = { patientId: string; name: string; photo: string | null };

interface WindowFrameProps {
  title: string;
  contact: Contact | null;
  showContacts: boolean;
  onToggleContacts: () => void;
  onMinimise: () => void;
  onClose: () => void;
  right: number;
  width: number;
  height: string;
  children: React.ReactNode;
}

/** One floating window: header (picture, title that toggles the contacts, minimise, close) and body. */
function WindowFrame({ title, contact, showContacts, onToggleContacts, onMinimise, onClose, right, width, height, children }: WindowFrameProps) {
  const { t } = useTranslation('portal');
  return (
    <Paper
      shadow="xl"
      radius="md"
      withBorder
      className={classes.window}
      style={{ width, height, right }}
      role="dialog"
      aria-label={title}
      data-testid="floating-chat"
      data-patient-id={contact?.patientId}
    >
      <Group justify="space-between" wrap="nowrap" className={classes.header}>
        <UnstyledButton onClick={onToggleContacts} className={classes.title} aria-expanded={showContacts} data-testid="floating-chat-title">
          <Group gap="xs" wrap="nowrap">
            {contact ? (
              // The contact's picture, or their initials when they have none (spec: the header shows who).
              <Avatar src={contact.photo} name={contact.name} color="initials" radius="xl" size={28} data-testid="floating-chat-avatar" aria-hidden />
            ) : null}
            <Text fw={700} c="white" truncate>
              {title}
            </Text>
          </Group>
        </UnstyledButton>
        <Group gap={4} wrap="nowrap">
          <ActionIcon variant="subtle" color="white" onClick={onMinimise} aria-label={t('chat.minimise')}>
            <IconMinus size={18} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="subtle" color="white" onClick={onClose} aria-label={t('chat.close')}>
            <IconX size={18} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>
      <div className={classes.body}>{children}</div>
    </Paper>
  );
}

/**
 * State that outlives the floating chat's component: it unmounts whenever the screen crosses the phone
 * breakpoint (a window resized, a tablet turned, a full-page capture) and on /chat, and the conversations
 * a person had open must be there when it comes back. Kept in the query cache under the account's id, so
 * signing out (auth.ts clears the cache) leaves nothing of one account's chats to the next.
 */
function useKeptState<T>(name: string, initial: T): [T, Dispatch<SetStateAction<T>>] {
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const account = me.data?.user.id ?? 'anonymous';
  const [value, setValue] = useState<T>(() => {
    // Kept until sign-out, not the 5 minutes of an unobserved query.
    queryClient.setQueryDefaults(['chat', 'floating-window-state'], { gcTime: Infinity });
    return queryClient.getQueryData<T>(['chat', 'floating-window-state', account, name]) ?? initial;
  });
  useEffect(() => {
    queryClient.setQueryData(['chat', 'floating-window-state', account, name], value);
  }, [queryClient, account, name, value]);
  return [value, setValue];
}

export function FloatingChat({ unread }: { unread: number }) {
  const { t } = useTranslation('portal');
  // The 'Nuevo mensaje' window (contact list), opened by the launcher.
  const [pickerOpen, setPickerOpen] = useKeptState('picker', false);
  const [windows, setWindows] = useKeptState<ChatWindowState[]>('windows', []);
  // Conversation windows showing their contact list instead of the conversation (the title toggles it).
  const [listing, setListing] = useKeptState<ReadonlySet<string>>('listing', new Set());
  const [clock, setClock] = useKeptState('clock', 1);
  const queryClient = useQueryClient();
  const contacts = useQuery({ queryKey: ['chat', 'conversations', 'heads'], queryFn: () => chatApi.conversations({ limit: 20 }) });
  useRealtimeEvents(['chat.message', 'chat.unread', 'realtime.reconnected'], () => {
    void queryClient.invalidateQueries({ queryKey: ['chat', 'conversations', 'heads'] });
  });
  const [heads, setHeads] = useKeptState<ChatHead[]>('heads', []);
  // New unread counts join the heads once per answer (state adjusted while rendering, not in an effect).
  const [mergedFrom, setMergedFrom] = useState<typeof contacts.data>(undefined);
  if (contacts.data && contacts.data !== mergedFrom) {
    setMergedFrom(contacts.data);
    setHeads((current) => withUnread(current, contacts.data.items));
  }

  const wide = useMediaQuery('(min-width: 75em)');
  const narrow = useMediaQuery('(max-width: 30em)');
  const size = narrow ? { w: 240, h: 340 } : wide ? { w: 480, h: 680 } : { w: 360, h: 510 };
  // Keep the windows inside short screens (a 768 px high laptop).
  const height = `min(${size.h}px, calc(100dvh - 120px))`;
  const { width: viewportWidth } = useViewportSize();
  const fit = windowsThatFit(viewportWidth || window.innerWidth, size.w);

  const setListingOf = (patientId: string, on: boolean) =>
    setListing((current) => {
      const next = new Set(current);
      if (on) next.add(patientId);
      else next.delete(patientId);
      return next;
    });

  /** Opens a contact in its own window (or restores and brings forward the one it has). */
  const openConversation = (c: Contact) => {
    setHeads((current) => openHead(current, c));
    setWindows((current) => showWindow(current, c.patientId, clock));
    setClock((n) => n + 1);
    setListingOf(c.patientId, false);
    setPickerOpen(false);
  };

  const launch = () => {
    if (typeof Notification !== 'undefined' && Notification.permission === 'default') void Notification.requestPermission().catch(() => undefined);
    setPickerOpen(true);
  };

  const open = openWindows(windows, heads, pickerOpen ? fit - 1 : fit);
  const sideHeads = headsBesideWindows(heads, open);
  const headOf = (patientId: string) => heads.find((h) => h.patientId === patientId);
  const rightOf = (index: number) => DOCK_RIGHT + index * (size.w + WINDOW_GAP);
  const listHeight = `calc(${height} - 130px)`;

  return (
    <>
      {/* The launcher with the heads above it, in one column that rises over a sticky save bar. */}
      <div className={classes.dock}>
        <div className={classes.launcher}>
          <Tooltip label={t('chat.open')} position="left">
            <ActionIcon size={52} radius="xl" className={classes.launcherButton} onClick={launch} aria-label={t('chat.open')} data-testid="floating-chat-launcher">
              <IconMessages size={26} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {unread > 0 && (
            <Badge size="sm" color="red" circle className={classes.badge} data-testid="floating-chat-unread">
              {unread}
            </Badge>
          )}
        </div>
        {sideHeads.map((head) => (
          <Tooltip key={head.patientId} label={head.name} position="left">
            <UnstyledButton
              className={classes.head}
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
      </div>
      {pickerOpen && (
        <WindowFrame
          title={t('chat.newMessage')}
          contact={null}
          showContacts
          onToggleContacts={() => undefined}
          onMinimise={() => setPickerOpen(false)}
          onClose={() => setPickerOpen(false)}
          right={rightOf(0)}
          width={size.w}
          height={height}
        >
          <div className={classes.contacts}>
            <ConversationList selected={null} onSelect={openConversation} height={listHeight} />
          </div>
        </WindowFrame>
      )}
      {open.map((w, index) => {
        const head = headOf(w.patientId);
        if (!head) return null;
        const showContacts = listing.has(w.patientId);
        return (
          <WindowFrame
            key={w.patientId}
            title={t('chat.titleWith', { name: head.name })}
            contact={head}
            showContacts={showContacts}
            onToggleContacts={() => setListingOf(w.patientId, !showContacts)}
            onMinimise={() => setWindows((current) => minimiseWindow(current, w.patientId))}
            onClose={() => {
              setHeads((all) => closeHead(all, w.patientId));
              setWindows((current) => closeWindow(current, w.patientId));
              setListingOf(w.patientId, false);
            }}
            right={rightOf(index + (pickerOpen ? 1 : 0))}
            width={size.w}
            height={height}
          >
            {showContacts ? (
              <div className={classes.contacts}>
                <ConversationList
                  selected={w.patientId}
                  onSelect={(c) => {
                    // Another contact opens in its own window; this one goes back to its conversation.
                    setListingOf(w.patientId, false);
                    openConversation(c);
                  }}
                  height={listHeight}
                />
              </div>
            ) : (
              <ChatThread endpoint={chatApi.practiceEndpoint(w.patientId)} height={`calc(${height} - 120px)`} active />
            )}
          </WindowFrame>
        );
      })}
    </>
  );
}
