import { describe, expect, it } from 'vitest';
import { displayDate, parseDisplayedDate } from './note-date';
import { todayIso } from '../../../lib/calendar-date';

describe('note dates', () => {
  it('reads dd-mm-aaaa and dd/mm/aaaa, refusing impossible dates', () => {
    expect(parseDisplayedDate('05-03-2026')).toBe('2026-03-05');
    expect(parseDisplayedDate(' 5/3/2026 ')).toBe('2026-03-05');
    expect(parseDisplayedDate('29-02-2024')).toBe('2024-02-29');
    expect(parseDisplayedDate('29-02-2026')).toBeNull();
    expect(parseDisplayedDate('31-04-2026')).toBeNull();
    expect(parseDisplayedDate('2026-03-05')).toBeNull();
    expect(parseDisplayedDate('')).toBeNull();
  });
  it('shows API dates as dd-mm-aaaa', () => {
    expect(displayDate('2026-03-05')).toBe('05-03-2026');
    expect(todayIso(new Date(2026, 0, 9, 23, 59))).toBe('2026-01-09');
  });
});
