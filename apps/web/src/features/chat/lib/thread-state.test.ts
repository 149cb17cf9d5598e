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

  it('keeps a read mark that arrived before the send answer (the answer is a snapshot from before the read)', () => {
    const pending = { ...msg('local-k1', '2026-01-01T10:00:00.000Z', { sender: 'patient', clientId: 'k1' }), pending: true };
    const confirmed = msg('srv-1', '2026-01-01T10:00:00.010Z', { sender: 'patient', clientId: 'k1' });
    // Order 1: the read event comes while the message is still pending, then the HTTP answer.
    let s = threadReducer(EMPTY_THREAD, { type: 'pending', message: pending });
    s = threadReducer(s, { type: 'read', reader: 'nutritionist', readAt: '2026-01-01T10:00:00.030Z' });
    s = threadReducer(s, { type: 'arrived', messages: [confirmed] });
    expect(s.messages).toHaveLength(1);
    expect(s.messages[0]).toMatchObject({ id: 'srv-1', readAt: '2026-01-01T10:00:00.030Z' });
    // Order 2: socket copy, read event, then the stale HTTP answer.
    s = threadReducer(EMPTY_THREAD, { type: 'pending', message: pending });
    s = threadReducer(s, { type: 'arrived', messages: [confirmed] });
    s = threadReducer(s, { type: 'read', reader: 'nutritionist', readAt: '2026-01-01T10:00:00.030Z' });
    s = threadReducer(s, { type: 'arrived', messages: [confirmed] });
    expect(s.messages[0]).toMatchObject({ readAt: '2026-01-01T10:00:00.030Z', deliveredAt: '2026-01-01T10:00:00.030Z' });
    // A message sent after that read stays unread; a later read covers it.
    s = threadReducer(s, { type: 'arrived', messages: [msg('srv-2', '2026-01-01T10:05:00.000Z', { sender: 'patient', clientId: 'k2' })] });
    expect(s.messages[1]).toMatchObject({ id: 'srv-2', readAt: null });
    s = threadReducer(s, { type: 'delivered', reader: 'nutritionist', deliveredAt: '2026-01-01T10:05:01.000Z' });
    expect(s.messages[1]).toMatchObject({ readAt: null, deliveredAt: '2026-01-01T10:05:01.000Z' });
    // An older read event arriving late does not move the watermark back.
    s = threadReducer(s, { type: 'read', reader: 'nutritionist', readAt: '2026-01-01T10:00:00.020Z' });
    expect(s.readUpTo?.nutritionist).toBe('2026-01-01T10:00:00.030Z');
  });

  it('sends on Enter, breaks the line on Shift+Enter, cancels on Escape and ignores IME composition', () => {
    expect(composerKeyAction({ key: 'Enter', shiftKey: false })).toBe('send');
    expect(composerKeyAction({ key: 'Enter', shiftKey: true })).toBeNull();
    expect(composerKeyAction({ key: 'Escape', shiftKey: false })).toBe('cancel');
    expect(composerKeyAction({ key: 'Enter', shiftKey: false, isComposing: true })).toBeNull();
    expect(composerKeyAction({ key: 'a', shiftKey: false })).toBeNull();
  });
});
