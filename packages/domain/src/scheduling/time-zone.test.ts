import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTimeOfDay } from './time-of-day.js';
import {
  isValidTimeZone,
  localDayBounds,
  localTimeToInstant,
  resolveTimeZone,
  timeZoneOffsetMinutes,
  wallClockOf,
} from './time-zone.js';

// Transition instants from the IANA tz database (2025c): Madrid follows the EU rule (last Sunday of
// March/October at 01:00 UTC); Chile moves at 24:00 local on the first Saturday of September / April.
describe('time-zone helpers', () => {
  it('offsets: Buenos Aires is UTC−3 all year; Madrid +1/+2; Santiago −4/−3', () => {
    expect(timeZoneOffsetMinutes(new Date('2026-01-15T12:00:00Z'), 'America/Argentina/Buenos_Aires')).toBe(-180);
    expect(timeZoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'America/Argentina/Buenos_Aires')).toBe(-180);
    expect(timeZoneOffsetMinutes(new Date('2025-03-30T00:59:59Z'), 'Europe/Madrid')).toBe(60);
    expect(timeZoneOffsetMinutes(new Date('2025-03-30T01:00:00Z'), 'Europe/Madrid')).toBe(120);
    expect(timeZoneOffsetMinutes(new Date('2025-09-07T03:59:00Z'), 'America/Santiago')).toBe(-240);
    expect(timeZoneOffsetMinutes(new Date('2025-09-07T04:00:00Z'), 'America/Santiago')).toBe(-180);
  });

  it('local → instant on ordinary days', () => {
    expect(localTimeToInstant('2026-03-10', 9 * 60, 'America/Argentina/Buenos_Aires')).toEqual({
      instant: new Date('2026-03-10T12:00:00.000Z'),
      exists: true,
    });
  });

  it('Madrid spring forward 2025-03-30: 02:30 does not exist and maps past the jump', () => {
    const gap = localTimeToInstant('2025-03-30', 150, 'Europe/Madrid');
    expect(gap.exists).toBe(false);
    expect(gap.instant.toISOString()).toBe('2025-03-30T01:30:00.000Z'); // 03:30 CEST
    expect(localTimeToInstant('2025-03-30', 180, 'Europe/Madrid').instant.toISOString()).toBe('2025-03-30T01:00:00.000Z');
  });

  it('Madrid fall back 2025-10-26: 02:30 happens twice and the earlier instant wins', () => {
    const twice = localTimeToInstant('2025-10-26', 150, 'Europe/Madrid');
    expect(twice).toEqual({ instant: new Date('2025-10-26T00:30:00.000Z'), exists: true });
    expect(wallClockOf(new Date('2025-10-26T01:30:00Z'), 'Europe/Madrid')).toMatchObject({ date: '2025-10-26', minutes: 150 });
  });

  it('Santiago 2025-09-07 starts at 01:00 (midnight is skipped): the day is 23 h long', () => {
    expect(localTimeToInstant('2025-09-07', 0, 'America/Santiago').exists).toBe(false);
    const { start, end } = localDayBounds('2025-09-07', 'America/Santiago');
    expect(start.toISOString()).toBe('2025-09-07T04:00:00.000Z');
    expect(wallClockOf(start, 'America/Santiago')).toMatchObject({ date: '2025-09-07', minutes: 60 });
    expect((end.getTime() - start.getTime()) / 3600_000).toBe(23);
  });

  it('Santiago 2025-04-05 repeats 23:00–24:00: the day is 25 h long', () => {
    const { start, end } = localDayBounds('2025-04-05', 'America/Santiago');
    expect((end.getTime() - start.getTime()) / 3600_000).toBe(25);
  });

  it('validates zone names and falls back to Buenos Aires', () => {
    expect(isValidTimeZone('America/Santiago')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(resolveTimeZone('Mars/Olympus_Mons')).toBe('America/Argentina/Buenos_Aires');
    expect(resolveTimeZone(null)).toBe('America/Argentina/Buenos_Aires');
  });

  const zones = ['America/Argentina/Buenos_Aires', 'America/Santiago', 'Europe/Madrid', 'UTC', 'Asia/Kolkata', 'Australia/Lord_Howe', 'America/New_York'];

  it('property: the wall clock of any instant maps back to that instant, or to its earlier twin in a fall-back hour', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2035, 0, 1) }),
        (zone, ms) => {
          const minute = Math.floor(ms / 60_000) * 60_000;
          const wall = wallClockOf(minute, zone);
          const back = localTimeToInstant(wall.date, wall.minutes, zone);
          expect(back.exists).toBe(true);
          expect(back.instant.getTime()).toBeLessThanOrEqual(minute);
          expect(wallClockOf(back.instant, zone)).toMatchObject({ date: wall.date, minutes: wall.minutes });
          expect(minute - back.instant.getTime()).toBeLessThanOrEqual(60 * 60_000);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('property: every local time that exists maps to an instant showing that wall time', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.date({ min: new Date('2001-01-01T00:00:00Z'), max: new Date('2034-12-31T00:00:00Z'), noInvalidDate: true }),
        fc.integer({ min: 0, max: 1439 }),
        (zone, day, minutes) => {
          const date = day.toISOString().slice(0, 10);
          const local = localTimeToInstant(date, minutes, zone);
          const shown = wallClockOf(local.instant, zone);
          if (local.exists) expect(`${shown.date} ${formatTimeOfDay(shown.minutes)}`).toBe(`${date} ${formatTimeOfDay(minutes)}`);
          else expect(shown.date >= date).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});
