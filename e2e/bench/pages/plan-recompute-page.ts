// Runs inside Chromium (bundled by e2e/bench/plan-recompute.ts): the plan editor's live totals, through
// the web app's own editor-state functions, for a formula plan of 7 days × 6 meals × 8 foods.
// A "keystroke" is what the editor does when one quantity changes: the items are replaced immutably
// (as plan-editor's updateMeal does), formulaTotals recomputes the whole plan and the visible day's
// 48 rows show itemTotals; then target, macros and each day's deviation.
import {
  energyDeviation,
  macroTargets,
  NUTRIENT_KEYS,
  planTargetEnergy,
  scaleTotals,
  sumTotals,
  toNutrientNumber,
  type NutrientKey,
  type NutrientTotals,
  type PlanTotals,
} from '@almendra/domain';
import type { FoodDetail } from '@almendra/contracts';
import { formulaTotals, itemFromFood, itemGrams, itemTotals, type EditorItem, type FormulaEditorDay } from '../../../apps/web/src/features/plans/components/editor-state';

export interface BenchFood {
  id: string;
  name: string;
  nutrients: Record<string, number>;
  measures: { position: number; amount: number; description: string; gramWeight: number }[];
}

/** The path before the optimisation (per-value toPrecision rounding, per-level sumTotals), kept as baseline. */
function naiveRoundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
  return rounded === 0 ? 0 : rounded;
}
function naiveScale(per100g: Readonly<Record<string, unknown>>, grams: number): NutrientTotals {
  const values = {} as Record<NutrientKey, number>;
  const missing: NutrientKey[] = [];
  for (const key of NUTRIENT_KEYS) {
    const raw = per100g[key];
    if (raw === undefined || raw === null) missing.push(key);
    values[key] = (naiveRoundTo(toNutrientNumber(raw), 1) * grams) / 100;
  }
  return { values, missing };
}
function naiveTotals(days: readonly FormulaEditorDay[]): PlanTotals {
  const out = days.map((day) => {
    const meals = day.meals.map((m) => ({ slot: m.slot, totals: sumTotals(m.items.map((i) => naiveScale(i.per100 ?? {}, itemGrams(i)))) }));
    return { day: day.day, meals, totals: sumTotals(meals.map((m) => m.totals)), filled: day.meals.some((m) => m.items.length > 0) };
  });
  const counted = out.filter((d) => d.filled);
  return { days: out.map(({ day, meals, totals }) => ({ day, meals, totals })), weeklyAverage: scaleTotals(sumTotals(counted.map((d) => d.totals)), 1 / counted.length), daysCounted: counted.length };
}

/** The arithmetic floor: the same per-100 g numbers scaled and summed into days, no objects, no rounding. */
function plainSums(vectors: readonly Float64Array[], grams: readonly number[]): number {
  const week = new Float64Array(NUTRIENT_KEYS.length);
  for (let line = 0; line < vectors.length; line += 1) {
    const v = vectors[line]!;
    const g = grams[line]!;
    for (let i = 0; i < v.length; i += 1) week[i] = week[i]! + (v[i]! * g) / 100;
  }
  return week[0]!;
}

function buildPlan(foods: readonly BenchFood[]): FormulaEditorDay[] {
  let n = 0;
  return [1, 2, 3, 4, 5, 6, 7].map((day) => ({
    day,
    meals: [1, 2, 3, 4, 5, 6].map((slot) => ({
      slot,
      items: Array.from({ length: 8 }, (): EditorItem => {
        const food = foods[n % foods.length]!;
        n += 1;
        const item = itemFromFood(food as unknown as FoodDetail);
        // Every third line in a household measure, the rest in grams typed with a decimal comma.
        if (n % 3 === 0 && food.measures.length > 0) return { ...item, unit: food.measures[0]!.position, quantity: n % 2 ? '1' : '1,5' };
        return { ...item, quantity: `${40 + (n % 160)},5` };
      }),
    })),
  }));
}

