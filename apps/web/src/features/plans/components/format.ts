// Number and date display for plans: es-AR / en formats, dd-mm-yyyy dates.
import { formatCalendarDate, formatDate } from '../../../lib/dates';

export const numberLocale = (language: string) => (language.startsWith('en') ? 'en-US' : 'es-AR');

export function fmt(value: number | null | undefined, language: string, decimals = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return new Intl.NumberFormat(numberLocale(language), { maximumFractionDigits: decimals, minimumFractionDigits: 0 }).format(value);
}

/** Signed: '+120' / '−80'. */
export function fmtSigned(value: number, language: string, decimals = 0): string {
  const text = fmt(Math.abs(value), language, decimals);
  if (Math.round(value * 10 ** decimals) === 0) return text;
  return `${value > 0 ? '+' : '−'}${text}`;
}

/** dd-mm-yyyy of an instant or a calendar date (lib/dates.ts). */
export const fmtDate = (iso: string) => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? formatCalendarDate(iso) : formatDate(iso));

/** Accepts comma or dot; '' → undefined. */
export function parseDecimalInput(raw: string): number | undefined {
  const text = raw.trim().replace(',', '.');
  if (text === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export const DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
