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
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
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
