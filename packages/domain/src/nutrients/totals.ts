/**
 * Nutrient totals: an amount for every nutrient key plus the keys that are incomplete.
 *
 * The food table distinguishes "no value in the source" from 0 (salmon has no vitamin D figure in SR).
 * A total counts a missing value as 0, as the spec asks, but remembers the key in `missing` so the
 * interface can mark such a total as a lower bound instead of presenting it as exact.
 */
import { NUTRIENT_KEYS, type NutrientKey } from './nutrient-keys.js';

export type NutrientValues = Record<NutrientKey, number>;

export interface NutrientTotals {
  readonly values: Readonly<NutrientValues>;
  /** Keys for which at least one contributing food had no value, in key-list order. */
  readonly missing: readonly NutrientKey[];
}

function zeroValues(): NutrientValues {
  const values = {} as NutrientValues;
  for (const key of NUTRIENT_KEYS) values[key] = 0;
  return values;
}

export function emptyTotals(): NutrientTotals {
  return { values: zeroValues(), missing: [] };
}

function unionMissing(lists: readonly (readonly NutrientKey[])[]): NutrientKey[] {
  const nonEmpty = lists.filter((l) => l.length > 0);
  if (nonEmpty.length === 0) return [];
  if (nonEmpty.length === 1) return [...nonEmpty[0]!];
  const set = new Set<NutrientKey>();
  for (const list of nonEmpty) for (const key of list) set.add(key);
  return NUTRIENT_KEYS.filter((key) => set.has(key));
}

/** a + b, key by key. */
export function addTotals(a: NutrientTotals, b: NutrientTotals): NutrientTotals {
  const values = {} as NutrientValues;
  for (const key of NUTRIENT_KEYS) values[key] = a.values[key] + b.values[key];
  return { values, missing: unionMissing([a.missing, b.missing]) };
}

/** The sum of a list, added in list order (so the same list always gives the same floating-point result). */
export function sumTotals(list: readonly NutrientTotals[]): NutrientTotals {
  const values = zeroValues();
  for (const item of list) for (const key of NUTRIENT_KEYS) values[key] += item.values[key];
  return { values, missing: unionMissing(list.map((t) => t.missing)) };
}

/** Every amount × factor (per serving, a share of a dish…). */
export function scaleTotals(totals: NutrientTotals, factor: number): NutrientTotals {
  const values = {} as NutrientValues;
  for (const key of NUTRIENT_KEYS) values[key] = totals.values[key] * factor;
  return { values, missing: [...totals.missing] };
}
