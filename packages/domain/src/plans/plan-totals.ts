/**
 * Plan totals (seed 1 §4): per meal, per day and the weekly average for every nutrient, the energy
 * target (typed, or the latest consultation's requirement with the plan goal's adjustment), the macro
 * distribution in grams and g/kg, and each day's planned vs target with a signed deviation. Always
 * computed on read from the current food values; never stored as truth.
 *
 * The weekly average divides the week's sum by the number of days that have at least one item (a plan
 * filled only Monday to Friday averages over five days); with no such day it is all zeros.
 */
import { applyPlanGoal, type PlanGoalId } from '../energy/goals.js';
import { NUTRIENT_KEYS, type NutrientKey } from '../nutrients/nutrient-keys.js';
import { roundedPer100g } from '../nutrients/quantities.js';
import type { NutrientInput } from '../nutrients/values.js';
import { emptyTotals, scaleTotals, sumTotals, type NutrientTotals, type NutrientValues } from '../nutrients/totals.js';
import { DEFAULT_DISTRIBUTION, EXCHANGE_SLOTS, type MacroDistribution } from './plan-content.js';

/**
 * A food line given by its per-100 g values and grams: counts exactly as scaleNutrients(per100g, grams)
 * would, without building that object (the editor recomputes ~340 lines per keystroke).
 */
export interface FoodLine { readonly per100g: NutrientInput; readonly grams: number }
export type PlanLine = NutrientTotals | FoodLine;
export interface MealLines { readonly slot: number; readonly lines: readonly PlanLine[] }
export interface DayLines { readonly day: number; readonly meals: readonly MealLines[] }

export interface PlanTotals {
  readonly days: readonly { readonly day: number; readonly meals: readonly { readonly slot: number; readonly totals: NutrientTotals }[]; readonly totals: NutrientTotals }[];
  readonly weeklyAverage: NutrientTotals;
  /** Days counted in the weekly average. */
  readonly daysCounted: number;
}

const KEY_COUNT = NUTRIENT_KEYS.length;

/** The same union as nutrients/totals.ts's sumTotals makes: a lone list is copied, several merge in key order. */
function unionMissing(lists: readonly (readonly NutrientKey[])[]): NutrientKey[] {
  let first: readonly NutrientKey[] | undefined;
  let several = false;
  for (const list of lists) {
    if (list.length === 0) continue;
    if (first) several = true;
    else first = list;
  }
  if (!first) return [];
  if (!several) return [...first];
  const set = new Set<NutrientKey>();
  for (const list of lists) for (const key of list) set.add(key);
  return NUTRIENT_KEYS.filter((key) => set.has(key));
}

function totalsFrom(sums: Float64Array, missing: NutrientKey[]): NutrientTotals {
  const values = {} as NutrientValues;
  for (let i = 0; i < KEY_COUNT; i += 1) values[NUTRIENT_KEYS[i]!] = sums[i]!;
  return { values, missing };
}

/**
 * Gives exactly what summing with sumTotals (lines → meal → day → week) and scaleTotals gives, adding
 * in the same order, but accumulates in typed arrays and builds one object per meal and day instead of
 * reading and writing every nutrient through property lookups at each level (issue 7's budget: a whole
 * formula plan in < 5 ms per keystroke; docs/benchmarks.md).
 */
export function computePlanTotals(days: readonly DayLines[]): PlanTotals {
  const week = new Float64Array(KEY_COUNT);
  const weekMissing: (readonly NutrientKey[])[] = [];
  let daysCounted = 0;
  const out = days
    .slice()
    .sort((a, b) => a.day - b.day)
    .map((day) => {
      const daySums = new Float64Array(KEY_COUNT);
      const dayMissing: (readonly NutrientKey[])[] = [];
      const meals = day.meals
        .slice()
        .sort((a, b) => a.slot - b.slot)
        .map((meal) => {
          const sums = new Float64Array(KEY_COUNT);
          const lineMissing: (readonly NutrientKey[])[] = [];
          for (const line of meal.lines) {
            if ('values' in line) {
              const values = line.values;
              for (let i = 0; i < KEY_COUNT; i += 1) sums[i] = sums[i]! + values[NUTRIENT_KEYS[i]!];
              lineMissing.push(line.missing);
            } else {
              // scaleNutrients' own expression: (rounded value × grams) / 100.
              const rounded = roundedPer100g(line.per100g);
              const grams = line.grams;
              for (let i = 0; i < KEY_COUNT; i += 1) sums[i] = sums[i]! + (rounded.values[i]! * grams) / 100;
              lineMissing.push(rounded.missing);
            }
          }
          for (let i = 0; i < KEY_COUNT; i += 1) daySums[i] = daySums[i]! + sums[i]!;
          const totals = totalsFrom(sums, unionMissing(lineMissing));
          dayMissing.push(totals.missing);
          return { slot: meal.slot, totals };
        });
      const totals = totalsFrom(daySums, unionMissing(dayMissing));
      if (day.meals.some((m) => m.lines.length > 0)) {
        daysCounted += 1;
        for (let i = 0; i < KEY_COUNT; i += 1) week[i] = week[i]! + daySums[i]!;
        weekMissing.push(totals.missing);
      }
      return { day: day.day, meals, totals };
    });
  if (daysCounted === 0) return { days: out, weeklyAverage: emptyTotals(), daysCounted };
  const factor = 1 / daysCounted;
  for (let i = 0; i < KEY_COUNT; i += 1) week[i] = week[i]! * factor;
  return { days: out, weeklyAverage: totalsFrom(week, unionMissing(weekMissing)), daysCounted };
}

