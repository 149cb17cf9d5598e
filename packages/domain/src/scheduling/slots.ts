/**
 * Appointment slots of one day at one place: the weekly schedule's ranges for that weekday, cut into
 * starts every `intervalMinutes` (wall clock), each lasting `durationMinutes` of real time. A slot is
 * available when it starts at or after `now` and shares no instant with a busy interval (appointments
 * and free-time blocks). Computed in the nutritionist's time zone; DST days are handled explicitly:
 * wall times inside a spring-forward gap produce no slot, and a wall time repeated by a fall-back
 * produces one slot (its first occurrence).
 */
import { intervalsOverlap, isoWeekdayOf, parseTimeOfDay, formatTimeOfDay, type WeeklyRange } from './time-of-day.js';
import { localDateOf, localTimeToInstant } from './time-zone.js';

export const MIN_SLOT_INTERVAL_MINUTES = 5;
export const MAX_SLOT_INTERVAL_MINUTES = 240;
export const DEFAULT_SLOT_INTERVAL_MINUTES = 30;

export interface BusyInterval {
  /** ISO instant or epoch milliseconds. */
  start: string | number;
  end: string | number;
}

export interface SlotInput {
  /** Local calendar date 'YYYY-MM-DD' in `timeZone`. */
  date: string;
  timeZone: string;
  /** The whole weekly schedule; only the ranges of the date's weekday are used. */
  ranges: readonly WeeklyRange[];
  intervalMinutes: number;
  /** Length of the appointment a slot offers; the interval when omitted. */
  durationMinutes?: number;
  busy: readonly BusyInterval[];
  now: Date;
}

export interface Slot {
  /** Local wall-clock start 'HH:mm'. */
  time: string;
  /** ISO-8601 UTC instants. */
  start: string;
  end: string;
  available: boolean;
}

const toMs = (value: string | number): number => (typeof value === 'number' ? value : Date.parse(value));

/** The ranges of a weekly schedule for one date, as instants. */
export function rangesOnDate(
  date: string,
  timeZone: string,
  ranges: readonly WeeklyRange[],
): Array<{ start: number; end: number; startMinutes: number; endMinutes: number }> {
  const weekday = isoWeekdayOf(date);
  return ranges
    .filter((r) => r.weekday === weekday)
    .map((r) => {
      const startMinutes = parseTimeOfDay(r.start);
      const endMinutes = parseTimeOfDay(r.end);
      return {
        startMinutes,
        endMinutes,
        start: localTimeToInstant(date, startMinutes, timeZone).instant.getTime(),
        end: localTimeToInstant(date, endMinutes, timeZone).instant.getTime(),
      };
    })
    .filter((r) => r.start < r.end)
    .sort((a, b) => a.start - b.start);
}

export function computeSlots(input: SlotInput): Slot[] {
  const interval = input.intervalMinutes;
  const duration = input.durationMinutes ?? interval;
  if (!Number.isInteger(interval) || interval < 1) throw new RangeError(`intervalMinutes must be a positive integer (got ${interval})`);
  if (!Number.isInteger(duration) || duration < 1) throw new RangeError(`durationMinutes must be a positive integer (got ${duration})`);

  const busy = input.busy.map((b) => ({ start: toMs(b.start), end: toMs(b.end) })).filter((b) => b.start < b.end);
  const nowMs = input.now.getTime();
  const byStart = new Map<number, Slot>();

  for (const range of rangesOnDate(input.date, input.timeZone, input.ranges)) {
    for (let minutes = range.startMinutes; minutes < range.endMinutes; minutes += interval) {
      const local = localTimeToInstant(input.date, minutes, input.timeZone);
      if (!local.exists) continue;
      const start = local.instant.getTime();
      const end = start + duration * 60_000;
      // Both bounds in real time: a range that spans a DST change is shorter or longer than its label.
      if (start < range.start || end > range.end) continue;
      if (byStart.has(start)) continue;
      const free = start >= nowMs && !busy.some((b) => intervalsOverlap(start, end, b.start, b.end));
      byStart.set(start, {
        time: formatTimeOfDay(minutes),
        start: new Date(start).toISOString(),
        end: new Date(end).toISOString(),
        available: free,
      });
    }
  }
  return [...byStart.values()].sort((a, b) => a.start.localeCompare(b.start));
}

/**
 * True when [start, end) lies entirely inside the schedule on the local date of its start. Touching
 * ranges (09:00–12:00, 12:00–15:00) count as one, so an appointment may straddle their boundary.
 */
export function isWithinSchedule(input: {
  start: string | number;
  end: string | number;
  timeZone: string;
  ranges: readonly WeeklyRange[];
}): boolean {
  const s = toMs(input.start);
  const e = toMs(input.end);
  if (!(s < e)) return false;
  const dayRanges = rangesOnDate(localDateOf(s, input.timeZone), input.timeZone, input.ranges);
  const merged: Array<{ start: number; end: number }> = [];
  for (const r of dayRanges) {
    const last = merged[merged.length - 1];
    if (last && r.start <= last.end) last.end = Math.max(last.end, r.end);
    else merged.push({ start: r.start, end: r.end });
  }
  return merged.some((r) => r.start <= s && e <= r.end);
}
