// Editor state of a plan: the content being edited, with each formula line's food data so totals are
// recomputed live by packages/domain (the server recomputes the same on save and read).
import type { Dish, FoodDetail, Plan, PlanContentInput, PlanItemView } from '@almendra/contracts';
import {
  computePlanTotals,
  emptyTotals,
  exchangeMealTotals,
  isImplausiblePlanLine,
  scaleNutrients,
  scaleTotals,
  type DayLines,
  type ExchangeGroupValues,
  type NutrientTotals,
  type PlanLine,
  type PlanTotals,
} from '@almendra/domain';
import { parseDecimalInput } from './format';

export interface EditorMeasure { position: number; amount: number; description: string; gramWeight: number }

export interface EditorItem {
  key: string;
  kind: 'food' | 'dish';
  id: string;
  name: string;
  /** As typed (comma or dot). */
  quantity: string;
  unit: 'g' | 'serving' | number;
  measures: EditorMeasure[];
  /**
   * Foods: nutrient values per 100 g. Frozen: the domain rounds each food's values once and reuses them
   * while the object is unchanged, and a frozen object lets it skip checking that on every keystroke.
   */
  per100: Readonly<Record<string, number>> | null;
  /** Dishes: nutrients per unit of quantity. */
  perUnit: Record<string, number> | null;
}

export interface FormulaEditorDay { day: number; meals: { slot: number; items: EditorItem[] }[] }

let counter = 0;
export const newKey = () => `i${(counter += 1)}`;

export function itemFromView(view: PlanItemView): EditorItem {
  const per = (factor: number) => Object.fromEntries(Object.entries(view.nutrients).map(([k, v]) => [k, v * factor]));
  return {
    key: newKey(),
    kind: view.kind,
    id: view.id,
    name: view.name,
    quantity: String(view.quantity).replace('.', ','),
    unit: view.unit,
    measures: view.measures,
    per100: view.kind === 'food' ? Object.freeze(view.grams > 0 ? per(100 / view.grams) : {}) : null,
    perUnit: view.kind === 'dish' && view.quantity > 0 ? per(1 / view.quantity) : view.kind === 'dish' ? {} : null,
  };
}

export function itemFromFood(food: FoodDetail): EditorItem {
  const per100: Record<string, number> = {};
  for (const [k, v] of Object.entries(food.nutrients)) if (typeof v === 'number') per100[k] = v;
  return { key: newKey(), kind: 'food', id: food.id, name: food.name, quantity: '100', unit: 'g', measures: food.measures, per100: Object.freeze(per100), perUnit: null };
}

export function itemFromDish(dish: Dish): EditorItem {
  const perUnit: Record<string, number> = {};
  for (const [k, v] of Object.entries(dish.perServing.nutrients)) if (typeof v === 'number') perUnit[k] = v;
  return { key: newKey(), kind: 'dish', id: dish.id, name: dish.name, quantity: '1', unit: 'serving', measures: [], per100: null, perUnit };
}

export function formulaDaysFrom(plan: Plan): FormulaEditorDay[] {
  return (plan.content.formula ?? []).map((day) => ({
    day: day.day,
    meals: day.meals.map((meal) => ({ slot: meal.slot, items: (plan.items[`${day.day}-${meal.slot}`] ?? []).map(itemFromView) })),
  }));
}

export function itemGrams(item: EditorItem): number {
  const quantity = parseDecimalInput(item.quantity) ?? 0;
  if (item.unit === 'g') return quantity;
  if (item.unit === 'serving') return quantity;
  const measure = item.measures.find((m) => m.position === item.unit);
  return measure ? (quantity * measure.gramWeight) / (measure.amount || 1) : 0;
}

/**
 * A food line moved to another unit keeps (about) the same amount of food: 100 g of mate chosen in "termo"
 * becomes ¼ termo, never "100 termos". Grams are whole; household units are rounded to quarters (the
 * precision of a kitchen measure), at least ¼; a line without a usable amount starts at 1 of the unit.
 */
