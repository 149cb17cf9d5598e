// "Ajustar cantidades": the grams of the foods of a day she did not lock, moved as little as possible so the
// day meets the energy and macronutrient targets, in amounts that can be served (10 g steps, or half a
// unit for foods counted in units), within her per-food limits. Mixed-integer model solved by HiGHS; the
// model is written out in docs/plans.md.
import { SOLVER_ENERGY_TOLERANCE_PCT, type FormulaDayItem, type SolveFormulaDayResponse, type SolverMacros } from '@almendra/contracts';
import { AppError } from '../../../lib/errors.js';
import { LinearModel, solveMilp, solveMilpFromRelaxation } from './milp.js';
import { addTargetRows, deviationOf, explainMiss, meetsTargets, sumNutrition, totalsOf, type Nutrition, type Targets } from './targets.js';

/** One line of the day, resolved: nutrition per gram, the serving step in grams and the household text of an amount. */
export interface ResolvedLine {
  item: FormulaDayItem;
  perGram: Nutrition;
  stepGrams: number;
  household: (grams: number) => string | null;
}

/** Grams a line may take when she gave no maximum: a plausible portion (the editor's "Cantidad inusual" is 2 kg). */
const DEFAULT_MAX_GRAMS = 2000;
/** How much moving a line costs: 1 per (its grams, or 30 g for small amounts) moved, as much as one point of energy. */
const relativeBase = (grams: number) => Math.max(grams, 30);
const MACRO_SUM_TOLERANCE = 0.5;
/** Search time before answering with the closest amounts found so far (issue 28's budget: 200 ms); docs/plans.md. */
const SEARCH_BUDGET_SECONDS = 0.12;

export async function solveFormulaDay(
  targetEnergyKcal: number,
  macros: SolverMacros,
  lines: readonly ResolvedLine[],
  /**
   * For the benchmark's comparisons: `budgetSeconds: null` searches the whole model until the closest amounts
   * are proved; `method: 'search'` searches the whole model within the budget (as first built).
   */
  options: { budgetSeconds?: number | null; method?: 'relaxation' | 'search' } = {},
): Promise<SolveFormulaDayResponse> {
  const budget = options.budgetSeconds === undefined ? SEARCH_BUDGET_SECONDS : options.budgetSeconds;
  const sum = macros.proteinPct + macros.fatPct + macros.carbsPct;
  if (Math.abs(sum - 100) > MACRO_SUM_TOLERANCE) {
    const message = `Las macros deben sumar 100 % (suman ${sum} %).`;
    throw new AppError('VALIDATION_ERROR', message, [{ path: 'macros', message }]);
  }
  lines.forEach(({ item }, i) => {
    if (item.minGrams !== undefined && item.maxGrams !== undefined && item.minGrams > item.maxGrams) {
      const message = 'El mínimo no puede superar al máximo.';
      throw new AppError('VALIDATION_ERROR', message, [{ path: `items.${i}.minGrams`, message }]);
    }
  });
  const targets: Targets = { energyKcal: targetEnergyKcal, ...macros };
  if (lines.every((l) => l.item.locked)) {
    const total = sumNutrition(lines.map((l) => [l.perGram, l.item.grams] as const));
    if (meetsTargets(total, targets)) return answer(lines, lines.map((l) => l.item.grams), total, targets);
    const { message, details } = explainMiss(total, targets, 'todos los alimentos bloqueados');
    throw new AppError('INFEASIBLE', message, details);
  }

  const lockedEnergy = sumNutrition(lines.filter((l) => l.item.locked).map((l) => [l.perGram, l.item.grams] as const)).energyKcal;
  const energyRoom = targetEnergyKcal * (1 + SOLVER_ENERGY_TOLERANCE_PCT / 100) - lockedEnergy;
  const build = (elastic: boolean) => {
    const model = new LinearModel();
    const columns: { index: number; column: string }[] = [];
    const fixed: [Nutrition, number][] = [];
    lines.forEach((line, index) => {
      const { item, stepGrams } = line;
      if (item.locked) {
        fixed.push([line.perGram, item.grams]);
        return;
      }
      const lo = Math.ceil((item.minGrams ?? 0) / stepGrams - 1e-9);
      let hi = Math.floor((item.maxGrams ?? Math.max(DEFAULT_MAX_GRAMS, item.grams)) / stepGrams + 1e-9);
      // In the strict model no line can bring more than the day's top energy (a smaller search); the elastic
      // one may overshoot energy, so it keeps her limits only.
      const kcalPerStep = line.perGram.energyKcal * stepGrams;
      if (!elastic && kcalPerStep > 0) hi = Math.min(hi, Math.floor(Math.max(0, energyRoom) / kcalPerStep + 1e-9));
      const column = model.variable(`n_${index}`, lo, Math.max(lo, hi), true);
      columns.push({ index, column });
      // |grams − her grams|, relative to her amount.
      model.absoluteDeviation(`move_${index}`, [[column, stepGrams]], item.grams, 1 / relativeBase(item.grams));
    });
    const perStep = columns.map(({ index, column }) => {
      const { perGram, stepGrams } = lines[index]!;
      return [column, { energyKcal: perGram.energyKcal * stepGrams, proteinG: perGram.proteinG * stepGrams, fatG: perGram.fatG * stepGrams, carbsG: perGram.carbsG * stepGrams }] as const;
    });
    addTargetRows(model, perStep, sumNutrition(fixed), targets, elastic);
    return { model, columns };
  };

  const gramsOf = (columns: { index: number; column: string }[], values: Map<string, number>) =>
    lines.map((line, index) => {
      const c = columns.find((x) => x.index === index);
      return c ? Math.round(values.get(c.column) ?? 0) * line.stepGrams : line.item.grams;
    });

  const strict = build(false);
  const outcome =
    budget === null ? await solveMilp(strict.model) : await (options.method === 'search' ? solveMilp : solveMilpFromRelaxation)(strict.model, { budgetSeconds: budget });
  if (outcome.status === 'optimal' || outcome.status === 'feasible') {
    const grams = gramsOf(strict.columns, outcome.values);
    const total = sumNutrition(lines.map((l, i) => [l.perGram, grams[i]!] as const));
    if (meetsTargets(total, targets)) return answer(lines, grams, total, targets);
  }
  if (outcome.status === 'unsolved') throw new AppError('INFEASIBLE', 'No encontramos cantidades a tiempo. Prueba con menos límites.', { reason: 'time-limit' });
  const elastic = build(true);
  const closest = await solveMilp(elastic.model);
  if (closest.status !== 'optimal' && closest.status !== 'feasible') {
    throw new AppError('INFEASIBLE', 'Con estos alimentos y límites no hay cantidades posibles. Revisa los mínimos y máximos.', { reason: 'limits' });
  }
  const grams = gramsOf(elastic.columns, closest.values);
  const total = sumNutrition(lines.map((l, i) => [l.perGram, grams[i]!] as const));
  const { message, details } = explainMiss(total, targets, 'estos alimentos y límites');
  throw new AppError('INFEASIBLE', message, details);
}

function answer(lines: readonly ResolvedLine[], grams: number[], total: Nutrition, targets: Targets): SolveFormulaDayResponse {
  return {
    items: lines.map((line, i) => {
      const g = Math.round(grams[i]! * 100) / 100;
      return { ...line.item, grams: g, household: line.household(g) };
    }),
    totals: totalsOf(total),
    deviation: deviationOf(total, targets),
  };
}
