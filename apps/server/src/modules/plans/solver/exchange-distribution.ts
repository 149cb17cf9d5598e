// "Distribuir automáticamente": the portions of every exchange group in every meal that meet the energy and
// macronutrient targets, as a mixed-integer linear programme solved by HiGHS. The model, written for a
// nutritionist to read, is in docs/plans.md; the names below follow it.
import type { SolveExchangesRequest, SolveExchangesResponse } from '@almendra/contracts';
import { SOLVER_ENERGY_TOLERANCE_PCT } from '@almendra/contracts';
import { EXCHANGE_SLOTS } from '@almendra/domain';
import { AppError } from '../../../lib/errors.js';
import type { ExchangeGroupData } from '../exchange-groups.js';
import { MEAL_COMPONENTS, SIMILAR_MEALS, SLOT_NAMES_ES, USUAL_PER_1000_KCAL, kindOfSlot, slotCost, slotsAllowing } from './meal-patterns.js';
import { LinearModel, solveMilp, solveMilpFromRelaxation } from './milp.js';
import { addTargetRows, deviationOf, explainMiss, meetsTargets, sumNutrition, totalsOf, type Nutrition, type Targets } from './targets.js';

/** Weights of the objective, in "percentage points of the day's energy" (docs/plans.md). */
export const EXCHANGE_WEIGHTS = {
  /** Each point of the day's energy a meal is away from its share. */
  share: 1,
  /** Each portion of a group above what is usual for the size of the meal. */
  unusualAmount: 1.5,
  /** Each portion of difference of a group between meals written alike (almuerzo/cena, desayuno/merienda). */
  similarMeals: 0.3,
  /** Each portion missing of a meal's basic component (vegetables and a protein food at lunch and dinner…). */
  component: 1,
} as const;

/** Portions never go above this per group and meal (a bound for the search, far above any real plan). */
const MAX_PORTIONS_PER_MEAL = 40;
const SHARE_TOLERANCE = 0.5;
/**
 * Search time of the whole call before it answers with its best distribution so far (issue 28's budget is
 * 200 ms for the whole call). Any answer meets every target — the budget only decides how much of the
 * remaining "niceness" (shares, usual amounts, alike meals) is polished; docs/plans.md.
 */
const CALL_BUDGET_SECONDS = 0.15;
/** The meals stage stops once its answer is proved within 25 % of the best possible (the "before" searched to 5 %). */
const MEALS_RELATIVE_GAP = 0.25;
/** The day stage takes at most this share of the call's budget; the meals stage gets what is left (at least 40 ms). */
const DAY_BUDGET_SECONDS = 0.08;
const MIN_STAGE_BUDGET_SECONDS = 0.1;
const MACRO_SUM_TOLERANCE = 0.5;

const invalid = (message: string, path: string) => new AppError('VALIDATION_ERROR', message, [{ path, message }]);

function validate(input: SolveExchangesRequest, groups: readonly ExchangeGroupData[]): void {
  const { proteinPct, fatPct, carbsPct } = input.macros;
  if (Math.abs(proteinPct + fatPct + carbsPct - 100) > MACRO_SUM_TOLERANCE) {
    throw invalid(`Las macros deben sumar 100 % (suman ${proteinPct + fatPct + carbsPct} %).`, 'macros');
  }
  const shareSum = input.distribution.reduce((s, d) => s + d.pct, 0);
  if (Math.abs(shareSum - 100) > SHARE_TOLERANCE) throw invalid(`La distribución por comidas debe sumar 100 % (suma ${Math.round(shareSum * 10) / 10} %).`, 'distribution');
  const slots = new Set<number>();
  input.distribution.forEach((d, i) => {
    if (slots.has(d.slot)) throw invalid('Comida repetida en la distribución.', `distribution.${i}.slot`);
    slots.add(d.slot);
  });
  const seen = new Set<number>();
  (input.groups ?? []).forEach((g, i) => {
    const path = `groups.${i}`;
    if (!groups.some((x) => x.position === g.group)) throw invalid('Ese grupo de intercambio no existe.', `${path}.group`);
    if (seen.has(g.group)) throw invalid('Grupo repetido.', `${path}.group`);
    seen.add(g.group);
    if (g.fixed !== undefined && (g.min !== undefined || g.max !== undefined)) throw invalid('Un grupo fijo no lleva mínimo ni máximo.', `${path}.fixed`);
    if (g.fixed !== undefined && Math.abs(g.fixed / input.step - Math.round(g.fixed / input.step)) > 1e-9) {
      throw invalid(`Las porciones fijas deben ser múltiplo de ${input.step === 0.5 ? '½' : '1'}.`, `${path}.fixed`);
    }
    if (g.min !== undefined && g.max !== undefined && g.min > g.max) throw invalid('El mínimo no puede superar al máximo.', `${path}.min`);
  });
}

