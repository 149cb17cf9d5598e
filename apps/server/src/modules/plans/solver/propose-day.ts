// "Proponer un día": a day of foods for the plan's meals that meets the energy and macronutrient targets,
// as a mixed-integer programme solved by HiGHS. Each meal is written the way Argentine plans are (a dairy
// and bread at breakfast; a protein food, a starch, vegetables and oil at lunch and dinner…): every "role"
// of a meal picks exactly one food among a few candidates that can fill it (food-roles.ts: cooked legumes,
// never dry raw ones; an egg as a protein food, never as a dairy), in 10 g steps within a usual portion. The model is written out in docs/plans.md.
import type { ProposeDayResponse, SolverMacros } from '@almendra/contracts';
import { AppError } from '../../../lib/errors.js';
import { rolesOf, usualGrams, type FoodRole } from './food-roles.js';
import { SLOT_NAMES_ES, kindOfSlot } from './meal-patterns.js';
import { LinearModel, solveMilp, solveMilpFromRelaxation } from './milp.js';
import { addTargetRows, deviationOf, explainMiss, meetsTargets, sumNutrition, totalsOf, type Nutrition, type Targets } from './targets.js';

/** A food that may go in the day: its USDA food group code ("01" dairy and egg…) and nutrition per gram. */
export interface CandidateFood {
  id: string;
  name: string;
  group: string | null;
  perGram: Nutrition;
  household: (grams: number) => string | null;
}

interface Role {
  name: string;
  /** Which foods can fill it (food-roles.ts: read from the food's group and name, the way it is served). */
  kind: FoodRole;
  /** Usual portion in grams, and at most this energy for one portion (a cheese is a smaller portion than milk). */
  gramsLo: number;
  gramsHi: number;
  kcalHi: number;
  optional?: boolean;
}

/**
 * The roles of each kind of meal (same kinds as the exchange model's table in meal-patterns.ts), after the
 * plans of Torresani & Somoza (Lineamientos para el cuidado nutricional, 3.ª ed. 2009): a dairy and bread at
 * breakfast and merienda, fruit or a dairy or a few nuts for the small snacks, and at lunch and dinner a
 * protein food, a cooked starch, vegetables, oil and a fruit for dessert.
 */
const ROLES: Record<'breakfast' | 'snack' | 'main', Role[]> = {
  breakfast: [
    { name: 'lácteo', kind: 'dairy', gramsLo: 30, gramsHi: 250, kcalHi: 200 },
    { name: 'pan o cereal', kind: 'bread', gramsLo: 20, gramsHi: 100, kcalHi: 300 },
    { name: 'fruta', kind: 'fruit', gramsLo: 80, gramsHi: 250, kcalHi: 180, optional: true },
    { name: 'para untar o endulzar', kind: 'spread', gramsLo: 10, gramsHi: 30, kcalHi: 120, optional: true },
  ],
  snack: [{ name: 'colación', kind: 'snack', gramsLo: 20, gramsHi: 250, kcalHi: 250 }],
  main: [
    { name: 'proteico', kind: 'protein', gramsLo: 60, gramsHi: 250, kcalHi: 480 },
    { name: 'guarnición', kind: 'starch', gramsLo: 80, gramsHi: 300, kcalHi: 450 },
    { name: 'vegetales', kind: 'vegetables', gramsLo: 100, gramsHi: 350, kcalHi: 200 },
    { name: 'aceite', kind: 'oil', gramsLo: 5, gramsHi: 25, kcalHi: 230, optional: true },
    { name: 'postre', kind: 'fruit', gramsLo: 80, gramsHi: 200, kcalHi: 160, optional: true },
  ],
};

/** Usual share of the day's energy per meal (normalised over the meals of the plan) when she gives none. */
const DEFAULT_SHARES: Record<number, number> = { 1: 20, 2: 7, 3: 33, 4: 15, 5: 5, 6: 28 };
/** Candidates per role: few enough for a small model, rotated by the day of the week so days vary. */
const CANDIDATES_PER_ROLE = 5;
const GRAM_STEP = 10;
/** Objective weights, in points of the day's energy: each point a meal is away from its share costs 1. */
const SHARE_WEIGHT = 1;
/** Each optional role filled costs a little, so a meal is not padded with extras it does not need. */
const OPTIONAL_COST = 0.3;
const SEARCH_BUDGET_SECONDS = 0.15;
/** A food that could also go in another meal costs a little each time it is picked: meals vary when they can. */
const REPEAT_COST = 0.2;
/** Choosing the foods is the hard part of the search: when the budget finds no day yet, it may search this long. */
const STAGE1_TIME_LIMIT_SECONDS = 6;

/** Deterministic rotation of a list by (day, role): the same request proposes the same day. */
function rotate<T extends { id: string }>(list: readonly T[], seed: string): T[] {
  const hash = (s: string) => {
    let h = 2166136261;
    for (let i = 0; i < s.length; i += 1) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
    return h >>> 0;
  };
  return [...list].sort((a, b) => hash(`${seed}:${a.id}`) - hash(`${seed}:${b.id}`) || a.id.localeCompare(b.id));
}

