import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  fallbackStartTimes,
  findRangeProblems,
  formatTimeOfDay,
  intervalsOverlap,
  isCalendarDate,
  isoWeekdayOf,
  parseTimeOfDay,
} from './time-of-day.js';

describe('wall-clock times and calendar dates', () => {
  it('parses and formats HH:mm, with 24:00 as the end of the day', () => {
    expect(parseTimeOfDay('00:00')).toBe(0);
    expect(parseTimeOfDay('09:05')).toBe(545);
    expect(parseTimeOfDay('24:00')).toBe(1440);
    expect(formatTimeOfDay(1439)).toBe('23:59');
    expect(() => parseTimeOfDay('24:30')).toThrow(RangeError);
    expect(() => parseTimeOfDay('9:00')).toThrow(RangeError);
  });

  it('property: format ∘ parse is the identity on every minute of the day', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 1440 }), (m) => {
      expect(parseTimeOfDay(formatTimeOfDay(m))).toBe(m);
    }));
  });

  it('weekdays are ISO (Monday 1 … Sunday 7) and dates must exist', () => {
    expect(isoWeekdayOf('2026-03-09')).toBe(1);
    expect(isoWeekdayOf('2026-03-15')).toBe(7);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('half-open intervals: touching is not overlapping', () => {
    expect(intervalsOverlap(0, 10, 10, 20)).toBe(false);
    expect(intervalsOverlap(0, 11, 10, 20)).toBe(true);
    expect(intervalsOverlap(5, 6, 0, 20)).toBe(true);
  });

  it('findRangeProblems flags reversed and overlapping ranges but accepts touching ones', () => {
    expect(findRangeProblems([{ start: '09:00', end: '12:00' }, { start: '12:00', end: '13:00' }])).toEqual([]);
    expect(findRangeProblems([{ start: '12:00', end: '09:00' }])).toEqual([
      { index: 0, message: 'La hora de inicio debe ser anterior a la de fin.' },
    ]);
    expect(findRangeProblems([{ start: '09:00', end: '12:00' }, { start: '11:00', end: '13:00' }])).toEqual([
      { index: 1, message: 'Los horarios de un mismo día no pueden superponerse.' },
    ]);
  });
});

describe('fallbackStartTimes (seed 2 section 9)', () => {
  it('offers 06:00 to 22:00 every 5 minutes: 193 times', () => {
    const times = fallbackStartTimes();
    expect(times).toHaveLength(193);
    expect(times.slice(0, 3)).toEqual(['06:00', '06:05', '06:10']);
    expect(times.at(-1)).toBe('22:00');
  });
});
