// The targets both plan solvers meet — energy within ±3 % and each macronutrient within ±2 percentage
// points — as linear rows of a model, the totals and deviation of an answer, and the Spanish reason when a
// target cannot be met. Macro percentages are of the Atwater energy of the macros (4 kcal/g protein and
// carbohydrate, 9 kcal/g fat; the general factors, FAO 2003 "Food energy – methods of analysis and
// conversion factors"), so the three always add up to 100 %; energy is the foods' or groups' own kcal.
import { SOLVER_ENERGY_TOLERANCE_PCT, SOLVER_MACRO_TOLERANCE_PTS, type SolverDeviation, type SolverTotals } from '@almendra/contracts';
import type { LinearModel, Terms } from './milp.js';

export interface Nutrition { energyKcal: number; proteinG: number; fatG: number; carbsG: number }
export interface Targets { energyKcal: number; proteinPct: number; fatPct: number; carbsPct: number }

export const ZERO: Nutrition = Object.freeze({ energyKcal: 0, proteinG: 0, fatG: 0, carbsG: 0 });

const MACROS = [
  { key: 'protein', grams: 'proteinG', pct: 'proteinPct', factor: 4, name: 'proteínas' },
  { key: 'fat', grams: 'fatG', pct: 'fatPct', factor: 9, name: 'grasas' },
  { key: 'carbs', grams: 'carbsG', pct: 'carbsPct', factor: 4, name: 'carbohidratos' },
] as const;

const atwater = (n: Nutrition) => 4 * n.proteinG + 9 * n.fatG + 4 * n.carbsG;

/** Weight of a missed target in the elastic model: far above anything else, so it is missed only when it must. */
const MISS_WEIGHT = 1000;

/**
 * Adds the target rows over `columns` (each with its nutrition per unit of the column) plus a constant part
 * (what is locked). `elastic`: the rows may be missed at a high price, to find the closest reachable totals.
 * Also charges |energy − target| and |macro − target| (1 per % or point) so answers sit near the centre.
 */
export function addTargetRows(model: LinearModel, columns: ReadonlyArray<readonly [string, Nutrition]>, fixed: Nutrition, targets: Targets, elastic: boolean): void {
  const scale = 100 / targets.energyKcal;
  const energyTerms: Terms = columns.map(([c, n]) => [c, n.energyKcal] as const);
  const energyLo = targets.energyKcal * (1 - SOLVER_ENERGY_TOLERANCE_PCT / 100) - fixed.energyKcal;
  const energyHi = targets.energyKcal * (1 + SOLVER_ENERGY_TOLERANCE_PCT / 100) - fixed.energyKcal;
  const elasticRow = (name: string, terms: Terms, lo: number, hi: number) => {
    if (!elastic) return model.constrain(name, terms, lo, hi);
    const under = model.variable(`${name}_under`);
    const over = model.variable(`${name}_over`);
    model.cost(under, MISS_WEIGHT * scale);
    model.cost(over, MISS_WEIGHT * scale);
    model.constrain(name, [...terms, [under, 1], [over, -1]], lo, hi);
  };
  elasticRow('energy', energyTerms, energyLo, energyHi);
  model.absoluteDeviation('energy_centre', energyTerms, targets.energyKcal - fixed.energyKcal, scale);
  for (const macro of MACROS) {
    const target = targets[macro.pct];
    // factor·grams − share·Atwater is linear in the columns; its bounds are ±tolerance points of Atwater.
    const coef = (n: Nutrition, share: number) => macro.factor * n[macro.grams] - (share / 100) * atwater(n);
    const lo = target - SOLVER_MACRO_TOLERANCE_PTS;
    const hi = target + SOLVER_MACRO_TOLERANCE_PTS;
    elasticRow(`${macro.key}_lo`, columns.map(([c, n]) => [c, coef(n, lo)] as const), -coef(fixed, lo), Infinity);
    elasticRow(`${macro.key}_hi`, columns.map(([c, n]) => [c, coef(n, hi)] as const), -Infinity, -coef(fixed, hi));
    model.absoluteDeviation(`${macro.key}_centre`, columns.map(([c, n]) => [c, coef(n, target)] as const), -coef(fixed, target), scale);
  }
}

export function sumNutrition(parts: Iterable<readonly [Nutrition, number]>): Nutrition {
  const total = { energyKcal: 0, proteinG: 0, fatG: 0, carbsG: 0 };
  for (const [n, times] of parts) {
    total.energyKcal += n.energyKcal * times;
    total.proteinG += n.proteinG * times;
    total.fatG += n.fatG * times;
    total.carbsG += n.carbsG * times;
  }
  return total;
}

