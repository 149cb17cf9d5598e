/**
 * Time-zone arithmetic with the built-in Intl API only (no tz library): the UTC offset of a zone at an
 * instant, the wall clock of an instant, and the instant of a wall-clock time on a date.
 *
 * Daylight-saving transitions make local → instant partial: in a spring-forward gap a wall time does not
 * exist (Europe/Madrid 2025-03-30 02:30), in a fall-back overlap it exists twice (Madrid 2025-10-26
 * 02:30). `localTimeToInstant` reports the gap and picks the earlier instant of an overlap.
 */
import { formatCalendarDate, MINUTES_PER_DAY, parseCalendarDate } from './time-of-day.js';

export const DEFAULT_TIME_ZONE = 'America/Argentina/Buenos_Aires';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for an IANA zone name this runtime knows ('America/Santiago'); false for anything else. */
export function isValidTimeZone(timeZone: string): boolean {
  if (!timeZone) return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone if valid, otherwise Buenos Aires, so a corrupt setting never breaks a calendar. */
export function resolveTimeZone(timeZone: string | null | undefined): string {
  return timeZone && isValidTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

export interface WallClock {
  /** 'YYYY-MM-DD' */
  date: string;
  /** Minutes after local midnight, 0..1439. */
  minutes: number;
  second: number;
}

function partsOf(instantMs: number, timeZone: string) {
  const values: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instantMs))) {
    if (part.type !== 'literal') values[part.type] = Number(part.value);
  }
  // Some ICU versions still print midnight as hour 24 under h23.
  const hour = values.hour === 24 ? 0 : (values.hour ?? 0);
  return { year: values.year!, month: values.month!, day: values.day!, hour, minute: values.minute!, second: values.second! };
}

/** The wall clock of an instant in a zone. */
export function wallClockOf(instant: Date | number, timeZone: string): WallClock {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const p = partsOf(ms, timeZone);
  return { date: formatCalendarDate(p), minutes: p.hour * 60 + p.minute, second: p.second };
}

/** Local calendar date of an instant in a zone. */
export function localDateOf(instant: Date | number, timeZone: string): string {
  return wallClockOf(instant, timeZone).date;
}

/** UTC offset of the zone at that instant, in minutes (Buenos Aires: −180). */
export function timeZoneOffsetMinutes(instant: Date | number, timeZone: string): number {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  const p = partsOf(ms, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  const truncated = Math.floor(ms / 1000) * 1000;
  return Math.round((asUtc - truncated) / 60_000);
}

export interface LocalInstant {
  instant: Date;
  /**
   * False when the wall time falls in a spring-forward gap; `instant` is then the moment the clocks
   * jumped over it, i.e. the same elapsed time after the previous valid wall time.
   */
  exists: boolean;
}

/**
 * The instant at which the wall clock of `timeZone` shows `minutes` after midnight of `date`
 * (`minutes` may be 1440: the next midnight). In a fall-back overlap the earlier instant wins.
 */
export function localTimeToInstant(date: string, minutes: number, timeZone: string): LocalInstant {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes > MINUTES_PER_DAY) {
    throw new RangeError(`minutes of day out of range: ${minutes}`);
  }
  const { year, month, day } = parseCalendarDate(date);
  // The wall time read as if it were UTC; the true instant is this minus the offset in force then.
  const wallAsUtc = Date.UTC(year, month - 1, day, 0, minutes);
  const day24h = 24 * 3600_000;
  const candidateOffsets = new Set([
    timeZoneOffsetMinutes(wallAsUtc - day24h, timeZone),
    timeZoneOffsetMinutes(wallAsUtc, timeZone),
    timeZoneOffsetMinutes(wallAsUtc + day24h, timeZone),
  ]);
  const matches: number[] = [];
  for (const offset of candidateOffsets) {
    const candidate = wallAsUtc - offset * 60_000;
    if (timeZoneOffsetMinutes(candidate, timeZone) === offset) matches.push(candidate);
  }
  if (matches.length > 0) return { instant: new Date(Math.min(...matches)), exists: true };
  // In a gap: apply the offset from before the jump, which lands after the jump by the same elapsed time.
  const before = timeZoneOffsetMinutes(wallAsUtc - day24h, timeZone);
  return { instant: new Date(wallAsUtc - before * 60_000), exists: false };
}

/** [start, end) of a local calendar day as instants (23 or 25 hours long on DST change days). */
export function localDayBounds(date: string, timeZone: string): { start: Date; end: Date } {
  return {
    start: localTimeToInstant(date, 0, timeZone).instant,
    end: localTimeToInstant(date, MINUTES_PER_DAY, timeZone).instant,
  };
}
