// Today's calendar date in the browser's time zone.

/**
 * 'YYYY-MM-DD' from the Date's own fields, not Intl.DateTimeFormat: the first formatter of a page loads
 * the locale's ICU data, ~60 ms of a throttled phone's CPU that /ficha spent before its first paint (its
 * daily-log badge asks for today's entries).
 */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
