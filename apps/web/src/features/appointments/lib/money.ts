// Prices typed the Argentine way ('1.500,50', or '1500.5') to integer cents and back, and the
// dd-mm-yyyy / HH:mm formats the calendar screens show.
import { formatCalendarDate, formatTime as formatTimeOf } from '../../../lib/dates';

/** Keeps what a price field may hold: digits, one decimal separator and thousands dots. */
export function filterPriceInput(text: string): string {
  return text.replace(/[^0-9.,]/g, '');
}

/** '1.500,50' → 150050; '1500.5' → 150050; '' → 0; null when it is not a price. */
export function parsePriceToCents(text: string): number | null {
  const value = text.trim();
  if (value === '') return 0;
  if (!/^[0-9.,]+$/.test(value)) return null;
  let normalised: string;
  if (value.includes(',')) {
    if (value.indexOf(',') !== value.lastIndexOf(',')) return null;
    normalised = value.replace(/\./g, '').replace(',', '.');
  } else {
    const dots = value.split('.').length - 1;
    const decimals = value.length - value.lastIndexOf('.') - 1;
    // A single dot followed by one or two digits is a decimal point ('1500.5'); otherwise dots group thousands.
    normalised = dots === 1 && decimals <= 2 ? value : value.replace(/\./g, '');
  }
  if (!/^\d+(\.\d{0,2})?$/.test(normalised)) return null;
  const [whole, fraction = ''] = normalised.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 150050 → '1500,50' (what the edit field shows back). */
export function centsToInput(cents: number): string {
  const whole = Math.floor(cents / 100);
  const fraction = cents % 100;
  return fraction === 0 ? String(whole) : `${whole},${String(fraction).padStart(2, '0')}`;
}

/** 150050, 'ARS' → '$ 1.500,50' in the interface locale. */
export function formatMoney(cents: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${currency} ${new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(cents / 100)}`;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Local calendar date 'YYYY-MM-DD' of a Date. */
export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** 'YYYY-MM-DD' → 'dd-mm-yyyy' (lib/dates.ts, the app's one format). */
export const displayDate = (iso: string): string => formatCalendarDate(iso);

/** 24 h 'HH:mm' of an instant in a time zone (the browser's when absent), from lib/dates.ts. */
export const formatTime = (instant: string | Date, timeZone?: string): string => formatTimeOf(instant, timeZone);

/** Minutes between two instants. */
export function minutesBetween(start: Date, end: Date): number {
  return Math.round((end.getTime() - start.getTime()) / 60_000);
}
