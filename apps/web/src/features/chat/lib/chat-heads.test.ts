import { describe, expect, it } from 'vitest';
import { MAX_CHAT_HEADS, closeHead, openHead, visibleHeads, withUnread } from './chat-heads';

const contact = (n: number, unreadCount = 0) => ({ patientId: `p${n}`, name: `Paciente ${n}`, photo: null, unreadCount });

describe('floating chat heads', () => {
  it('numbers participants in the order they first show and keeps their slot', () => {
    let heads = withUnread([], [contact(1, 2), contact(2, 0), contact(3, 1)]);
    expect(heads.map((h) => [h.patientId, h.slot])).toEqual([
      ['p1', 1],
      ['p3', 2],
    ]);
    heads = openHead(heads, contact(2));
    expect(heads.find((h) => h.patientId === 'p2')).toMatchObject({ slot: 3, active: true });
    heads = withUnread(heads, [contact(1, 0)]);
    expect(visibleHeads(heads).map((h) => h.patientId)).toEqual(['p3', 'p2']);
  });

  it('swaps a participant opened from slot 6 or higher with the one in slot 5', () => {
    let heads = withUnread([], Array.from({ length: 8 }, (_, i) => contact(i + 1, 1)));
    heads = openHead(heads, contact(7));
    expect(heads.find((h) => h.patientId === 'p7')!.slot).toBe(5);
    expect(heads.find((h) => h.patientId === 'p5')!.slot).toBe(7);
    // Slot 5 or lower stays where it is.
    heads = openHead(heads, contact(2));
    expect(heads.find((h) => h.patientId === 'p2')!.slot).toBe(2);
  });

  it('shows at most 7, active or with unread messages, by slot; closing makes a read participant disappear', () => {
    let heads = withUnread([], Array.from({ length: 9 }, (_, i) => contact(i + 1, 1)));
    expect(visibleHeads(heads)).toHaveLength(MAX_CHAT_HEADS);
    expect(visibleHeads(heads).map((h) => h.slot)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    heads = openHead(heads, contact(1));
    heads = closeHead(heads, 'p1');
    expect(visibleHeads(heads).map((h) => h.patientId)).not.toContain('p1');
    expect(visibleHeads(heads).map((h) => h.patientId)).toContain('p8');
  });
});