/** Unrounded percentages of Atwater energy. */
export function macroPercents(n: Nutrition): { proteinPct: number; fatPct: number; carbsPct: number } {
  const a = atwater(n);
  if (!(a > 0)) return { proteinPct: 0, fatPct: 0, carbsPct: 0 };
  return { proteinPct: (400 * n.proteinG) / a, fatPct: (900 * n.fatG) / a, carbsPct: (400 * n.carbsG) / a };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

export function totalsOf(n: Nutrition): SolverTotals {
  const p = macroPercents(n);
  return {
    energyKcal: round1(n.energyKcal),
    proteinG: round1(n.proteinG),
    fatG: round1(n.fatG),
    carbsG: round1(n.carbsG),
    proteinPct: round1(p.proteinPct),
    fatPct: round1(p.fatPct),
    carbsPct: round1(p.carbsPct),
  };
}

export function deviationOf(n: Nutrition, targets: Targets): SolverDeviation {
  const p = macroPercents(n);
  return {
    energyPct: round1(((n.energyKcal - targets.energyKcal) / targets.energyKcal) * 100),
    proteinPts: round1(p.proteinPct - targets.proteinPct),
    fatPts: round1(p.fatPct - targets.fatPct),
    carbsPts: round1(p.carbsPct - targets.carbsPct),
  };
}

/** True when the unrounded totals meet every tolerance (the server checks each answer before sending it). */
export function meetsTargets(n: Nutrition, targets: Targets, slack = 1e-6): boolean {
  const p = macroPercents(n);
  if (Math.abs(n.energyKcal - targets.energyKcal) > (targets.energyKcal * SOLVER_ENERGY_TOLERANCE_PCT) / 100 + slack) return false;
  return MACROS.every((m) => Math.abs(p[m.pct] - targets[m.pct]) <= SOLVER_MACRO_TOLERANCE_PTS + slack);
}

const number = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });
const kcal = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 0 });

/**
 * Why the targets cannot be met, from the closest totals the elastic model reached: what it could not
 * reach ("llegar a 23 % de proteínas") and which other limit stopped it ("sin superar 32 % de grasas").
 */
export function explainMiss(closest: Nutrition, targets: Targets, subject: string): { message: string; details: Record<string, unknown> } {
  const p = macroPercents(closest);
  const missed: string[] = [];
  const binding: string[] = [];
  // The elastic model may spread a miss over several targets by tiny amounts; only a real miss is named
  // (0.3 points, 0.5 % of the energy), the rest read as the limits that stopped it.
  const near = 0.3;
  const eLo = targets.energyKcal * (1 - SOLVER_ENERGY_TOLERANCE_PCT / 100);
  const eHi = targets.energyKcal * (1 + SOLVER_ENERGY_TOLERANCE_PCT / 100);
  const nearKcal = targets.energyKcal * 0.005;
  if (closest.energyKcal < eLo - nearKcal) missed.push(`llegar a ${kcal.format(eLo)} kcal`);
  else if (closest.energyKcal > eHi + nearKcal) missed.push(`bajar de ${kcal.format(eHi)} kcal`);
  else if (closest.energyKcal >= eHi - nearKcal) binding.push(`superar ${kcal.format(eHi)} kcal`);
  else if (closest.energyKcal <= eLo + nearKcal) binding.push(`quedar por debajo de ${kcal.format(eLo)} kcal`);
  const violations: { target: string; bound: number; closest: number }[] = [];
  /** The limits that stopped it, for a client to word ("sin superar 32 % de grasas": fat, max 32). */
  const limits: { target: string; bound: number; side: 'max' | 'min' }[] = [];
  if (!(closest.energyKcal < eLo - nearKcal) && !(closest.energyKcal > eHi + nearKcal)) {
    if (closest.energyKcal >= eHi - nearKcal) limits.push({ target: 'energy', bound: Math.round(eHi), side: 'max' });
    else if (closest.energyKcal <= eLo + nearKcal) limits.push({ target: 'energy', bound: Math.round(eLo), side: 'min' });
  }
  for (const m of MACROS) {
    const lo = targets[m.pct] - SOLVER_MACRO_TOLERANCE_PTS;
    const hi = targets[m.pct] + SOLVER_MACRO_TOLERANCE_PTS;
    const value = p[m.pct];
    if (value < lo - near) {
      missed.push(`llegar a ${number.format(lo)} % de ${m.name}`);
      violations.push({ target: m.key, bound: lo, closest: round1(value) });
    } else if (value > hi + near) {
      missed.push(`bajar de ${number.format(hi)} % de ${m.name}`);
      violations.push({ target: m.key, bound: hi, closest: round1(value) });
    } else if (value >= hi - near) {
      binding.push(`superar ${number.format(hi)} % de ${m.name}`);
      limits.push({ target: m.key, bound: hi, side: 'max' });
    } else if (value <= lo + near) {
      binding.push(`bajar de ${number.format(lo)} % de ${m.name}`);
      limits.push({ target: m.key, bound: lo, side: 'min' });
    }
  }
  if (closest.energyKcal < eLo - nearKcal || closest.energyKcal > eHi + nearKcal) {
    violations.unshift({ target: 'energy', bound: closest.energyKcal < eLo ? Math.round(eLo) : Math.round(eHi), closest: round1(closest.energyKcal) });
  }
  const what = missed.length ? missed.join(' ni ') : 'cumplir todos los objetivos a la vez';
  const totals = totalsOf(closest);
  const message =
    `Con ${subject} no se puede ${what}${binding.length ? ` sin ${binding.join(' ni ')}` : ''}. ` +
    `Lo más cerca posible: ${kcal.format(totals.energyKcal)} kcal, ${number.format(totals.proteinPct)} % de proteínas, ` +
    `${number.format(totals.fatPct)} % de grasas y ${number.format(totals.carbsPct)} % de carbohidratos.`;
  return { message, details: { violations, limits, closest: totals } };
}
