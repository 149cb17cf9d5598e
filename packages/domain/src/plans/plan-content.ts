/**
 * Plan content (seed 1 §4 "Meal plan"): 7 days (1..7 = Lunes..Domingo) × the enabled meal slots.
 * Type 1 simple: free text per meal and day. Type 2 formula: foods and dishes with quantity and unit.
 * Type 3 exchange: portions per exchange group per meal and day (24-slot arrays, the spec's comida1..6)
 * and the groups discarded for the day (descartados, 24 slots of 0/1).
 */
export const PLAN_TYPES = [1, 2, 3] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
export const PLAN_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const EXCHANGE_SLOTS = 24;
export const PLAN_TEXT_MAX = 2000;

export interface SimpleMeal { readonly slot: number; readonly text: string }
export interface SimpleDay { readonly day: number; readonly meals: readonly SimpleMeal[] }

/** 'g' grams; a number = the food's household measure position; 'serving' = a dish serving. */
export type PlanItemUnit = 'g' | 'serving' | number;
export interface FormulaItem {
  readonly kind: 'food' | 'dish';
  readonly id: string;
  readonly quantity: number;
  readonly unit: PlanItemUnit;
}
export interface FormulaMeal { readonly slot: number; readonly items: readonly FormulaItem[] }
export interface FormulaDay { readonly day: number; readonly meals: readonly FormulaMeal[] }

export interface ExchangeMeal { readonly slot: number; readonly portions: readonly number[] }
export interface ExchangeDay { readonly day: number; readonly meals: readonly ExchangeMeal[]; readonly discarded: readonly number[] }

export interface MacroDistribution {
  readonly carbohydratePercent: number;
  readonly proteinPercent: number;
  readonly fatPercent: number;
}
export const DEFAULT_DISTRIBUTION: MacroDistribution = Object.freeze({ carbohydratePercent: 50, proteinPercent: 20, fatPercent: 30 });

export interface PlanContent {
  readonly simple?: readonly SimpleDay[];
  readonly formula?: readonly FormulaDay[];
  readonly exchange?: readonly ExchangeDay[];
  /** Typed target; null = from the patient's latest consultation with the goal adjustment. */
  readonly targetEnergyKcal?: number | null;
  readonly distribution?: MacroDistribution;
}

export interface ContentIssue { readonly path: string; readonly message: string }

/**
 * Structural checks that need the enabled slots: days within 1..7 and unique, meals within the enabled
 * slots and unique per day, non-negative finite quantities/portions, 24-slot arrays, discarded 0/1.
 */