const nutritionOf = (g: ExchangeGroupData): Nutrition => ({ energyKcal: g.portion.energyKcal, proteinG: g.portion.proteinG, fatG: g.portion.fatG, carbsG: g.portion.carbohydrateG });
const groupName = (g: ExchangeGroupData) => g.nameEs;

interface Cell { slot: number; group: ExchangeGroupData; column: string }

const usualPortions = (group: ExchangeGroupData, mealKcal: number) => Math.max(1, ((USUAL_PER_1000_KCAL[group.id] ?? 2) * mealKcal) / 1000);

/** Where each group may go: the meals with a share > 0 whose table allows it, unless she set it to 0. */
function placements(input: SolveExchangesRequest, groups: readonly ExchangeGroupData[]) {
  const limits = new Map((input.groups ?? []).map((g) => [g.group, g]));
  const meals = input.distribution.filter((d) => d.pct > 0);
  const result: { group: ExchangeGroupData; meals: { slot: number; pct: number; unusual: number }[] }[] = [];
  for (const group of groups) {
    const limit = limits.get(group.position);
    if (limit?.max === 0 || limit?.fixed === 0) continue;
    const where = meals.flatMap((m) => {
      const unusual = slotCost(m.slot, group.id);
      return unusual === null ? [] : [{ slot: m.slot, pct: m.pct, unusual }];
    });
    if (where.length) result.push({ group, meals: where });
  }
  return { limits, meals, placed: result };
}

/**
 * Stage 1, the day: how many portions of each group (n_g = step · k_g) so that energy and macros meet
 * their targets, her limits hold and the day looks like a usual plan. `elastic`: targets may be missed at a
 * high price, to find the closest reachable totals (the reason of a 422).
 */
function buildDayModel(input: SolveExchangesRequest, groups: readonly ExchangeGroupData[], elastic: boolean) {
  const model = new LinearModel();
  const { step, targetEnergyKcal: target } = input;
  const { limits, meals, placed } = placements(input, groups);
  const columns: { group: ExchangeGroupData; column: string }[] = [];
  for (const { group, meals: where } of placed) {
    // Tighter bounds make a smaller search: in the strict model no group can bring more than the day's top
    // energy by itself (the elastic one may overshoot energy, so it keeps the loose bound).
    let hi = Math.floor((MAX_PORTIONS_PER_MEAL * where.length) / step);
    if (!elastic && group.portion.energyKcal > 0) hi = Math.min(hi, Math.floor((target * (1 + SOLVER_ENERGY_TOLERANCE_PCT / 100)) / (group.portion.energyKcal * step) + 1e-9));
    // Her minimum, maximum or fixed portions are the column's own bounds (no extra row).
    const limit = limits.get(group.position);
    const lo = Math.ceil((limit?.fixed ?? limit?.min ?? 0) / step - 1e-9);
    const most = limit?.fixed ?? limit?.max;
    if (most !== undefined) hi = Math.min(hi, Math.floor(most / step + 1e-9));
    const column = model.variable(`k_${group.position}`, lo, Math.max(hi, lo), true);
    columns.push({ group, column });
    const unusual = Math.min(...where.map((w) => w.unusual));
    if (unusual > 0) model.cost(column, unusual * step);
    const usual = where.reduce((s, w) => s + usualPortions(group, (w.pct / 100) * target), 0);
    // The excess column only exists where the portions can go above the usual amount.
    if (Math.max(hi, lo) * step > usual) {
      const excess = model.variable(`x_${group.position}`);
      model.constrain(`usual_${group.position}`, [[column, step], [excess, -1]], -Infinity, usual);
      model.cost(excess, EXCHANGE_WEIGHTS.unusualAmount);
    }
  }
  // The day's basic components: one portion per meal that needs it (vegetables at lunch and dinner…).
  const needs = new Map<string, { groups: string[]; count: number }>();
  for (const meal of meals) {
    for (const component of MEAL_COMPONENTS[kindOfSlot(meal.slot)]) {
      const entry = needs.get(component.name) ?? { groups: component.groups, count: 0 };
      entry.count += 1;
      needs.set(component.name, entry);
    }
  }
  for (const [name, need] of needs) {
    const terms = columns.filter((c) => need.groups.includes(c.group.id)).map((c) => [c.column, step] as const);
    if (!terms.length) continue;
    const short = model.variable(`short_${name}`);
    model.constrain(`component_${name}`, [...terms, [short, 1]], need.count, Infinity);
    model.cost(short, EXCHANGE_WEIGHTS.component);
  }
  addTargetRows(model, columns.map((c) => [c.column, scaleNutrition(nutritionOf(c.group), step)] as const), { energyKcal: 0, proteinG: 0, fatG: 0, carbsG: 0 }, targetsOf(input), elastic);
  return { model, columns };
}

