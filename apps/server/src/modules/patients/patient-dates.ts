// Calendar-date arithmetic for the clinical record. "Today" is the nutritionist's date in their time zone
// at the injected clock's instant, so ages and gestational weeks never depend on the server's zone.
const formatters = new Map<string, Intl.DateTimeFormat>();
const FALLBACK_TIME_ZONE = 'America/Argentina/Buenos_Aires';

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      formatter = formatterFor(FALLBACK_TIME_ZONE);
    }
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** 'YYYY-MM-DD' of the instant in the time zone. */
export function dateInTimeZone(instant: Date, timeZone: string): string {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(instant).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * Completed years between two calendar dates. Someone born on 29 February turns a year older on 1 March
 * in common years (the birthday has not happened while the month-day is still before 02-29).
 */
export function ageInYears(birthDate: string, today: string): number | null {
  if (birthDate > today) return null;
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) >= birthDate.slice(5) ? years : years - 1;
}

const MS_PER_DAY = 86_400_000;

export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * MS_PER_DAY).toISOString().slice(0, 10);
}
