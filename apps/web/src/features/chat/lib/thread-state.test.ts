import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@almendra/contracts';
import { EMPTY_THREAD, composerKeyAction, lastConfirmedId, threadReducer } from './thread-state';

const msg = (id: string, sentAt: string, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  text: id,
  sender: 'nutritionist',
  sentAt,
  deliveredAt: null,
  readAt: null,
  clientId: null,
  ...overrides,
});

describe('thread state', () => {
  it('keeps each message once, in send order, whether it came by page, socket or catch-up', () => {
    let s = threadReducer(EMPTY_THREAD, { type: 'reset', messages: [msg('b', '2026-01-01T10:01:00Z'), msg('c', '2026-01-01T10:02:00Z')], hasOlder: true });
    s = threadReducer(s, { type: 'arrived', messages: [msg('d', '2026-01-01T10:03:00Z')] });
    s = threadReducer(s, { type: 'arrived', messages: [msg('c', '2026-01-01T10:02:00Z'), msg('d', '2026-01-01T10:03:00Z'), msg('e', '2026-01-01T10:04:00Z')] });
    s = threadReducer(s, { type: 'older', messages: [msg('a', '2026-01-01T10:00:00Z')], hasOlder: false });
    expect(s.messages.map((m) => m.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(s.hasOlder).toBe(false);
    expect(lastConfirmedId(s)).toBe('e');
  });

  it('replaces a pending send by its confirmed message (same clientId), and marks a failed one', () => {
    let s = threadReducer(EMPTY_THREAD, { type: 'pending', message: { ...msg('local-1', '2026-01-01T10:00:00Z', { clientId: 'k1' }), pending: true } });
    s = threadReducer(s, { type: 'pending', message: { ...msg('local-2', '2026-01-01T10:00:01Z', { clientId: 'k2' }), pending: true } });
    s = threadReducer(s, { type: 'arrived', messages: [msg('srv-1', '2026-01-01T10:00:00.5Z', { clientId: 'k1' })] });
    s = threadReducer(s, { type: 'failed', clientId: 'k2' });
    expect(s.messages.map((m) => [m.id, Boolean(m.pending), Boolean(m.failed)])).toEqual([
      ['srv-1', false, false],
      ['local-2', false, true],
    ]);
    expect(lastConfirmedId(s)).toBe('srv-1');
  });

  it('marks read and delivered only what the other side sent', () => {
    let s = threadReducer(EMPTY_THREAD, { type: 'reset', messages: [msg('mine', '2026-01-01T10:00:00Z'), msg('theirs', '2026-01-01T10:01:00Z', { sender: 'patient' })], hasOlder: false });
    s = threadReducer(s, { type: 'read', reader: 'patient', readAt: '2026-01-01T11:00:00Z' });
    expect(s.messages[0]).toMatchObject({ readAt: '2026-01-01T11:00:00Z', deliveredAt: '2026-01-01T11:00:00Z' });
    expect(s.messages[1]).toMatchObject({ readAt: null });
  });

  it('sends on Enter, breaks the line on Shift+Enter, cancels on Escape and ignores IME composition', () => {
    expect(composerKeyAction({ key: 'Enter', shiftKey: false })).toBe('send');
    expect(composerKeyAction({ key: 'Enter', shiftKey: true })).toBeNull();
    expect(composerKeyAction({ key: 'Escape', shiftKey: false })).toBe('cancel');
    expect(composerKeyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBeNull();
    expect(composerKeyAction({ key: 'a', shiftKey: false })).toBeNull();
  });
});
