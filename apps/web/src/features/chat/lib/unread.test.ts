import { describe, expect, it } from 'vitest';
import { titleWithUnread } from './unread';

describe('tab title with unread messages', () => {
  it('counts unread messages only while the tab is in the background', () => {
    expect(titleWithUnread('Chat · Almendra', 3, true)).toBe('(3) Chat · Almendra');
    expect(titleWithUnread('(3) Chat · Almendra', 4, true)).toBe('(4) Chat · Almendra');
    expect(titleWithUnread('(3) Chat · Almendra', 4, false)).toBe('Chat · Almendra');
    expect(titleWithUnread('Chat · Almendra', 0, true)).toBe('Chat · Almendra');
    expect(titleWithUnread('Chat · Almendra', 250, true)).toBe('(99+) Chat · Almendra');
  });
});
