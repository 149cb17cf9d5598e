/**
 * Wall-clock times of a weekly schedule ('HH:mm') and calendar dates ('YYYY-MM-DD') as plain values.
 *
 * Schedules are kept as wall-clock text because a practice opens "at 09:00" whatever the UTC offset of
 * that day; they only become instants for one concrete date in one time zone (see time-zone.ts).
 */

export const MINUTES_PER_DAY = 24 * 60;

/** ISO weekday: Monday = 1 … Sunday = 7 (weeks start on Monday in Argentina). */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** A range of one day, start inclusive and end exclusive, both 'HH:mm'; the end may be '24:00'. */
export interface TimeRange {
  start: string;
  end: string;
}

export interface WeeklyRange extends TimeRange {
  weekday: number;
}

const TIME_PATTERN = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'HH:mm' → minutes after midnight; '24:00' is accepted as the end of the day. */
export function parseTimeOfDay(text: string): number {
  if (text === '24:00') return MINUTES_PER_DAY;
  const match = TIME_PATTERN.exec(text);
  if (!match) throw new RangeError(`not a time of day 'HH:mm': ${text}`);
  return Number(match[1]) * 60 + Number(match[2]);
}

export function isTimeOfDay(text: string): boolean {
  return TIME_PATTERN.test(text);
}

/** Minutes after midnight → 'HH:mm' (1440 → '24:00'). */
export function formatTimeOfDay(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > MINUTES_PER_DAY) {
    throw new RangeError(`minutes of day out of range: ${minutes}`);
  }
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

/** Parses 'YYYY-MM-DD' and rejects dates that do not exist (2026-02-30). */
export function parseCalendarDate(text: string): CalendarDate {
  const match = DATE_PATTERN.exec(text);
  if (!match) throw new RangeError(`not a calendar date 'YYYY-MM-DD': ${text}`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    throw new RangeError(`calendar date does not exist: ${text}`);
  }
  return { year, month, day };
}

export function isCalendarDate(text: string): boolean {
  try {
    parseCalendarDate(text);
    return true;
  } catch {
    return false;
  }
}

export function formatCalendarDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Adds whole days to a calendar date (no time zone is involved: a date is not an instant). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parseCalendarDate(date);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return formatCalendarDate({ year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() });
}

export function isoWeekdayOf(date: string): IsoWeekday {
  const { year, month, day } = parseCalendarDate(date);
  const sundayBased = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return (sundayBased === 0 ? 7 : sundayBased) as IsoWeekday;
}

/** Half-open intervals [aStart, aEnd) and [bStart, bEnd) share at least one instant. */
export function intervalsOverlap(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart < bEnd && bStart < aEnd;
}

/**
 * Problems of one day's ranges: a start not before its end, or two ranges sharing time. Touching ranges
 * (09:00–12:00 and 12:00–13:00) are fine. Returns the index of the offending range with a Spanish message.
 */
export function findRangeProblems(ranges: readonly TimeRange[]): Array<{ index: number; message: string }> {
  const problems: Array<{ index: number; message: string }> = [];
  const parsed = ranges.map((r, index) => ({ index, start: parseTimeOfDay(r.start), end: parseTimeOfDay(r.end) }));
  for (const r of parsed) {
    if (r.start >= r.end) problems.push({ index: r.index, message: 'La hora de inicio debe ser anterior a la de fin.' });
  }
  const valid = parsed.filter((r) => r.start < r.end).sort((a, b) => a.start - b.start);
  for (let i = 1; i < valid.length; i += 1) {
    const previous = valid[i - 1]!;
    const current = valid[i]!;
    if (current.start < previous.end) {
      problems.push({ index: current.index, message: 'Los horarios de un mismo día no pueden superponerse.' });
    }
  }
  return problems;
}

/** Seed 2 section 9: when no slot list applies, start times are offered from 06:00 to 22:00 every 5 minutes. */
export const FALLBACK_START_TIME_RANGE = { from: '06:00', to: '22:00', stepMinutes: 5 } as const;

/** "06:00", "06:05", … "22:00": the start times offered when the schedule gives none. */
export function fallbackStartTimes(range: { from: string; to: string; stepMinutes: number } = FALLBACK_START_TIME_RANGE): string[] {
  const times: string[] = [];
  for (let minute = parseTimeOfDay(range.from); minute <= parseTimeOfDay(range.to); minute += range.stepMinutes) times.push(formatTimeOfDay(minute));
  return times;
}