/**
 * Stage 2, the meals: the day's portions of each group spread over the meals that allow it, each meal near
 * its share of the energy, in usual amounts, with its basic components, and meals written alike kept alike.
 */
function buildMealsModel(input: SolveExchangesRequest, groups: readonly ExchangeGroupData[], day: Map<number, number>) {
  const model = new LinearModel();
  const { step, targetEnergyKcal: target } = input;
  const { meals, placed } = placements(input, groups);
  const cells: Cell[] = [];
  for (const { group, meals: where } of placed) {
    const total = day.get(group.position) ?? 0;
    if (total === 0) continue;
    const own: Cell[] = [];
    for (const w of where) {
      const column = model.variable(`k_${w.slot}_${group.position}`, 0, total, true);
      own.push({ slot: w.slot, group, column });
      if (w.unusual > 0) model.cost(column, w.unusual * step);
      const usual = usualPortions(group, (w.pct / 100) * target);
      if (total * step > usual) {
        const excess = model.variable(`x_${w.slot}_${group.position}`);
        model.constrain(`usual_${w.slot}_${group.position}`, [[column, step], [excess, -1]], -Infinity, usual);
        model.cost(excess, EXCHANGE_WEIGHTS.unusualAmount);
      }
    }
    model.constrain(`day_${group.position}`, own.map((c) => [c.column, 1] as const), total, total);
    cells.push(...own);
  }
  const cellsOf = (slot: number) => cells.filter((c) => c.slot === slot);
  const scale = 100 / target;
  for (const meal of meals) {
    const terms = cellsOf(meal.slot).map((c) => [c.column, step * c.group.portion.energyKcal] as const);
    model.absoluteDeviation(`share_${meal.slot}`, terms.length ? terms : [[model.variable(`empty_${meal.slot}`, 0, 0), 1]], (meal.pct / 100) * target, EXCHANGE_WEIGHTS.share * scale);
    for (const component of MEAL_COMPONENTS[kindOfSlot(meal.slot)]) {
      const parts = cellsOf(meal.slot)
        .filter((c) => component.groups.includes(c.group.id))
        .map((c) => [c.column, step] as const);
      if (!parts.length) continue;
      const short = model.variable(`short_${component.name}_${meal.slot}`);
      model.constrain(`component_${component.name}_${meal.slot}`, [...parts, [short, 1]], 1, Infinity);
      model.cost(short, EXCHANGE_WEIGHTS.component);
    }
  }
  for (const [a, b] of SIMILAR_MEALS) {
    for (const ca of cellsOf(a)) {
      const cb = cells.find((c) => c.slot === b && c.group.position === ca.group.position);
      if (cb) model.absoluteDeviation(`alike_${a}_${b}_${ca.group.position}`, [[ca.column, step], [cb.column, -step]], 0, EXCHANGE_WEIGHTS.similarMeals);
    }
  }
  return { model, cells };
}

const scaleNutrition = (n: Nutrition, k: number): Nutrition => ({ energyKcal: n.energyKcal * k, proteinG: n.proteinG * k, fatG: n.fatG * k, carbsG: n.carbsG * k });
const targetsOf = (input: SolveExchangesRequest): Targets => ({ energyKcal: input.targetEnergyKcal, ...input.macros });

/** Portions per meal (24-slot arrays, index = group position − 1) from the solved step counts. */
function portionsOf(input: SolveExchangesRequest, cells: Cell[], values: Map<string, number>) {
  return input.distribution
    .map((d) => d.slot)
    .sort((a, b) => a - b)
    .map((slot) => {
      const portions: number[] = Array.from({ length: EXCHANGE_SLOTS }, () => 0);
      for (const c of cells) if (c.slot === slot) portions[c.group.position - 1] = Math.round(values.get(c.column) ?? 0) * input.step;
      return { slot, portions };
    });
}