/** The editor's immutable update of one item's quantity (plan-editor's updateMeal). */
function typeQuantity(days: FormulaEditorDay[], dayIndex: number, slotIndex: number, itemIndex: number, quantity: string): FormulaEditorDay[] {
  return days.map((d, di) =>
    di !== dayIndex ? d : { ...d, meals: d.meals.map((m, mi) => (mi !== slotIndex ? m : { ...m, items: m.items.map((x, xi) => (xi === itemIndex ? { ...x, quantity } : x)) })) },
  );
}

function afterTotals(totals: PlanTotals, days: readonly FormulaEditorDay[], visibleDay: number, rowTotals: (item: EditorItem) => NutrientTotals): number {
  let sink = totals.weeklyAverage.values.energyKcal;
  for (const meal of days[visibleDay]!.meals) for (const item of meal.items) sink += rowTotals(item).values.energyKcal;
  const target = planTargetEnergy(null, 2200, 'restriction-moderate')!;
  macroTargets(target, undefined, 70);
  for (const d of totals.days) sink += energyDeviation(d.totals.values.energyKcal, target).deviationKcal;
  return sink;
}

function sameTotals(a: PlanTotals, b: PlanTotals): boolean {
  const same = (x: NutrientTotals, y: NutrientTotals) => NUTRIENT_KEYS.every((k) => Object.is(x.values[k], y.values[k])) && x.missing.join() === y.missing.join();
  return (
    a.daysCounted === b.daysCounted &&
    same(a.weeklyAverage, b.weeklyAverage) &&
    a.days.every((d, i) => same(d.totals, b.days[i]!.totals) && d.meals.every((m, j) => same(m.totals, b.days[i]!.meals[j]!.totals)))
  );
}

export function run(foods: BenchFood[], keystrokes: number) {
  const now = () => performance.now();
  // Opening the plan: fresh items (fresh per-100 g objects), so nothing is cached yet.
  const openTimes: number[] = [];
  for (let i = 0; i < 30; i += 1) {
    const fresh = buildPlan(foods);
    const t = now();
    afterTotals(formulaTotals(fresh), fresh, 0, itemTotals);
    openTimes.push(now() - t);
  }
  let days = buildPlan(foods);
  const identical = sameTotals(formulaTotals(days), naiveTotals(days));
  const vectors = days.flatMap((d) => d.meals.flatMap((m) => m.items.map((item) => Float64Array.from(NUTRIENT_KEYS, (k) => item.per100?.[k] ?? 0))));
  const grams = days.flatMap((d) => d.meals.flatMap((m) => m.items.map(itemGrams)));

  // Separate phases, so one path's garbage is not collected during another's timings.
  const optimised: number[] = [];
  const naive: number[] = [];
  const plain: number[] = [];
  let sink = 0;
  const start = days;
  for (let k = 0; k < keystrokes; k += 1) {
    days = typeQuantity(days, k % 7, k % 6, k % 8, `${100 + (k % 50)},${k % 10}`);
    const t = now();
    sink += afterTotals(formulaTotals(days), days, k % 7, itemTotals);
    optimised.push(now() - t);
  }
  days = start;
  // The old path is ~10× slower: a quarter of the keystrokes keeps the run short.
  for (let k = 0; k < keystrokes / 4; k += 1) {
    days = typeQuantity(days, k % 7, k % 6, k % 8, `${100 + (k % 50)},${k % 10}`);
    const t = now();
    sink += afterTotals(naiveTotals(days), days, k % 7, (item) => naiveScale(item.per100 ?? {}, itemGrams(item)));
    naive.push(now() - t);
  }
  for (let k = 0; k < keystrokes; k += 1) {
    const t = now();
    sink += plainSums(vectors, grams);
    plain.push(now() - t);
  }
  return { openTimes, optimised, naive, plain, identical, lines: vectors.length, nutrients: NUTRIENT_KEYS.length, sink };
}