/** Target energy: the typed override, else requirement × (1 + goal %); null when neither is known. */
export function planTargetEnergy(override: number | null | undefined, requirementKcal: number | null | undefined, goal: PlanGoalId): number | null {
  if (override != null && Number.isFinite(override) && override > 0) return override;
  if (requirementKcal == null || !Number.isFinite(requirementKcal) || requirementKcal <= 0) return null;
  return applyPlanGoal(requirementKcal, goal);
}

export interface MacroTarget { readonly percent: number; readonly grams: number; readonly gramsPerKg: number | null }
export interface MacroTargets { readonly carbohydrate: MacroTarget; readonly protein: MacroTarget; readonly fat: MacroTarget }

/** Grams from energy share: carbohydrate and protein 4 kcal/g, fat 9 kcal/g (Atwater general factors). */
export function macroTargets(energyKcal: number, distribution: MacroDistribution = DEFAULT_DISTRIBUTION, weightKg?: number | null): MacroTargets {
  const make = (percent: number, kcalPerGram: number): MacroTarget => {
    const grams = (energyKcal * percent) / 100 / kcalPerGram;
    return { percent, grams, gramsPerKg: weightKg && weightKg > 0 ? grams / weightKg : null };
  };
  return { carbohydrate: make(distribution.carbohydratePercent, 4), protein: make(distribution.proteinPercent, 4), fat: make(distribution.fatPercent, 9) };
}

export type DeviationStatus = 'under' | 'on-target' | 'over';
export interface Deviation { readonly plannedKcal: number; readonly targetKcal: number; readonly deviationKcal: number; readonly deviationPercent: number; readonly status: DeviationStatus }

/** Signed deviation planned − target; within ±tolerance % counts as on target (default 5 %). */
export function energyDeviation(plannedKcal: number, targetKcal: number, tolerancePercent = 5): Deviation {
  const deviationKcal = plannedKcal - targetKcal;
  const deviationPercent = targetKcal > 0 ? (deviationKcal / targetKcal) * 100 : 0;
  const status: DeviationStatus = Math.abs(deviationPercent) <= tolerancePercent ? 'on-target' : deviationPercent < 0 ? 'under' : 'over';
  return { plannedKcal, targetKcal, deviationKcal, deviationPercent, status };
}

/** One exchange group's portion values (the four macros). */
export interface ExchangeGroupValues { readonly position: number; readonly energyKcal: number; readonly carbohydrateG: number; readonly proteinG: number; readonly fatG: number }

/** Nutrient totals of an exchange meal: Σ portions × group values; discarded groups count 0. */
export function exchangeMealTotals(portions: readonly number[], groups: readonly ExchangeGroupValues[], discarded: readonly number[] = []): NutrientTotals {
  const lines: NutrientTotals[] = [];
  for (const group of groups) {
    const index = group.position - 1;
    if (index < 0 || index >= EXCHANGE_SLOTS || discarded[index] === 1) continue;
    const count = portions[index] ?? 0;
    if (!count) continue;
    const base = emptyTotals();
    const values = { ...base.values, energyKcal: group.energyKcal, carbohydrateG: group.carbohydrateG, proteinG: group.proteinG, fatG: group.fatG };
    lines.push(scaleTotals({ values, missing: [] }, count));
  }
  return sumTotals(lines);
}

/** Only the keys with a value > 0 or in `keep` — for compact answers. */
export function nutrientRecord(totals: NutrientTotals, decimals = 2): Record<string, number> {
  const out: Record<string, number> = {};
  const f = 10 ** decimals;
  for (const key of NUTRIENT_KEYS) out[key] = Math.round(totals.values[key] * f) / f;
  return out;
}
