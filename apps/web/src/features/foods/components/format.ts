// es-AR / en number formatting and lenient decimal input (comma or dot) for the food screens.
import { measureDescriptionFor, spanishMeasureDescription } from '@almendra/domain';
import { intlLocale } from '../../../lib/i18n';

const formatters = new Map<string, Intl.NumberFormat>();

/** Energy without decimals, everything else with exactly one (values are rounded to 1 decimal per 100 g). */
export function formatAmount(value: number, language: string, unit?: string): string {
  const decimals = unit === 'kcal' ? 0 : 1;
  const key = `${language}:${decimals}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(intlLocale(language), { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    formatters.set(key, formatter);
  }
  return formatter.format(value);
}

export { filterDecimalInput } from '../../../lib/decimal-input';

/** '' → undefined; '12,5' → 12.5. */
export function parseDecimal(raw: string): number | undefined {
  if (raw.trim() === '') return undefined;
  const value = Number(raw.replace(',', '.'));
  return Number.isFinite(value) ? value : undefined;
}

/** A household-measure name in the interface language: SR24 writes them in English ('cup, cubes'), the API keeps them so. */
export function measureName(description: string, language: string): string {
  return measureDescriptionFor(description, language.startsWith('en') ? 'en' : 'es');
}

/**
 * The measures a reader of `language` sees: in Spanish, only those that can be said fully in Spanish
 * ('1 avocado, NS as to Florida or California' is left out, never shown half in English); in English, all.
 */
export function visibleMeasures<M extends { description: string }>(measures: readonly M[], language: string): M[] {
  return measures.filter((m) => isMeasureVisible(m.description, language));
}

/** One measure of `visibleMeasures`' rule: every measure in English, only those fully in Spanish otherwise. */
export function isMeasureVisible(description: string, language: string): boolean {
  return language.startsWith('en') || spanishMeasureDescription(description) !== null;
}

/** '0,5 taza, en cubos (75,0 g)' in Spanish, '0.5 cup, cubes (75.0 g)' in English. */
export function measureLabel(measure: { amount: number; description: string; gramWeight: number }, language: string): string {
  return `${formatAmount(measure.amount, language).replace(/[,.]0$/, '')} ${measureName(measure.description, language)} (${formatAmount(measure.gramWeight, language)} g)`;
}

/** A plain number with at most two decimals ('1,5' servings, '2' units). */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 2 }).format(value);
}
