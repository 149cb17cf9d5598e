/**
 * The hours the calendar shows (the legacy /horario-min-max answer): from the earliest opening to the
 * latest closing over every schedule of the practice. Without any schedule the spec's default 05:00 to
 * 18:00 applies and `alert` tells the interface to invite the nutritionist to set her hours.
 */
import { formatTimeOfDay, parseTimeOfDay, type TimeRange } from './time-of-day.js';

export const DEFAULT_CALENDAR_MIN = '05:00';
export const DEFAULT_CALENDAR_MAX = '18:00';
/** Step of the time pickers and the calendar grid (seed 1 section 9). */
export const CALENDAR_STEP_MINUTES = 5;

export interface CalendarHours {
  min: string;
  max: string;
  /** True when no schedule is configured and the defaults are shown. */
  alert: boolean;
  stepMinutes: number;
}

export function calendarHours(ranges: readonly TimeRange[]): CalendarHours {
  if (ranges.length === 0) {
    return { min: DEFAULT_CALENDAR_MIN, max: DEFAULT_CALENDAR_MAX, alert: true, stepMinutes: CALENDAR_STEP_MINUTES };
  }
  let min = Infinity;
  let max = -Infinity;
  for (const r of ranges) {
    min = Math.min(min, parseTimeOfDay(r.start));
    max = Math.max(max, parseTimeOfDay(r.end));
  }
  return { min: formatTimeOfDay(min), max: formatTimeOfDay(max), alert: false, stepMinutes: CALENDAR_STEP_MINUTES };
}
