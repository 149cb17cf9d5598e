import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate, formatDateTime, formatLongDate, formatLongDateTime, formatMessageTime, formatMonthName, formatTime, formatTimeRange } from './dates';

describe('the app\'s one date format (dd-mm-yyyy, 24 h HH:mm)', () => {
  it('writes a span of time with two-digit hours: 04:02 – 04:32, never 4:02', () => {
    expect(formatTimeRange(new Date(2026, 10, 27, 4, 2), new Date(2026, 10, 27, 4, 32))).toBe('04:02 – 04:32');
    expect(formatTimeRange('2026-11-27T07:02:00.000Z', '2026-11-27T07:32:00.000Z', 'America/Argentina/Buenos_Aires')).toBe('04:02 – 04:32');
  });

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

  it('falls back to the browser zone when a zone name is unknown, rather than failing', () => {
    const late = new Date(2026, 10, 27, 22, 31);
    expect(formatDateTime(late, 'Nowhere/Atlantis')).toBe('27-11-2026 22:31');
    expect(formatLongDate(late, 'es', 'Nowhere/Atlantis')).toBe('viernes, 27 de noviembre de 2026');
  });
});

describe('one long format per locale: es, es-AR, en', () => {
  const evening = '2026-11-28T20:30:00Z'; // 17:30 in Buenos Aires
  const zone = 'America/Argentina/Buenos_Aires';

  it('es and es-AR write the same Spanish date, weekday first, 24-hour time', () => {
    for (const language of ['es', 'es-AR']) {
      expect(formatLongDate(evening, language, zone)).toBe('sábado, 28 de noviembre de 2026');
      expect(formatLongDateTime(evening, language, zone)).toBe('sábado, 28 de noviembre, 17:30');
      expect(formatMonthName(11, language)).toBe('noviembre');
      expect(formatMonthName(11, language, 'short')).toBe('nov');
    }
  });

  it('en writes day before month (as the short form does) and never a.m./p.m.', () => {
    expect(formatLongDate(evening, 'en', zone)).toMatch(/^Saturday,? 28 November 2026$/);
    expect(formatLongDateTime(evening, 'en', zone)).toMatch(/^Saturday,? 28 November, 17:30$/);
    expect(formatMonthName(11, 'en')).toBe('November');
    expect(formatMonthName(1, 'en', 'short')).toBe('Jan');
  });

  it('the short forms are the same in every language: dd-mm-yyyy and HH:mm', () => {
    // No language parameter at all: a screen cannot pick a different short format by passing one.
    expect(formatDateTime(evening, zone)).toBe('28-11-2026 17:30');
    expect(formatDateTime('2026-11-28T03:05:00Z', zone)).toBe('28-11-2026 00:05');
  });

  it('a message shows only its time today, and its date too before today', () => {
    const now = new Date(2026, 10, 28, 18, 0);
    expect(formatMessageTime(new Date(2026, 10, 28, 9, 7), now)).toBe('09:07');
    expect(formatMessageTime(new Date(2026, 10, 27, 21, 45), now)).toBe('27-11-2026 21:45');
  });
});
