// The messages of one open conversation as a pure reducer: pages, realtime arrivals, catch-up after a
// reconnect, optimistic sends and read/delivered marks. Each message is kept once (by id, and a pending
// send is replaced by its confirmed message through its clientId), always in send order.
// Read and delivered marks arrive in any order relative to the message they mark: the other side can
// read a message (chat.read over the socket) before this side has the send's HTTP answer, and that
// answer is a snapshot taken before the read. So marks never go back (a merge keeps the earliest known
// mark), and each side's latest read/delivered time is kept as a watermark applied to every message of
// ours sent at or before it, including those confirmed later.
import type { ChatMessage } from '@almendra/contracts';

export interface ThreadMessage extends ChatMessage {
  /** Shown before the server confirmed it (sentAt is the local time). */
  pending?: boolean;
  /** The send failed; the person can retry it. */
  failed?: boolean;
  /** Written without a connection: waiting on the device (lib/outbox) to go out when back online. */
  queued?: boolean;
}

type Side = 'nutritionist' | 'patient';

export interface ThreadState {
  messages: ThreadMessage[];
  /** Older messages exist on the server. */
  hasOlder: boolean;
  /** The latest read time each reader announced: it covers what the other side sent until then. */
  readUpTo?: Partial<Record<Side, string>>;
  /** The latest delivered time each reader announced. */
  deliveredUpTo?: Partial<Record<Side, string>>;
}

export const EMPTY_THREAD: ThreadState = { messages: [], hasOlder: false };

const earliest = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b);
const otherSide = (side: Side): Side => (side === 'nutritionist' ? 'patient' : 'nutritionist');

/** Applies the watermarks to a confirmed message: read/delivered by the other side once it announced so. */
function withWatermarks(m: ThreadMessage, state: Pick<ThreadState, 'readUpTo' | 'deliveredUpTo'>): ThreadMessage {
  if (m.pending || m.failed) return m;
  const reader = otherSide(m.sender);
  const readAt = state.readUpTo?.[reader];
  const deliveredAt = state.deliveredUpTo?.[reader];
  let next = m;
  if (readAt && !m.readAt && m.sentAt <= readAt) next = { ...next, readAt, deliveredAt: next.deliveredAt ?? readAt };
  if (deliveredAt && !next.deliveredAt && m.sentAt <= deliveredAt) next = { ...next, deliveredAt };
  return next;
}

export type ThreadAction =
  | { type: 'reset'; messages: ChatMessage[]; hasOlder: boolean }
  | { type: 'older'; messages: ChatMessage[]; hasOlder: boolean }
  | { type: 'arrived'; messages: ChatMessage[] }
  | { type: 'pending'; message: ThreadMessage }
  | { type: 'failed'; clientId: string }
  | { type: 'queued'; clientId: string }
  | { type: 'read'; reader: Side; readAt: string }
  | { type: 'delivered'; reader: Side; deliveredAt: string };

function merge(current: ThreadMessage[], incoming: ChatMessage[], marks: Pick<ThreadState, 'readUpTo' | 'deliveredUpTo'> = {}): ThreadMessage[] {
  const byId = new Map<string, ThreadMessage>();
  const pendingByClient = new Map<string, ThreadMessage>();
  for (const m of current) {
    if (m.pending || m.failed) pendingByClient.set(m.clientId ?? m.id, m);
    else byId.set(m.id, m);
  }
  for (const m of incoming) {
    const known = byId.get(m.id);
    // A stale copy (the send's answer after a read event) never takes a mark back.
    byId.set(m.id, known ? { ...m, readAt: earliest(known.readAt, m.readAt), deliveredAt: earliest(known.deliveredAt, m.deliveredAt) } : m);
    if (m.clientId) pendingByClient.delete(m.clientId);
  }
  const confirmed = [...byId.values()].map((m) => withWatermarks(m, marks)).sort((a, b) => (a.sentAt < b.sentAt ? -1 : a.sentAt > b.sentAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return [...confirmed, ...pendingByClient.values()];
}

export function threadReducer(state: ThreadState, action: ThreadAction): ThreadState {
  switch (action.type) {
    case 'reset':
      return { ...state, messages: merge(state.messages.filter((m) => m.pending || m.failed), action.messages, state), hasOlder: action.hasOlder };
    case 'older':
      return { ...state, messages: merge(state.messages, action.messages, state), hasOlder: action.hasOlder };
    case 'arrived':
      return { ...state, messages: merge(state.messages, action.messages, state) };
    case 'pending':
      return { ...state, messages: [...state.messages.filter((m) => m.clientId !== action.message.clientId), action.message] };
    case 'failed':
      return { ...state, messages: state.messages.map((m) => (m.clientId === action.clientId && m.pending ? { ...m, pending: false, queued: false, failed: true } : m)) };
    case 'queued':
      return { ...state, messages: state.messages.map((m) => (m.clientId === action.clientId && (m.pending || m.failed) ? { ...m, pending: true, failed: false, queued: true } : m)) };
    case 'read':
    case 'delivered': {
      // The reader marks what the other side sent until then (and, through the watermark, what is
      // confirmed later but was sent before).
      const marks =
        action.type === 'read'
          ? { readUpTo: { ...state.readUpTo, [action.reader]: latest(state.readUpTo?.[action.reader], action.readAt) }, deliveredUpTo: state.deliveredUpTo }
          : { readUpTo: state.readUpTo, deliveredUpTo: { ...state.deliveredUpTo, [action.reader]: latest(state.deliveredUpTo?.[action.reader], action.deliveredAt) } };
      return { ...state, ...marks, messages: state.messages.map((m) => withWatermarks(m, marks)) };
    }
  }
}

const latest = (a: string | undefined, b: string) => (a && a > b ? a : b);

/** The newest confirmed message: the catch-up cursor after a reconnect. */
export function lastConfirmedId(state: ThreadState): string | null {
  for (let i = state.messages.length - 1; i >= 0; i--) {
    const m = state.messages[i]!;
    if (!m.pending && !m.failed) return m.id;
  }
  return null;
}

/** The key pressed in the message box: Enter sends, Shift+Enter is a new line, Escape cancels the edit. */
export function composerKeyAction(event: { key: string; shiftKey: boolean; isComposing?: boolean }): 'send' | 'cancel' | null {
  if (event.isComposing) return null;
  if (event.key === 'Enter' && !event.shiftKey) return 'send';
  if (event.key === 'Escape') return 'cancel';
  return null;
}
