import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeSlots, isWithinSchedule, rangesOnDate, type BusyInterval } from './slots.js';
import { formatTimeOfDay, intervalsOverlap, isoWeekdayOf, type WeeklyRange } from './time-of-day.js';
import { wallClockOf } from './time-zone.js';

const BA = 'America/Argentina/Buenos_Aires';
const EARLY = new Date('2000-01-01T00:00:00Z');

describe('computeSlots', () => {
  it('cuts each range of the weekday into interval starts and marks busy and past slots unavailable', () => {
    // 2026-03-10 is a Tuesday (2); Buenos Aires is UTC−3.
    const slots = computeSlots({
      date: '2026-03-10',
      timeZone: BA,
      ranges: [
        { weekday: 2, start: '09:00', end: '11:00' },
        { weekday: 2, start: '15:00', end: '16:00' },
        { weekday: 3, start: '08:00', end: '20:00' },
      ],
      intervalMinutes: 30,
      busy: [{ start: '2026-03-10T12:30:00.000Z', end: '2026-03-10T13:15:00.000Z' }],
      now: new Date('2026-03-10T12:10:00.000Z'),
    });
    expect(slots.map((s) => [s.time, s.available])).toEqual([
      ['09:00', false], // past (09:10 local now)
      ['09:30', false], // busy 09:30–10:15
      ['10:00', false], // busy until 10:15
      ['10:30', true],
      ['15:00', true],
      ['15:30', true],
    ]);
    expect(slots[3]).toEqual({ time: '10:30', start: '2026-03-10T13:30:00.000Z', end: '2026-03-10T14:00:00.000Z', available: true });
  });

  it('a service longer than the interval only offers starts that finish inside the range', () => {
    const slots = computeSlots({
      date: '2026-03-10',
      timeZone: BA,
      ranges: [{ weekday: 2, start: '09:00', end: '11:00' }],
      intervalMinutes: 30,
      durationMinutes: 60,
      busy: [],
      now: EARLY,
    });
    expect(slots.map((s) => s.time)).toEqual(['09:00', '09:30', '10:00']);
    expect(slots.every((s) => Date.parse(s.end) - Date.parse(s.start) === 3600_000)).toBe(true);
  });

  it('a day without ranges has no slots; touching a busy interval is not overlapping it', () => {
    expect(computeSlots({ date: '2026-03-15', timeZone: BA, ranges: [{ weekday: 2, start: '09:00', end: '10:00' }], intervalMinutes: 30, busy: [], now: EARLY })).toEqual([]);
    const slots = computeSlots({
      date: '2026-03-10',
      timeZone: BA,
      ranges: [{ weekday: 2, start: '09:00', end: '10:00' }],
      intervalMinutes: 30,
      busy: [{ start: '2026-03-10T12:00:00.000Z', end: '2026-03-10T12:30:00.000Z' }],
      now: EARLY,
    });
    expect(slots.map((s) => s.available)).toEqual([false, true]);
  });

  it('the same wall-clock schedule moves in UTC when Chile changes its clocks (America/Santiago)', () => {
    const at9 = (date: string, weekday: number) =>
      computeSlots({ date, timeZone: 'America/Santiago', ranges: [{ weekday, start: '09:00', end: '09:30' }], intervalMinutes: 30, busy: [], now: EARLY })[0]!.start;
    expect(at9('2025-09-05', 5)).toBe('2025-09-05T13:00:00.000Z'); // UTC−4 before the change
    expect(at9('2025-09-08', 1)).toBe('2025-09-08T12:00:00.000Z'); // UTC−3 after it
  });

  it('Santiago 2025-09-07: local midnight does not exist, so a 00:00–02:00 range only offers 01:00 and 01:30', () => {
    const slots = computeSlots({
      date: '2025-09-07',
      timeZone: 'America/Santiago',
      ranges: [{ weekday: 7, start: '00:00', end: '02:00' }],
      intervalMinutes: 30,
      busy: [],
      now: EARLY,
    });
    expect(slots.map((s) => [s.time, s.start])).toEqual([
      ['01:00', '2025-09-07T04:00:00.000Z'],
      ['01:30', '2025-09-07T04:30:00.000Z'],
    ]);
  });

  it('Madrid 2025-03-30 spring forward: no slot at 02:00 or 02:30, and the others keep their wall time', () => {
    const slots = computeSlots({
      date: '2025-03-30',
      timeZone: 'Europe/Madrid',
      ranges: [{ weekday: 7, start: '01:00', end: '04:00' }],
      intervalMinutes: 30,
      busy: [],
      now: EARLY,
    });
    expect(slots.map((s) => [s.time, s.start])).toEqual([
      ['01:00', '2025-03-30T00:00:00.000Z'],
      ['01:30', '2025-03-30T00:30:00.000Z'],
      ['03:00', '2025-03-30T01:00:00.000Z'],
      ['03:30', '2025-03-30T01:30:00.000Z'],
    ]);
  });

  it('Madrid 2025-10-26 fall back: the repeated 02:00 and 02:30 are offered once, at their first occurrence', () => {
    const slots = computeSlots({
      date: '2025-10-26',
      timeZone: 'Europe/Madrid',
      ranges: [{ weekday: 7, start: '01:00', end: '04:00' }],
      intervalMinutes: 30,
      busy: [{ start: '2025-10-26T01:00:00.000Z', end: '2025-10-26T01:30:00.000Z' }], // the second 02:00–02:30
      now: EARLY,
    });
    expect(slots.map((s) => [s.time, s.start, s.available])).toEqual([
      ['01:00', '2025-10-25T23:00:00.000Z', true],
      ['01:30', '2025-10-25T23:30:00.000Z', true],
      ['02:00', '2025-10-26T00:00:00.000Z', true],
      ['02:30', '2025-10-26T00:30:00.000Z', true],
      ['03:00', '2025-10-26T02:00:00.000Z', true],
      ['03:30', '2025-10-26T02:30:00.000Z', true],
    ]);
  });

  it('rejects a non-positive interval', () => {
    expect(() => computeSlots({ date: '2026-03-10', timeZone: BA, ranges: [], intervalMinutes: 0, busy: [], now: EARLY })).toThrow(RangeError);
  });
});

