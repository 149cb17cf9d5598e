// Argentine display and input rules for the patients screens: dates dd-mm-yyyy in, ISO out; numbers
// with comma or dot; es-AR number display; contact links (tel, mailto, WhatsApp).

import { formatCalendarDate } from '../../../lib/dates';

const DISPLAY_DATE = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' → 'dd-mm-yyyy' ('' for null): lib/dates.ts, the app's one format. */
export const formatDate = (iso: string | null | undefined): string => formatCalendarDate(iso);

/**
 * What the user typed ('15-03-1990', '15/3/1990' or already ISO) → 'YYYY-MM-DD'; null when empty;
 * the raw text when it is not a date, so the server answers with its own message.
 */
export function parseDateInput(text: string): string | null {
  const value = text.trim();
  if (!value) return null;
  const match = DISPLAY_DATE.exec(value);
  if (match) return `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}`;
  return value;
}

export { filterDecimalInput as filterDecimal } from '../../../lib/decimal-input';

/** '22,5' or '22.5' → 22.5; '' → null; anything else → NaN (the server rejects it with its message). */
export function parseDecimal(text: string): number | null {
  const value = text.trim();
  if (!value) return null;
  return Number(value.replace(',', '.'));
}

/** 22.5 → '22,5' in es-AR (grouping with dots). */
export function formatNumber(value: number | null | undefined, locale = 'es-AR', maxDecimals = 1): string {
  if (value == null || Number.isNaN(value)) return '';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: maxDecimals }).format(value);
}

/** Whole years from an ISO birth date to `today` (ISO), or null. */
export function ageFrom(birthDate: string | null, today: string): number | null {
  const birth = birthDate ? ISO_DATE.exec(birthDate) : null;
  const now = ISO_DATE.exec(today);
  if (!birth || !now) return null;
  let age = Number(now[1]) - Number(birth[1]);
  if (now[2]! < birth[2]! || (now[2] === birth[2] && now[3]! < birth[3]!)) age -= 1;
  return age >= 0 && age < 150 ? age : null;
}