export function withUnit(item: EditorItem, unit: 'g' | number): EditorItem {
  if (unit === item.unit) return item;
  const grams = itemGrams(item);
  const formatQuantity = (n: number) => String(n).replace('.', ',');
  if (unit === 'g') return { ...item, unit, quantity: grams > 0 ? String(Math.round(grams)) : '100' };
  const measure = item.measures.find((m) => m.position === unit);
  if (!measure || !(measure.gramWeight > 0) || !(grams > 0)) return { ...item, unit, quantity: '1' };
  const quarters = Math.max(1, Math.round(((grams * (measure.amount || 1)) / measure.gramWeight) * 4));
  return { ...item, unit, quantity: formatQuantity(quarters / 4) };
}

export function itemTotals(item: EditorItem): NutrientTotals {
  const quantity = parseDecimalInput(item.quantity) ?? 0;
  if (item.kind === 'food') return item.per100 ? scaleNutrients(item.per100, itemGrams(item)) : emptyTotals();
  const base = emptyTotals();
  const values = { ...base.values } as Record<string, number>;
  for (const [k, v] of Object.entries(item.perUnit ?? {})) if (k in values) values[k] = v;
  return scaleTotals({ values: values as NutrientTotals['values'], missing: [] }, quantity);
}

/** A food line as per-100 g values + grams (the domain sums it like scaleNutrients without the object). */
const planLine = (item: EditorItem): PlanLine => (item.kind === 'food' && item.per100 ? { per100g: item.per100, grams: itemGrams(item) } : itemTotals(item));

/** Runs on every keystroke of the editor (docs/benchmarks.md, budget < 5 ms for 7 × 6 × 8 foods). */
export function formulaTotals(days: readonly FormulaEditorDay[]): PlanTotals {
  const lines: DayLines[] = days.map((d) => ({ day: d.day, meals: d.meals.map((m) => ({ slot: m.slot, lines: m.items.map(planLine) })) }));
  return computePlanTotals(lines);
}

export type ExchangeDays = NonNullable<PlanContentInput['exchange']>;

export function exchangeTotals(days: ExchangeDays, groups: readonly ExchangeGroupValues[]): PlanTotals {
  return computePlanTotals(
    days.map((d) => ({
      day: d.day,
      meals: d.meals.map((m) => ({ slot: m.slot, lines: m.portions.some((p, i) => p > 0 && d.discarded[i] !== 1) ? [exchangeMealTotals(m.portions, groups, d.discarded)] : [] })),
    })),
  );
}

export function formulaContent(days: readonly FormulaEditorDay[]): NonNullable<PlanContentInput['formula']> {
  return days.map((d) => ({
    day: d.day,
    meals: d.meals.map((m) => ({ slot: m.slot, items: m.items.map((i) => ({ kind: i.kind, id: i.id, quantity: parseDecimalInput(i.quantity) ?? 0, unit: i.unit })) })),
  }));
}

export const hasInvalidQuantity = (days: readonly FormulaEditorDay[]) =>
  days.some((d) => d.meals.some((m) => m.items.some((i) => { const q = parseDecimalInput(i.quantity); return q === undefined || q < 0; })));

export const zeros24 = () => Array.from({ length: 24 }, () => 0);

export interface ImplausibleLine {
  key: string;
  day: number;
  slot: number;
  name: string;
  grams: number;
  energyKcal: number;
}

/** The formula lines an editor asks to confirm before saving (isImplausiblePlanLine: > 2 kg or > 2,000 kcal). */
export function implausibleLines(days: readonly FormulaEditorDay[]): ImplausibleLine[] {
  const found: ImplausibleLine[] = [];
  for (const day of days) {
    for (const meal of day.meals) {
      for (const item of meal.items) {
        const grams = item.kind === 'food' ? itemGrams(item) : 0;
        const energyKcal = itemTotals(item).values.energyKcal;
        if (isImplausiblePlanLine(grams, energyKcal)) found.push({ key: item.key, day: day.day, slot: meal.slot, name: item.name, grams, energyKcal });
      }
    }
  }
  return found;
}