describe('isWithinSchedule', () => {
  const ranges: WeeklyRange[] = [
    { weekday: 2, start: '09:00', end: '12:00' },
    { weekday: 2, start: '12:00', end: '13:00' },
    { weekday: 2, start: '15:00', end: '18:00' },
  ];
  const within = (start: string, end: string) => isWithinSchedule({ start, end, timeZone: BA, ranges });

  it('accepts an appointment inside one range or across touching ranges', () => {
    expect(within('2026-03-10T12:00:00.000Z', '2026-03-10T12:30:00.000Z')).toBe(true); // 09:00–09:30
    expect(within('2026-03-10T14:30:00.000Z', '2026-03-10T15:30:00.000Z')).toBe(true); // 11:30–12:30
  });

  it('rejects one that starts before opening, spans the lunch gap, or falls on a closed weekday', () => {
    expect(within('2026-03-10T11:45:00.000Z', '2026-03-10T12:15:00.000Z')).toBe(false); // 08:45
    expect(within('2026-03-10T15:30:00.000Z', '2026-03-10T18:30:00.000Z')).toBe(false); // 12:30–15:30
    expect(within('2026-03-11T12:00:00.000Z', '2026-03-11T12:30:00.000Z')).toBe(false); // Wednesday
  });
});

// ---------------------------------------------------------------------------------------------------
// Properties over random schedules, appointments and zones, including DST change days.

