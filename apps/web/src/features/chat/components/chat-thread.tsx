// One conversation: the last 10 messages (10 more when scrolled to the top), new ones as they arrive
// over the socket (each once; what was missed while offline is fetched after a reconnect), delivered
// and read marks, and the message box (Enter sends, Shift+Enter new line, Escape clears; empty text
// sends nothing). Messages are plain text: React escapes them, nothing is ever rendered as HTML.
// A message written without a connection waits on the device (lib/outbox: it survives a reload) and
// goes out by itself when the browser is back online, with the clientId it got when written. A
// conversation whose patient lost portal access is shown to read only.
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Box, Button, Group, Loader, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { AutoTextarea } from '../../../components/auto-textarea';
import { IconCheck, IconChecks, IconClock, IconAlertCircle, IconCloudUpload, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CHAT_PAGE_DEFAULT, CHAT_TEXT_MAX } from '@almendra/contracts/constants';
import type { ChatMessage } from '@almendra/contracts';
import { useRealtimeEvents } from '../../../lib/use-realtime';
import { showError } from '../../../lib/toast';
import { ApiError, NETWORK_ERROR } from '../../../lib/api-error';
import type { ChatEndpoint } from '../api/chat-api';
import { addToOutbox, readOutbox, removeFromOutbox } from '../lib/outbox';
import { EMPTY_THREAD, composerKeyAction, lastConfirmedId, threadReducer, type ThreadMessage } from '../lib/thread-state';
import classes from './chat.module.css';
import { formatMessageTime } from '../../../lib/dates';

/** The spec scrolls to the newest message 1,000 ms after a chat opens (images and fonts have settled). */
const SCROLL_DOWN_DELAY_MS = 1000;

export interface ChatThreadProps {
  endpoint: ChatEndpoint;
  /** Height of the message list (the floating window is smaller than the full page); 'fill' takes the
   * height of the parent (a flex column of fixed height), the message box always at its bottom. */
  height: number | string | 'fill';
  /** Mark incoming messages read while this thread is shown (false when minimised). */
  active?: boolean;
  /** Told whether the conversation is read-only (portal access revoked), once the server has said. */
  onReadOnly?: (readOnly: boolean) => void;
}

// No answer at all, or a gateway saying the server is not reachable: the message waits, it was not refused.
const isNetworkError = (error: unknown) => error instanceof ApiError && (error.status === 0 || error.code === NETWORK_ERROR || error.status === 502 || error.status === 503 || error.status === 504);

const newClientId = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