export function validatePlanContent(type: PlanType, content: PlanContent, enabledSlots: readonly number[]): ContentIssue[] {
  const issues: ContentIssue[] = [];
  const key = type === 1 ? 'simple' : type === 2 ? 'formula' : 'exchange';
  for (const other of ['simple', 'formula', 'exchange'] as const) {
    if (other !== key && content[other] !== undefined) issues.push({ path: `content.${other}`, message: 'No corresponde a este tipo de plan.' });
  }
  const days = (content[key] ?? []) as readonly { day: number; meals: readonly { slot: number }[] }[];
  const seenDays = new Set<number>();
  days.forEach((day, d) => {
    const base = `content.${key}.${d}`;
    if (!Number.isInteger(day.day) || day.day < 1 || day.day > 7) issues.push({ path: `${base}.day`, message: 'El día debe estar entre 1 (lunes) y 7 (domingo).' });
    else if (seenDays.has(day.day)) issues.push({ path: `${base}.day`, message: 'Día repetido.' });
    seenDays.add(day.day);
    const seenSlots = new Set<number>();
    day.meals.forEach((meal, m) => {
      const mp = `${base}.meals.${m}`;
      if (!enabledSlots.includes(meal.slot)) issues.push({ path: `${mp}.slot`, message: 'Esa comida no está habilitada.' });
      else if (seenSlots.has(meal.slot)) issues.push({ path: `${mp}.slot`, message: 'Comida repetida.' });
      seenSlots.add(meal.slot);
      if (type === 1 && (meal as SimpleMeal).text.length > PLAN_TEXT_MAX) issues.push({ path: `${mp}.text`, message: 'El texto es demasiado largo.' });
      if (type === 2) {
        (meal as FormulaMeal).items.forEach((item, i) => {
          if (!Number.isFinite(item.quantity) || item.quantity < 0) issues.push({ path: `${mp}.items.${i}.quantity`, message: 'La cantidad no puede ser negativa.' });
          if (item.kind === 'food' && item.unit === 'serving') issues.push({ path: `${mp}.items.${i}.unit`, message: 'Unidad inválida.' });
          if (item.kind === 'dish' && item.unit !== 'g' && item.unit !== 'serving') issues.push({ path: `${mp}.items.${i}.unit`, message: 'Unidad inválida.' });
        });
      }
      if (type === 3) {
        const portions = (meal as ExchangeMeal).portions;
        if (portions.length !== EXCHANGE_SLOTS) issues.push({ path: `${mp}.portions`, message: 'Se esperan 24 porciones.' });
        portions.forEach((p, i) => {
          if (!Number.isFinite(p) || p < 0) issues.push({ path: `${mp}.portions.${i}`, message: 'Las porciones no pueden ser negativas.' });
        });
      }
    });
    if (type === 3) {
      const discarded = (day as unknown as ExchangeDay).discarded;
      if (discarded.length !== EXCHANGE_SLOTS || discarded.some((v) => v !== 0 && v !== 1)) issues.push({ path: `${base}.discarded`, message: 'Se esperan 24 valores 0 o 1.' });
    }
  });
  const dist = content.distribution;
  if (dist) {
    const sum = dist.carbohydratePercent + dist.proteinPercent + dist.fatPercent;
    if ([dist.carbohydratePercent, dist.proteinPercent, dist.fatPercent].some((v) => !Number.isFinite(v) || v < 0 || v > 100) || Math.abs(sum - 100) > 0.01) {
      issues.push({ path: 'content.distribution', message: 'La distribución debe sumar 100 %.' });
    }
  }
  if (content.targetEnergyKcal != null && (!Number.isFinite(content.targetEnergyKcal) || content.targetEnergyKcal <= 0 || content.targetEnergyKcal > 20000)) {
    issues.push({ path: 'content.targetEnergyKcal', message: 'La energía objetivo debe ser positiva.' });
  }
  return issues;
}

/** Plan content is plain JSON data. */
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Copies one day's meals onto other days (replacing them); the source's day number is kept on the source. */
export function copyDay<D extends { day: number }>(days: readonly D[], from: number, to: readonly number[]): D[] {
  const source = days.find((d) => d.day === from);
  const kept = days.filter((d) => d.day === from || !to.includes(d.day));
  if (!source) return days.filter((d) => !to.includes(d.day) || d.day === from);
  const copies = to.filter((d) => d !== from).map((day) => ({ ...clone(source), day }));
  return [...kept, ...copies].sort((a, b) => a.day - b.day);
}

/** Copies one meal of one day onto the same meal of other days (replacing it there). */
export function copyMeal<M extends { slot: number }, D extends { day: number; meals: readonly M[] }>(
  days: readonly D[],
  from: number,
  slot: number,
  to: readonly number[],
  emptyDay: (day: number) => D,
): D[] {
  const meal = days.find((d) => d.day === from)?.meals.find((m) => m.slot === slot);
  const result = days.map((d) => d);
  for (const day of to) {
    if (day === from) continue;
    let index = result.findIndex((d) => d.day === day);
    if (index === -1) {
      result.push(emptyDay(day));
      index = result.length - 1;
    }
    const target = result[index]!;
    const meals = target.meals.filter((m) => m.slot !== slot);
    if (meal) meals.push(clone(meal));
    meals.sort((a, b) => a.slot - b.slot);
    result[index] = { ...target, meals };
  }
  return result.sort((a, b) => a.day - b.day);
}
