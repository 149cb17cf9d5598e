/**
 * Reading and rounding nutrient numbers.
 *
 * Seed 1 §5 and seed 2 §9: "nutrient values that are empty or non-numeric count as 0" and "values are
 * per 100 g, rounded to 1 decimal before scaling". Values reach the calculator from the food table
 * (numbers), from forms (strings typed with a comma or a dot) and from legacy imports, so the reader is
 * lenient; the API is stricter (it rejects text with 400 so a client learns about its mistake).
 */
import { NUTRIENT_KEYS, type NutrientKey } from './nutrient-keys.js';

/** Per-100 g values as they arrive: a missing key (or null) means "no value in the source". */
export type NutrientInput = Readonly<Partial<Record<string, unknown>>>;

const DECIMAL = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)$/;

/**
 * A finite number from a nutrient or quantity value: numbers pass through; strings written with a
 * decimal comma or dot ('12,5', ' 3.4 ') are read; anything else (empty, text, NaN, Infinity,
 * booleans, objects) counts as 0.
 */
export function toNutrientNumber(raw: unknown): number {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : 0;
  if (typeof raw !== 'string') return 0;
  const text = raw.trim();
  if (!DECIMAL.test(text)) return 0;
  const value = Number(text.replace(',', '.'));
  return Number.isFinite(value) ? value : 0;
}

/** True when the source has no value for the nutrient (absent key, undefined or null). */
export function isMissingValue(raw: unknown): boolean {
  return raw === undefined || raw === null;
}

/**
 * Rounds half away from zero to `decimals` places. The product goes through toPrecision(15) first so
 * binary noise does not decide the direction (1.45 × 10 is 14.499999999999998 in floating point, and
 * the nutritionist who wrote 1.45 expects 1.5).
 *
 * Performance: toPrecision builds a string, and a formula plan rounds ~24,000 values per recompute
 * (plans × 71 nutrients), so the string is made only when it can change the answer. toPrecision(15)
 * moves the product by at most 5e-15 of its size (plus one double rounding when read back), and
 * Math.round only changes its answer when a half-unit boundary (k + 0.5) is crossed, so a product whose
 * fractional part is farther than 1e-14 × product from 0.5 rounds the same with or without it. Products
 * of 1e15 or more keep the string path (toPrecision(15) drops their integer digits). The test keeps the
 * string-only version and checks both agree bit for bit.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const product = Math.abs(value) * factor;
  let scaled = product;
  if (!(product < 1e15) || Math.abs(product - Math.floor(product) - 0.5) <= product * 1e-14) {
    scaled = Number(product.toPrecision(15));
  }
  const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
  return rounded === 0 ? 0 : rounded;
}

/** The per-100 g value the calculator scales: read leniently, then rounded to 1 decimal (spec §9). */
export function per100gValue(raw: unknown): number {
  return roundTo(toNutrientNumber(raw), 1);
}

const KEY_SET: ReadonlySet<string> = new Set(NUTRIENT_KEYS);

export function isNutrientKey(value: unknown): value is NutrientKey {
  return typeof value === 'string' && KEY_SET.has(value);
}
