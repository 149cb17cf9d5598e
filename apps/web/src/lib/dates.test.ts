import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatDateTime, formatTime } from './dates';

describe('the app\'s one date format (dd-mm-yyyy, 24 h HH:mm)', () => {
  it('writes calendar dates day first with hyphens', () => {
    expect(formatCalendarDate('2026-11-27')).toBe('27-11-2026');
    expect(formatCalendarDate(null)).toBe('');
  });

  it('writes instants in 24 hours, never a.m./p.m., in the browser zone or a given one', () => {
    const late = new Date(2026, 10, 27, 22, 31);
    expect(formatDateTime(late)).toBe('27-11-2026 22:31');
    expect(formatTime(new Date(2026, 0, 5, 9, 5))).toBe('09:05');
    // 01:31 UTC on the 28th is 22:31 of the 27th in Buenos Aires.
    expect(formatDateTime('2026-11-28T01:31:00Z', 'America/Argentina/Buenos_Aires')).toBe('27-11-2026 22:31');
    expect(formatDate('2026-11-28T01:31:00Z', 'UTC')).toBe('28-11-2026');
  });
});