interface Choice { slot: number; role: Role; food: CandidateFood; pick: string; steps: string; lo: number; hi: number }

export interface ProposeDayInput {
  targetEnergyKcal: number;
  macros: SolverMacros;
  slots: readonly number[];
  day: number;
  distribution?: readonly { slot: number; pct: number }[];
}

export async function proposeDay(input: ProposeDayInput, foods: readonly CandidateFood[]): Promise<Omit<ProposeDayResponse, 'excluded'>> {
  const { proteinPct, fatPct, carbsPct } = input.macros;
  if (Math.abs(proteinPct + fatPct + carbsPct - 100) > 0.5) {
    const message = `Las macros deben sumar 100 % (suman ${proteinPct + fatPct + carbsPct} %).`;
    throw new AppError('VALIDATION_ERROR', message, [{ path: 'macros', message }]);
  }
  const slots = [...new Set(input.slots)].sort((a, b) => a - b);
  const shares = shareOf(input, slots);
  const targets: Targets = { energyKcal: input.targetEnergyKcal, ...input.macros };

  const rolesByFood = new Map(foods.map((f) => [f.id, rolesOf(f.name, f.group)]));
  const choicesOf = () => {
    const choices: Choice[] = [];
    for (const slot of slots) {
      const roles = ROLES[kindOfSlot(slot)];
      let filled = 0;
      roles.forEach((role, r) => {
        const pool = foods.filter((f) => f.perGram.energyKcal > 0 && rolesByFood.get(f.id)!.has(role.kind));
        for (const food of rotate(pool, `${input.day}:${slot}:${r}`).slice(0, CANDIDATES_PER_ROLE)) {
          const [gramsLo, gramsHi] = usualGrams(food.name, role.kind) ?? [role.gramsLo, role.gramsHi];
          const lo = Math.ceil(gramsLo / GRAM_STEP);
          const hi = Math.floor(Math.min(gramsHi, role.kcalHi / food.perGram.energyKcal) / GRAM_STEP);
          if (hi < Math.max(1, lo)) continue;
          const i = choices.length;
          choices.push({ slot, role, food, pick: `y_${i}`, steps: `n_${i}`, lo: Math.max(1, lo), hi });
        }
        if (choices.some((c) => c.slot === slot && c.role === role)) filled += 1;
      });
      if (filled === 0) {
        throw new AppError('INFEASIBLE', `No hay alimentos para el ${SLOT_NAMES_ES[slot] ?? 'comida'} con estos filtros: agrega alimentos de sus grupos o quita exclusiones.`, { reason: 'no-candidates', slot });
      }
    }
    return choices;
  };
  const choices = choicesOf();

  /**
   * `picked`: null = stage 1, which foods (binary picks, grams continuous: a far easier search); a set = stage
   * 2, the picked foods' grams in whole 10 g steps (the other foods fixed at zero).
   */
  const build = (elastic: boolean, picked: ReadonlySet<string> | null) => {
    const model = new LinearModel();
    for (const c of choices) {
      const on = picked?.has(c.pick);
      model.variable(c.pick, picked ? (on ? 1 : 0) : 0, picked && !on ? 0 : 1, picked === null);
      model.variable(c.steps, 0, picked && !on ? 0 : c.hi, picked !== null);
      // A chosen food gets a usual portion; an unchosen one gets nothing.
      model.constrain(`${c.steps}_on`, [[c.steps, 1], [c.pick, -c.lo]], 0, Infinity);
      model.constrain(`${c.steps}_off`, [[c.steps, 1], [c.pick, -c.hi]], -Infinity, 0);
      if (c.role.optional) model.cost(c.pick, OPTIONAL_COST);
    }
    // One food per required role, at most one per optional role.
    for (const slot of slots) {
      for (const role of ROLES[kindOfSlot(slot)]) {
        const picks = choices.filter((c) => c.slot === slot && c.role === role).map((c) => [c.pick, 1] as const);
        if (picks.length) model.constrain(`role_${slot}_${ROLES[kindOfSlot(slot)].indexOf(role)}`, picks, role.optional ? 0 : 1, 1);
      }
    }
    // A food at most once per meal (lentils are not the protein and the side of the same lunch); across
    // meals it may repeat (bread at breakfast and merienda), at a small cost so meals vary when they can.
    const byFood = new Map<string, string[]>();
    for (const c of choices) byFood.set(`${c.slot}:${c.food.id}`, [...(byFood.get(`${c.slot}:${c.food.id}`) ?? []), c.pick]);
    const bySlot = new Map<string, Set<number>>();
    for (const c of choices) bySlot.set(c.food.id, (bySlot.get(c.food.id) ?? new Set()).add(c.slot));
    for (const c of choices) if (bySlot.get(c.food.id)!.size > 1) model.cost(c.pick, REPEAT_COST);
    let f = 0;
    for (const picks of byFood.values()) {
      if (picks.length > 1) model.constrain(`once_${(f += 1)}`, picks.map((p) => [p, 1] as const), 0, 1);
    }
    const scale = 100 / input.targetEnergyKcal;
    for (const slot of slots) {
      const terms = choices.filter((c) => c.slot === slot).map((c) => [c.steps, c.food.perGram.energyKcal * GRAM_STEP] as const);
      model.absoluteDeviation(`share_${slot}`, terms, (shares.get(slot)! / 100) * input.targetEnergyKcal, SHARE_WEIGHT * scale);
    }
    const perStep = choices.map((c) => [c.steps, scale1(c.food.perGram, GRAM_STEP)] as const);
    addTargetRows(model, perStep, sumNutrition([]), targets, elastic);
    return model;
  };

  /** The picked foods and their grams (`whole`: stage 2's 10 g steps; else the stage-1 amounts as they are). */
  const read = (values: Map<string, number>, whole = true) =>
    choices
      .filter((c) => Math.round(values.get(c.pick) ?? 0) === 1 && (values.get(c.steps) ?? 0) > 1e-6)
      .map((c) => ({ choice: c, grams: whole ? Math.round(values.get(c.steps) ?? 0) * GRAM_STEP : (values.get(c.steps) ?? 0) * GRAM_STEP }));

  const stage1 = await solveMilpFromRelaxation(build(false, null), { timeLimitSeconds: STAGE1_TIME_LIMIT_SECONDS, budgetSeconds: SEARCH_BUDGET_SECONDS, relativeGap: 0.1, absoluteGap: 1 });
  if (stage1.status === 'optimal' || stage1.status === 'feasible') {
    const picked = new Set(choices.filter((c) => Math.round(stage1.values.get(c.pick) ?? 0) === 1).map((c) => c.pick));
    const stage2 = await solveMilpFromRelaxation(build(false, picked), { budgetSeconds: SEARCH_BUDGET_SECONDS, relativeGap: 0.1, absoluteGap: 1 });
    if (stage2.status === 'optimal' || stage2.status === 'feasible') {
      const chosen = read(stage2.values);
      const total = sumNutrition(chosen.map((p) => [p.choice.food.perGram, p.grams] as const));
      // Checked again from the rounded grams: a proposal that misses a target is never sent.
      if (meetsTargets(total, targets)) {
        return {
          items: chosen.map(({ choice, grams }) => ({ foodId: choice.food.id, name: choice.food.name, slot: choice.slot, grams, household: choice.food.household(grams) })),
          totals: totalsOf(total),
          deviation: deviationOf(total, targets),
        };
      }
    }
    throw new AppError('INFEASIBLE', 'No encontramos cantidades de a 10 g que cumplan los objetivos con estos alimentos. Prueba otra vez o con más alimentos.', { reason: 'rounding' });
  }
  if (stage1.status === 'unsolved') throw new AppError('INFEASIBLE', 'No encontramos un día a tiempo. Prueba con más alimentos o menos exclusiones.', { reason: 'time-limit' });
  const closest = await solveMilp(build(true, null), { timeLimitSeconds: STAGE1_TIME_LIMIT_SECONDS, budgetSeconds: SEARCH_BUDGET_SECONDS, relativeGap: 0.1 });
  if (closest.status !== 'optimal' && closest.status !== 'feasible') {
    throw new AppError('INFEASIBLE', 'Con estos alimentos no se puede armar un día con porciones usuales. Agrega alimentos o quita exclusiones.', { reason: 'portions' });
  }
  const total = sumNutrition(read(closest.values, false).map((p) => [p.choice.food.perGram, p.grams] as const));
  const { message, details } = explainMiss(total, targets, 'estos alimentos en porciones usuales');
  throw new AppError('INFEASIBLE', message, details);
}

const scale1 = (n: Nutrition, k: number): Nutrition => ({ energyKcal: n.energyKcal * k, proteinG: n.proteinG * k, fatG: n.fatG * k, carbsG: n.carbsG * k });

function shareOf(input: ProposeDayInput, slots: readonly number[]): Map<number, number> {
  const given = input.distribution?.filter((d) => slots.includes(d.slot));
  const raw = slots.map((s) => [s, given?.length ? (given.find((d) => d.slot === s)?.pct ?? 0) : (DEFAULT_SHARES[s] ?? 10)] as const);
  const sum = raw.reduce((a, [, p]) => a + p, 0);
  if (!(sum > 0)) {
    const message = 'La distribución por comidas debe sumar más de 0 %.';
    throw new AppError('VALIDATION_ERROR', message, [{ path: 'distribution', message }]);
  }
  return new Map(raw.map(([s, p]) => [s, (p / sum) * 100]));
}
