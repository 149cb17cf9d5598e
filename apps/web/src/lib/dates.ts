// The app's one way to write dates and times (issue 24): dd-mm-yyyy and 24-hour HH:mm in every language
// (the spec's format, and the one the date inputs use), whatever the browser's locale would pick —
// Intl's "short" styles gave 27/11/26, 10:31 p. m. in es-AR and 11/27/2026 in en. Built from the Date's
// own fields (no Intl), except when a time zone is asked for.

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock fields of an instant, in the browser's zone or in `timeZone` (an IANA name). */
function fieldsOf(instant: string | Date, timeZone?: string) {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  const own = () => ({ y: date.getFullYear(), m: date.getMonth() + 1, d: date.getDate(), h: date.getHours(), min: date.getMinutes() });
  if (!timeZone) return own();
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(date);
  } catch {
    return own(); // an unknown zone name: the browser's zone rather than no date at all
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { y: part('year'), m: part('month'), d: part('day'), h: part('hour'), min: part('minute') };
}

/** 'YYYY-MM-DD' (a calendar date) → 'dd-mm-yyyy'; anything else is returned as it came. */
export function formatCalendarDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}-${match[2]}-${match[1]}` : iso;
}

/** The date of an instant: 'dd-mm-yyyy'. */
export function formatDate(instant: string | Date, timeZone?: string): string {
  const f = fieldsOf(instant, timeZone);
  return `${pad(f.d)}-${pad(f.m)}-${f.y}`;
}

/** The time of an instant: 24-hour 'HH:mm'. */
export function formatTime(instant: string | Date, timeZone?: string): string {
  const f = fieldsOf(instant, timeZone);
  return `${pad(f.h)}:${pad(f.min)}`;
}

/** A span of time on one day: 'HH:mm – HH:mm', 24-hour, two digits each. */
export function formatTimeRange(start: string | Date, end: string | Date, timeZone?: string): string {
  return `${formatTime(start, timeZone)} – ${formatTime(end, timeZone)}`;
}

/** Date and time of an instant: 'dd-mm-yyyy HH:mm'. */
export function formatDateTime(instant: string | Date, timeZone?: string): string {
  return `${formatDate(instant, timeZone)} ${formatTime(instant, timeZone)}`;
}

// Long forms, with names of days and months, are the only ones that depend on the language: one per
// locale, day first in each — es and es-AR 'sábado, 28 de noviembre de 2026', en 'Saturday, 28
// November 2026' (British order, so English dates read day-month like the short form) — and 24-hour times in all.
const LONG_LOCALE: Record<string, string> = { es: 'es-AR', 'es-AR': 'es-AR', en: 'en-GB' };
const longLocale = (language: string) => LONG_LOCALE[language] ?? LONG_LOCALE[language.split('-')[0] ?? ''] ?? 'es-AR';

function formatWith(options: Intl.DateTimeFormatOptions, instant: string | Date, language: string, timeZone?: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  try {
    return new Intl.DateTimeFormat(longLocale(language), { ...options, timeZone }).format(date);
  } catch {
    // An unknown zone name (a profile typed by hand): the browser's own zone rather than nothing.
    return new Intl.DateTimeFormat(longLocale(language), options).format(date);
  }
}

/** The whole date with the weekday: 'sábado, 28 de noviembre de 2026' / 'Saturday, 28 November 2026'. */
export function formatLongDate(instant: string | Date, language: string, timeZone?: string): string {
  return formatWith({ weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }, instant, language, timeZone);
}

/** Weekday, day, month and 24-hour time: 'sábado, 28 de noviembre, 17:30' / 'Saturday, 28 November, 17:30'. */
export function formatLongDateTime(instant: string | Date, language: string, timeZone?: string): string {
  const day = formatWith({ weekday: 'long', day: 'numeric', month: 'long' }, instant, language, timeZone);
  return `${day}, ${formatTime(instant, timeZone)}`;
}

/** The name of a month (1–12): 'noviembre' / 'nov' / 'November' / 'Nov'. */
export function formatMonthName(month: number, language: string, style: 'long' | 'short' = 'long'): string {
  return formatWith({ month: style }, new Date(Date.UTC(2020, month - 1, 15)), language, 'UTC');
}

/** A message's time: 'HH:mm' when it is from today, else 'dd-mm-yyyy HH:mm'. */
export function formatMessageTime(instant: string | Date, now: Date = new Date()): string {
  return formatDate(instant) === formatDate(now) ? formatTime(instant) : formatDateTime(instant);
}

/** The weekday of an instant: 'viernes' / 'Friday'. */
export function formatWeekday(instant: string | Date, language: string, timeZone?: string): string {
  return formatWith({ weekday: 'long' }, instant, language, timeZone);
}