const zones = ['America/Argentina/Buenos_Aires', 'America/Santiago', 'Europe/Madrid', 'UTC', 'Australia/Lord_Howe', 'America/New_York'];
const dates = fc.oneof(
  fc.constantFrom('2025-03-30', '2025-10-26', '2025-09-06', '2025-09-07', '2025-04-05', '2025-04-06', '2025-03-09', '2025-11-02', '2025-10-05'),
  fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2027-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
);

const scenario = fc
  .record({
    timeZone: fc.constantFrom(...zones),
    date: dates,
    rawRanges: fc.array(
      fc.record({ startStep: fc.integer({ min: 0, max: 287 }), lengthSteps: fc.integer({ min: 1, max: 96 }), otherDay: fc.boolean() }),
      { maxLength: 4 },
    ),
    intervalMinutes: fc.integer({ min: 5, max: 240 }),
    durationMinutes: fc.option(fc.integer({ min: 5, max: 240 }), { nil: undefined }),
    busyOffsets: fc.array(fc.record({ startMinutes: fc.integer({ min: -600, max: 2000 }), lengthMinutes: fc.integer({ min: 1, max: 300 }) }), { maxLength: 6 }),
    nowOffsetMinutes: fc.integer({ min: -1500, max: 3000 }),
  })
  .map((s) => {
    const weekday = isoWeekdayOf(s.date);
    const ranges: WeeklyRange[] = s.rawRanges.map((r) => ({
      weekday: r.otherDay ? (weekday % 7) + 1 : weekday,
      start: formatTimeOfDay(r.startStep * 5),
      end: formatTimeOfDay(Math.min(1440, r.startStep * 5 + r.lengthSteps * 5)),
    }));
    const dayStart = Date.parse(`${s.date}T00:00:00Z`);
    const busy: BusyInterval[] = s.busyOffsets.map((b) => ({
      start: new Date(dayStart + b.startMinutes * 60_000).toISOString(),
      end: new Date(dayStart + (b.startMinutes + b.lengthMinutes) * 60_000).toISOString(),
    }));
    const now = new Date(dayStart + s.nowOffsetMinutes * 60_000);
    return { ...s, ranges, busy, now };
  });

describe('computeSlots properties', () => {
  it('no available slot overlaps an appointment or free-time block, or starts in the past', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        for (const slot of computeSlots(s)) {
          if (!slot.available) continue;
          expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(s.now.getTime());
          for (const b of s.busy) {
            expect(intervalsOverlap(Date.parse(slot.start), Date.parse(slot.end), Date.parse(String(b.start)), Date.parse(String(b.end)))).toBe(false);
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('every unavailable slot is past or overlaps something (nothing free is hidden)', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        for (const slot of computeSlots(s)) {
          if (slot.available) continue;
          const start = Date.parse(slot.start);
          const end = Date.parse(slot.end);
          const blocked = s.busy.some((b) => intervalsOverlap(start, end, Date.parse(String(b.start)), Date.parse(String(b.end))));
          expect(start < s.now.getTime() || blocked).toBe(true);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('every slot lies inside a schedule range of its weekday, lasts the duration and shows its wall time', () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const ranges = rangesOnDate(s.date, s.timeZone, s.ranges);
        const slots = computeSlots(s);
        const duration = (s.durationMinutes ?? s.intervalMinutes) * 60_000;
        let previous = -Infinity;
        for (const slot of slots) {
          const start = Date.parse(slot.start);
          const end = Date.parse(slot.end);
          expect(end - start).toBe(duration);
          expect(ranges.some((r) => r.start <= start && end <= r.end)).toBe(true);
          expect(isWithinSchedule({ start, end, timeZone: s.timeZone, ranges: s.ranges })).toBe(true);
          const wall = wallClockOf(start, s.timeZone);
          expect(wall.date).toBe(s.date);
          expect(formatTimeOfDay(wall.minutes)).toBe(slot.time);
          expect(start).toBeGreaterThan(previous);
          previous = start;
        }
      }),
      { numRuns: 400 },
    );
  });
});
