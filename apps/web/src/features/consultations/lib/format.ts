// Presentation of numbers and dates the Argentine way (22,5 kg; dd-mm-yyyy), and parsing of the decimal
// inputs, which accept a comma or a dot.
import { formatCalendarDate } from '../../../lib/dates';
import { i18n } from '../../../lib/i18n';

const formatters = new Map<string, Intl.NumberFormat>();

export function numberLocale(): string {
  return i18n.language?.startsWith('en') ? 'en-US' : 'es-AR';
}

/** 22.456 → '22,5' (es-AR) with `decimals` fraction digits. */
export function formatNumber(value: number, decimals = 1): string {
  const key = `${numberLocale()}|${decimals}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(numberLocale(), { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(key, formatter);
  }
  // -0,0 reads as a sign error in a delta column.
  const text = formatter.format(value);
  return /^-0([.,]0+)?$/.test(text) ? text.slice(1) : text;
}

export function formatWithUnit(value: number | null | undefined, decimals: number, unit: string): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return unit ? `${formatNumber(value, decimals)} ${unit}` : formatNumber(value, decimals);
}

export function formatSigned(value: number | null | undefined, decimals: number, unit = ''): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  const text = formatWithUnit(value, decimals, unit);
  return value > 0 && text !== formatWithUnit(0, decimals, unit) ? `+${text}` : text;
}

/** 'YYYY-MM-DD' → 'dd-mm-yyyy'. */
export function formatDate(date: string | null | undefined): string {
  return formatCalendarDate(date) || '—';
}

export { filterDecimalInput } from '../../../lib/decimal-input';

/** '72,5' | '72.5' → 72.5; '' → null; anything else → NaN. */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+([.,]\d*)?$|^[.,]\d+$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(',', '.'));
}
