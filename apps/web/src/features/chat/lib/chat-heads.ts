// The floating chat's participants ("chat heads") as the spec places them: each gets a numbered slot
// when it first shows; at most 7 show at once — those active (opened and not closed) or with unread
// messages — ordered by slot; opening a participant in slot 6 or higher swaps it with the one in slot 5,
// so a chat being used is never the one pushed out. Closing a window marks its participant inactive.

/** Spec: up to 7 floating chats at once; slot 5 is the swap slot; spacing right 62, bottom 74. */
export const MAX_CHAT_HEADS = 7;
export const SWAP_SLOT = 5;
export const HEAD_SPACING = { right: 62, bottom: 74 } as const;

export interface ChatHead {
  patientId: string;
  name: string;
  photo: string | null;
  /** 1-based position (poc in the spec). */
  slot: number;
  active: boolean;
  unread: number;
}

const nextSlot = (heads: readonly ChatHead[]) => heads.reduce((max, h) => Math.max(max, h.slot), 0) + 1;

/** Adds contacts with unread messages (and refreshes the counts of known ones); new ones take the next slot. */
export function withUnread(heads: readonly ChatHead[], contacts: ReadonlyArray<{ patientId: string; name: string; photo: string | null; unreadCount: number }>): ChatHead[] {
  const result = heads.map((h) => ({ ...h }));
  for (const c of contacts) {
    const known = result.find((h) => h.patientId === c.patientId);
    if (known) known.unread = c.unreadCount;
    else if (c.unreadCount > 0) result.push({ patientId: c.patientId, name: c.name, photo: c.photo, slot: nextSlot(result), active: false, unread: c.unreadCount });
  }
  return result;
}

/** Opens a participant: active, read, and swapped into slot 5 when it sat in slot 6 or higher. */
export function openHead(heads: readonly ChatHead[], contact: { patientId: string; name: string; photo: string | null }): ChatHead[] {
  let result = heads.map((h) => ({ ...h }));
  let head = result.find((h) => h.patientId === contact.patientId);
  if (!head) {
    head = { ...contact, slot: nextSlot(result), active: true, unread: 0 };
    result = [...result, head];
  }
  head.active = true;
  head.unread = 0;
  if (head.slot > SWAP_SLOT) {
    const inSwapSlot = result.find((h) => h.slot === SWAP_SLOT);
    const from = head.slot;
    head.slot = SWAP_SLOT;
    if (inSwapSlot) inSwapSlot.slot = from;
  }
  return result;
}

export function closeHead(heads: readonly ChatHead[], patientId: string): ChatHead[] {
  return heads.map((h) => (h.patientId === patientId ? { ...h, active: false } : h));
}

/** What shows: active or unread participants, by slot, at most 7. */
export function visibleHeads(heads: readonly ChatHead[]): ChatHead[] {
  return heads
    .filter((h) => h.active || h.unread > 0)
    .sort((a, b) => a.slot - b.slot)
    .slice(0, MAX_CHAT_HEADS);
}
