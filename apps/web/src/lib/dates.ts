// The app's one way to write dates and times (issue 24): dd-mm-yyyy and 24-hour HH:mm in every language
// (the spec's format, and the one the date inputs use), whatever the browser's locale would pick —
// Intl's "short" styles gave 27/11/26, 10:31 p. m. in es-AR and 11/27/2026 in en. Built from the Date's
// own fields (no Intl), except when a time zone is asked for.

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock fields of an instant, in the browser's zone or in `timeZone` (an IANA name). */
function fieldsOf(instant: string | Date, timeZone?: string) {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  if (!timeZone) return { y: date.getFullYear(), m: date.getMonth() + 1, d: date.getDate(), h: date.getHours(), min: date.getMinutes() };
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(date);
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

/** Date and time of an instant: 'dd-mm-yyyy HH:mm'. */
export function formatDateTime(instant: string | Date, timeZone?: string): string {
  return `${formatDate(instant, timeZone)} ${formatTime(instant, timeZone)}`;
}