export function ChatThread({ endpoint, height, active = true, onReadOnly }: ChatThreadProps) {
  const { t } = useTranslation('portal');
  const [state, dispatch] = useReducer(threadReducer, EMPTY_THREAD);
  const [loading, setLoading] = useState(true);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [text, setText] = useState('');
  const [readOnly, setReadOnly] = useState(false);
  const onReadOnlyRef = useRef(onReadOnly);
  useEffect(() => {
    onReadOnlyRef.current = onReadOnly;
  });
  const flushing = useRef(false);
  const viewport = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  const stateRef = useRef(state);
  const { patientId, side } = endpoint;
  const endpointRef = useRef(endpoint);
  const activeRef = useRef(active);
  useLayoutEffect(() => {
    stateRef.current = state;
    endpointRef.current = endpoint;
    activeRef.current = active;
  });

  const scrollToEnd = useCallback(() => {
    const el = viewport.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, []);

  const markReadIfShown = useCallback((messages: ChatMessage[]) => {
    if (activeRef.current && messages.some((m) => m.sender !== endpointRef.current.side && !m.readAt)) {
      void endpointRef.current.markRead().catch(() => undefined);
    }
  }, []);

  /** One attempt; answers false when there is no connection (the message stays queued on the device). */
  const attempt = useCallback(async (body: string, clientId: string): Promise<boolean> => {
    const { side: from, patientId: to } = endpointRef.current;
    try {
      const saved = await endpointRef.current.send({ text: body, clientId });
      removeFromOutbox(from, to, clientId);
      dispatch({ type: 'arrived', messages: [saved] });
      return true;
    } catch (error) {
      if (isNetworkError(error)) {
        dispatch({ type: 'queued', clientId });
        return false;
      }
      // Refused by the server (too long, access revoked…): retrying the same text would not help by itself.
      removeFromOutbox(from, to, clientId);
      dispatch({ type: 'failed', clientId });
      showError(error);
      return true;
    }
  }, []);

  const flushOutbox = useCallback(async () => {
    if (flushing.current) return;
    flushing.current = true;
    try {
      const { side: from, patientId: to } = endpointRef.current;
      for (const item of readOutbox(from, to)) {
        if (!(await attempt(item.text, item.clientId))) break;
      }
    } finally {
      flushing.current = false;
    }
  }, [attempt]);

  // Open (parents key this component by conversation): the latest page, marked read, scrolled to the end
  // now and again after SCROLL_DOWN_DELAY_MS.
  useEffect(() => {
    let cancelled = false;
    // What was written here without a connection (even before a reload) shows at once, waiting.
    for (const item of readOutbox(side, patientId)) {
      dispatch({
        type: 'pending',
        message: { id: `local-${item.clientId}`, clientId: item.clientId, text: item.text, sender: side, sentAt: item.writtenAt, deliveredAt: null, readAt: null, pending: true, queued: true },
      });
    }
    endpointRef.current
      .page({ limit: CHAT_PAGE_DEFAULT })
      .then((page) => {
        if (cancelled) return;
        dispatch({ type: 'reset', messages: page.items, hasOlder: page.hasMore });
        setReadOnly(page.readOnly === true);
        onReadOnlyRef.current?.(page.readOnly === true);
        markReadIfShown(page.items);
        void flushOutbox();
      })
      .catch((error: unknown) => showError(error))
      .finally(() => !cancelled && setLoading(false));
    const timer = setTimeout(scrollToEnd, SCROLL_DOWN_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [patientId, side, markReadIfShown, scrollToEnd, flushOutbox]);

  // Back online: what waits on the device goes out.
  useEffect(() => {
    const onOnline = () => void flushOutbox();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [flushOutbox]);

  useLayoutEffect(() => {
    if (stickToBottom.current) scrollToEnd();
  }, [state.messages.length, loading, scrollToEnd]);

  useEffect(() => {
    if (active) markReadIfShown(stateRef.current.messages);
  }, [active, markReadIfShown]);

  const catchUp = useCallback(async () => {
    const after = lastConfirmedId(stateRef.current);
    const page = await endpointRef.current.page(after ? { after, limit: 100 } : { limit: CHAT_PAGE_DEFAULT });
    dispatch({ type: 'arrived', messages: page.items });
    markReadIfShown(page.items);
  }, [markReadIfShown]);

  useRealtimeEvents(['chat.message', 'chat.read', 'chat.delivered', 'realtime.reconnected'], (event) => {
    if (event.type === 'realtime.reconnected') {
      void catchUp().catch(() => undefined);
      void flushOutbox();
      return;
    }
    if (event.patientId !== patientId) return;
    if (event.type === 'chat.message') {
      const message = event.message as ChatMessage;
      const el = viewport.current;
      stickToBottom.current = !el || el.scrollHeight - el.scrollTop - el.clientHeight < 80 || message.sender === side;
      dispatch({ type: 'arrived', messages: [message] });
      markReadIfShown([message]);
    } else if (event.type === 'chat.read') {
      dispatch({ type: 'read', reader: event.reader as 'nutritionist' | 'patient', readAt: String(event.readAt) });
    } else if (event.type === 'chat.delivered') {
      dispatch({ type: 'delivered', reader: event.reader as 'nutritionist' | 'patient', deliveredAt: String(event.deliveredAt) });
    }
  });

  const loadOlder = async () => {
    const first = stateRef.current.messages.find((m) => !m.pending && !m.failed);
    if (!first || loadingOlder) return;
    setLoadingOlder(true);
    const el = viewport.current;
    const fromBottom = el ? el.scrollHeight - el.scrollTop : 0;
    try {
      const page = await endpointRef.current.page({ before: first.id, limit: CHAT_PAGE_DEFAULT });
      stickToBottom.current = false;
      dispatch({ type: 'older', messages: page.items, hasOlder: page.hasMore });
      requestAnimationFrame(() => {
        if (el) el.scrollTop = el.scrollHeight - fromBottom;
      });
    } catch (error) {
      showError(error);
    } finally {
      setLoadingOlder(false);
    }
  };

  const send = async (body: string, clientId = newClientId()) => {
    if (body.trim() === '') return;
    stickToBottom.current = true;
    const writtenAt = new Date().toISOString();
    // Saved on the device before the first attempt: a reload or a lost connection never loses it.
    addToOutbox(side, patientId, { clientId, text: body, writtenAt });
    dispatch({
      type: 'pending',
      message: { id: `local-${clientId}`, clientId, text: body, sender: side, sentAt: writtenAt, deliveredAt: null, readAt: null, pending: true },
    });
    await attempt(body, clientId);
  };

  const submit = () => {
    const body = text;
    if (body.trim() === '') return;
    setText('');
    void send(body);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const action = composerKeyAction({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing });
    if (action === 'send') {
      event.preventDefault();
      submit();
    } else if (action === 'cancel') {
      event.preventDefault();
      setText('');
    }
  };


  const fill = height === 'fill';
  return (
    <Stack gap={0} className={fill ? classes.fill : classes.thread}>
      <ScrollArea
        h={fill ? undefined : height}
        className={fill ? classes.fillHistory : undefined}
        viewportRef={viewport}
        onScrollPositionChange={({ y }) => {
          if (y < 8 && state.hasOlder && !loadingOlder) void loadOlder();
        }}
        tabIndex={0}
        aria-label={t('chat.history')}
        data-testid="chat-history"
      >
        <Stack gap={6} p="sm">
          {loading && <Loader size="sm" mx="auto" aria-label={t('chat.loading')} />}
          {state.hasOlder && (
            <Button variant="subtle" size="compact-xs" mx="auto" onClick={() => void loadOlder()} loading={loadingOlder}>
              {t('chat.older')}
            </Button>
          )}
          {!loading && state.messages.length === 0 && (
            <Text size="sm" c="dimmed" ta="center" py="lg" data-testid="chat-empty">
              {t('chat.empty')}
            </Text>
          )}
          {state.messages.map((m) => (
            <Bubble key={m.clientId ?? m.id} message={m} mine={m.sender === side} time={formatMessageTime(m.sentAt)} onRetry={() => void send(m.text, m.clientId ?? undefined)} />
          ))}
        </Stack>
      </ScrollArea>
      {readOnly ? (
        <Text size="sm" c="dimmed" p="sm" ta="center" className={classes.composer} data-testid="chat-read-only">
          {t('chat.readOnly')}
        </Text>
      ) : (
      <Group gap="xs" p="xs" align="flex-end" wrap="nowrap" className={classes.composer}>
        <AutoTextarea
          aria-label={t('chat.inputLabel')}
          placeholder={t('chat.placeholder')}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={onKeyDown}
          minRows={1}
          maxRows={5}
          max={CHAT_TEXT_MAX}
          style={{ flex: 1 }}
          data-testid="chat-input"
        />
        <Tooltip label={t('chat.send')}>
          <ActionIcon size="lg" onClick={submit} aria-label={t('chat.send')} disabled={text.trim() === ''} data-testid="chat-send">
            <IconSend size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      )}
    </Stack>
  );
}

function Bubble({ message, mine, time, onRetry }: { message: ThreadMessage; mine: boolean; time: string; onRetry: () => void }) {
  const { t } = useTranslation('portal');
  const status = message.failed ? 'failed' : message.queued ? 'queued' : message.pending ? 'pending' : message.readAt ? 'read' : message.deliveredAt ? 'delivered' : 'sent';
  const StatusIcon = { failed: IconAlertCircle, queued: IconCloudUpload, pending: IconClock, read: IconChecks, delivered: IconChecks, sent: IconCheck }[status];
  return (
    <Box className={mine ? classes.mine : classes.theirs} data-testid="chat-message" data-sender={message.sender} data-status={mine ? status : undefined}>
      <Text size="sm" className={classes.text}>
        {message.text}
      </Text>
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <Text size="xs" className={classes.meta}>
          {time}
        </Text>
        {mine && (
          <span className={status === 'read' ? classes.read : classes.meta} title={t(`chat.status.${status}`)}>
            <StatusIcon size={14} aria-label={t(`chat.status.${status}`)} />
          </span>
        )}
      </Group>
      {message.queued && (
        <Text size="xs" className={classes.meta} data-testid="chat-queued">
          {t('chat.queued')}
        </Text>
      )}
      {message.failed && (
        <Button size="compact-xs" variant="white" onClick={onRetry}>
          {t('chat.retry')}
        </Button>
      )}
    </Box>
  );
}
