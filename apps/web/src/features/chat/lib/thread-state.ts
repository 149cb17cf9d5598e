// The messages of one open conversation as a pure reducer: pages, realtime arrivals, catch-up after a
// reconnect, optimistic sends and read/delivered marks. Each message is kept once (by id, and a pending
// send is replaced by its confirmed message through its clientId), always in send order.
import type { ChatMessage } from '@almendra/contracts';

export interface ThreadMessage extends ChatMessage {
  /** Shown before the server confirmed it (sentAt is the local time). */
  pending?: boolean;
  /** The send failed; the person can retry it. */
  failed?: boolean;
}

export interface ThreadState {
  messages: ThreadMessage[];
  /** Older messages exist on the server. */
  hasOlder: boolean;
}

export const EMPTY_THREAD: ThreadState = { messages: [], hasOlder: false };

export type ThreadAction =
  | { type: 'reset'; messages: ChatMessage[]; hasOlder: boolean }
  | { type: 'older'; messages: ChatMessage[]; hasOlder: boolean }
  | { type: 'arrived'; messages: ChatMessage[] }
  | { type: 'pending'; message: ThreadMessage }
  | { type: 'failed'; clientId: string }
  | { type: 'read'; reader: 'nutritionist' | 'patient'; readAt: string }
  | { type: 'delivered'; reader: 'nutritionist' | 'patient'; deliveredAt: string };

function merge(current: ThreadMessage[], incoming: ChatMessage[]): ThreadMessage[] {
  const byId = new Map<string, ThreadMessage>();
  const pendingByClient = new Map<string, ThreadMessage>();
  for (const m of current) {
    if (m.pending || m.failed) pendingByClient.set(m.clientId ?? m.id, m);
    else byId.set(m.id, m);
  }
  for (const m of incoming) {
    byId.set(m.id, m);
    if (m.clientId) pendingByClient.delete(m.clientId);
  }
  const confirmed = [...byId.values()].sort((a, b) => (a.sentAt < b.sentAt ? -1 : a.sentAt > b.sentAt ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return [...confirmed, ...pendingByClient.values()];
}

export function threadReducer(state: ThreadState, action: ThreadAction): ThreadState {
  switch (action.type) {
    case 'reset':
      return { messages: merge(state.messages.filter((m) => m.pending || m.failed), action.messages), hasOlder: action.hasOlder };
    case 'older':
      return { messages: merge(state.messages, action.messages), hasOlder: action.hasOlder };
    case 'arrived':
      return { ...state, messages: merge(state.messages, action.messages) };
    case 'pending':
      return { ...state, messages: [...state.messages.filter((m) => m.clientId !== action.message.clientId), action.message] };
    case 'failed':
      return { ...state, messages: state.messages.map((m) => (m.clientId === action.clientId && m.pending ? { ...m, pending: false, failed: true } : m)) };
    case 'read':
    case 'delivered': {
      // The reader marks what the other side sent.
      const at = action.type === 'read' ? action.readAt : action.deliveredAt;
      return {
        ...state,
        messages: state.messages.map((m) => {
          if (m.pending || m.failed || m.sender === action.reader) return m;
          if (action.type === 'read') return m.readAt ? m : { ...m, readAt: at, deliveredAt: m.deliveredAt ?? at };
          return m.deliveredAt ? m : { ...m, deliveredAt: at };
        }),
      };
    }
  }
}

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
