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
import { NUTRIENT_KEYS } from '../nutrients/nutrient-keys.js';
import { emptyTotals, scaleTotals, sumTotals, type NutrientTotals } from '../nutrients/totals.js';
import { DEFAULT_DISTRIBUTION, EXCHANGE_SLOTS, type MacroDistribution } from './plan-content.js';

export interface MealLines { readonly slot: number; readonly lines: readonly NutrientTotals[] }
export interface DayLines { readonly day: number; readonly meals: readonly MealLines[] }

export interface PlanTotals {
  readonly days: readonly { readonly day: number; readonly meals: readonly { readonly slot: number; readonly totals: NutrientTotals }[]; readonly totals: NutrientTotals }[];
  readonly weeklyAverage: NutrientTotals;
  /** Days counted in the weekly average. */
  readonly daysCounted: number;
}

export function computePlanTotals(days: readonly DayLines[]): PlanTotals {
  const out = days
    .slice()
    .sort((a, b) => a.day - b.day)
    .map((day) => {
      const meals = day.meals.slice().sort((a, b) => a.slot - b.slot).map((m) => ({ slot: m.slot, totals: sumTotals(m.lines) }));
      const filled = day.meals.some((m) => m.lines.length > 0);
      return { day: day.day, meals, totals: sumTotals(meals.map((m) => m.totals)), filled };
    });
  const counted = out.filter((d) => d.filled);
  const weeklyAverage = counted.length === 0 ? emptyTotals() : scaleTotals(sumTotals(counted.map((d) => d.totals)), 1 / counted.length);
  return { days: out.map(({ day, meals, totals }) => ({ day, meals, totals })), weeklyAverage, daysCounted: counted.length };
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