function nutritionOfMeals(meals: { portions: number[] }[], groups: readonly ExchangeGroupData[]): Nutrition {
  return sumNutrition(meals.flatMap((m) => groups.map((g) => [nutritionOf(g), m.portions[g.position - 1] ?? 0] as const)));
}

/**
 * Solves one distribution. Throws 400 for inconsistent input and 422 INFEASIBLE, with the reason, when no
 * distribution meets the targets with the groups, meals and limits given.
 */
export async function solveExchanges(
  input: SolveExchangesRequest,
  groups: readonly ExchangeGroupData[],
  /**
   * For the benchmark's comparisons: `budgetSeconds: null` searches the whole model until the best
   * distribution is proved; `method: 'search'` searches the whole model within the budget (as first built)
   * instead of rounding its relaxation.
   */
  options: { budgetSeconds?: number | null; method?: 'relaxation' | 'search' } = {},
): Promise<SolveExchangesResponse> {
  const budget = options.budgetSeconds === undefined ? CALL_BUDGET_SECONDS : options.budgetSeconds;
  const solve = budget === null || options.method === 'search' ? solveMilp : solveMilpFromRelaxation;
  validate(input, groups);
  const slots = input.distribution.filter((d) => d.pct > 0).map((d) => d.slot);
  for (const limit of input.groups ?? []) {
    const need = limit.fixed ?? limit.min ?? 0;
    const group = groups.find((g) => g.position === limit.group)!;
    if (need > 0 && slotsAllowing(group.id, slots).length === 0) {
      const where = slotsAllowing(group.id, [1, 2, 3, 4, 5, 6]).map((s) => SLOT_NAMES_ES[s]);
      throw new AppError('INFEASIBLE', `${groupName(group)} no va en ninguna de las comidas del plan: se reparte en ${where.join(', ')}.`, { group: limit.group });
    }
  }
  const targets = targetsOf(input);
  const started = performance.now();
  const day = buildDayModel(input, groups, false);
  const dayOutcome = await solve(day.model, { absoluteGap: 1, ...(budget !== null && { budgetSeconds: Math.min(DAY_BUDGET_SECONDS, budget) }) });
  if (dayOutcome.status === 'optimal' || dayOutcome.status === 'feasible') {
    const counts = new Map(day.columns.map((c) => [c.group.position, Math.round(dayOutcome.values.get(c.column) ?? 0)]));
    const split = buildMealsModel(input, groups, counts);
    const left = budget === null ? null : Math.max(MIN_STAGE_BUDGET_SECONDS, budget - (performance.now() - started) / 1000);
    const mealsOutcome = await solve(split.model, { absoluteGap: 2, relativeGap: budget === null || options.method !== 'search' ? 0.05 : MEALS_RELATIVE_GAP, ...(left !== null && { budgetSeconds: left }) });
    if (mealsOutcome.status === 'optimal' || mealsOutcome.status === 'feasible') {
      const meals = portionsOf(input, split.cells, mealsOutcome.values);
      const total = nutritionOfMeals(meals, groups);
      // The answer is checked again from the rounded portions: a proposal that misses a target is never sent.
      if (meetsTargets(total, targets)) return { meals, totals: totalsOf(total), deviation: deviationOf(total, targets) };
    }
    throw new AppError('INFEASIBLE', 'No encontramos una distribución a tiempo. Prueba con porciones de 1 o con menos límites.', { reason: 'time-limit' });
  }
  if (dayOutcome.status === 'unsolved') {
    throw new AppError('INFEASIBLE', 'No encontramos una distribución a tiempo. Prueba con porciones de 1 o con menos límites.', { reason: 'time-limit' });
  }
  const elastic = buildDayModel(input, groups, true);
  const closest = await solveMilp(elastic.model);
  if (closest.status !== 'optimal' && closest.status !== 'feasible') {
    throw new AppError('INFEASIBLE', 'Con estos grupos y límites no hay ninguna distribución posible. Revisa los mínimos, máximos y fijos.', { reason: 'limits' });
  }
  const total = sumNutrition(elastic.columns.map((c) => [nutritionOf(c.group), Math.round(closest.values.get(c.column) ?? 0) * input.step] as const));
  const { message, details } = explainMiss(total, targets, 'estos grupos y límites');
  throw new AppError('INFEASIBLE', message, details);
}
