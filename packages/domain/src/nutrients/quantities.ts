/**
 * Food quantities: from "quantity + unit" to grams, and from grams to nutrient amounts.
 *
 * Seed 1 §9 / seed 2 §9: values are per 100 g, rounded to 1 decimal before scaling; the unit factor is 1
 * for grams, otherwise the food's household-unit weight. A USDA household measure is
 * [amount, description, gram weight] ("0.5 cup, chopped" = 75 g), so one unit of it weighs
 * gramWeight / amount and "2 × cup, chopped" is 2 × 150 g.
 */
import { NUTRIENT_KEYS, type NutrientKey } from './nutrient-keys.js';
import type { NutrientTotals, NutrientValues } from './totals.js';
import { isMissingValue, per100gValue, toNutrientNumber, type NutrientInput } from './values.js';

export const GRAM_UNIT = 'g';

export interface HouseholdMeasure {
  /** 1-based position in the food's measure list; defaults to the index in the list + 1. */
  readonly position?: number;
  /** How many units of the description the gram weight is for (USDA "Amount"); defaults to 1. */
  readonly amount?: number;
  readonly description: string;
  readonly gramWeight: number;
}

/** 'g', a measure position (number), or a measure description (string, compared case-insensitively). */
export type FoodUnit = string | number;

export class UnknownUnitError extends RangeError {
  constructor(readonly unit: FoodUnit) {
    super(`the food has no household measure ${JSON.stringify(unit)}`);
    this.name = 'UnknownUnitError';
  }
}

const normalizeDescription = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

export function findMeasure(measures: readonly HouseholdMeasure[], unit: FoodUnit): HouseholdMeasure | undefined {
  if (typeof unit === 'number') return measures.find((m, index) => (m.position ?? index + 1) === unit);
  const wanted = normalizeDescription(unit);
  return measures.find((m) => normalizeDescription(m.description) === wanted);
}

/** Grams of one unit of the measure. */
export function gramsPerMeasureUnit(measure: HouseholdMeasure): number {
  const amount = measure.amount !== undefined && measure.amount > 0 ? measure.amount : 1;
  return toNutrientNumber(measure.gramWeight) / amount;
}

/** The unit conversion factor (grams per unit): 1 for 'g', else the household unit's weight. */
export function unitFactor(unit: FoodUnit, measures: readonly HouseholdMeasure[] = []): number {
  if (unit === GRAM_UNIT) return 1;
  const measure = findMeasure(measures, unit);
  if (!measure) throw new UnknownUnitError(unit);
  return gramsPerMeasureUnit(measure);
}

/** quantity × factor; an empty or non-numeric quantity counts as 0. */
export function quantityInGrams(quantity: unknown, factor: number): number {
  return toNutrientNumber(quantity) * factor;
}

/** Amount of one nutrient in `grams` of a food: round1(value per 100 g) × grams / 100. */
export function nutrientAmount(per100g: unknown, grams: number): number {
  return (per100gValue(per100g) * grams) / 100;
}

export interface RoundedPer100g {
  /** The source values the entry was built from, to notice an object changed since. */
  readonly raws: readonly unknown[];
  /** per100gValue of every key, in NUTRIENT_KEYS order. */
  readonly values: Float64Array;
  readonly missing: readonly NutrientKey[];
  /** The object was frozen when the entry was built, so it cannot have changed since. */
  readonly frozen: boolean;
}

/**
 * Each food's per-100 g values rounded once: a plan scales the same food objects on every recompute
 * (keystroke), and rounding 71 values per line was most of a recompute's time. Keyed weakly by the
 * food's nutrient object; an entry is reused only while every value is still the same one it was built
 * from (`Object.is`), so an object edited in place is simply rounded again — results never go stale.
 * An object that was already frozen when its entry was built cannot have changed, so that entry is
 * reused without the check (the plan editor freezes the per-100 g objects it keeps).
 */
const roundedCache = new WeakMap<object, RoundedPer100g>();

/**
 * per100gValue of every nutrient key of a food, in NUTRIENT_KEYS order, and its missing keys — computed
 * once per food object. Callers must not modify the returned arrays.
 */
export function roundedPer100g(per100g: NutrientInput): RoundedPer100g {
  const cached = roundedCache.get(per100g);
  if (cached) {
    if (cached.frozen) return cached;
    let same = true;
    for (let i = 0; i < NUTRIENT_KEYS.length; i += 1) {
      if (!Object.is(cached.raws[i], per100g[NUTRIENT_KEYS[i]!])) {
        same = false;
        break;
      }
    }
    if (same) return cached;
  }
  const raws: unknown[] = [];
  const values = new Float64Array(NUTRIENT_KEYS.length);
  const missing: NutrientKey[] = [];
  for (let i = 0; i < NUTRIENT_KEYS.length; i += 1) {
    const key = NUTRIENT_KEYS[i]!;
    const raw = per100g[key];
    raws.push(raw);
    if (isMissingValue(raw)) missing.push(key);
    values[i] = per100gValue(raw);
  }
  const entry = { raws, values, missing, frozen: Object.isFrozen(per100g) };
  roundedCache.set(per100g, entry);
  return entry;
}

/** Every nutrient of `grams` of a food; keys without a source value count 0 and are listed as missing. */
export function scaleNutrients(per100g: NutrientInput, grams: number): NutrientTotals {
  const rounded = roundedPer100g(per100g);
  const values = {} as NutrientValues;
  // Same expression as nutrientAmount, so a line equals the sum of its nutrientAmount calls bit for bit.
  for (let i = 0; i < NUTRIENT_KEYS.length; i += 1) values[NUTRIENT_KEYS[i]!] = (rounded.values[i]! * grams) / 100;
  return { values, missing: rounded.missing.slice() };
}
