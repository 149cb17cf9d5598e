// "Proponer un día": a day of foods (and her dishes) for the plan's meals that meets the energy and macronutrient targets,
// as a mixed-integer programme solved by HiGHS. Each meal is written the way Argentine plans are (a dairy
// and bread at breakfast; a protein food, a starch, vegetables and oil at lunch and dinner…): every "role"
// of a meal picks exactly one food among a few candidates that can fill it (food-roles.ts: cooked legumes,
// never dry raw ones; an egg as a protein food, never as a dairy), in 10 g steps within a usual portion. A dish (a recipe of
// hers) goes only in the meals she says it fits, in steps of ½ portion: at lunch or dinner it is the main course (in
// place of the protein food and the starch), at breakfast or merienda it takes the place of the dairy and the bread,
// as a snack it is the snack. The model is written out in docs/plans.md.
import type { ProposeDayResponse, SolverMacros } from '@almendra/contracts';
import { measureAmountText } from '@almendra/domain';
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
  /** One of her favourites: when she proposes from favourites, other foods only fill in what they cannot. */
  favourite?: boolean;
}

/** A dish of hers that may go in the day: nutrition of one portion, its grams, and the meal slots it fits. */
export interface CandidateDish {
  id: string;
  name: string;
  perPortion: Nutrition;
  portionGrams: number;
  /** Meal slots 1–6 (1 desayuno … 6 cena) she says it fits; it is never proposed at any other. */
  meals: readonly number[];
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
type MealKind = 'breakfast' | 'snack' | 'main';
const ROLES: Record<MealKind, Role[]> = {
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

/**
 * The roles a dish takes the place of, by kind of meal: the main course of a lunch or dinner (its protein
 * food and its starch; vegetables, oil and dessert still go beside it), the dairy and the bread of a
 * breakfast or merienda (a fruit and something to spread may still go beside it), a snack's one food.
 */
const DISH_FILLS: Record<MealKind, readonly FoodRole[]> = { main: ['protein', 'starch'], breakfast: ['dairy', 'bread'], snack: ['snack'] };
/** A dish goes in steps of ½ portion, from ½ to 2 portions and at most this energy in the meal (about the limits of the roles it replaces). */
const DISH_STEP = 0.5;
const DISH_MAX_PORTIONS = 2;
const DISH_KCAL_HI: Record<MealKind, number> = { main: 900, breakfast: 500, snack: 300 };
/** Proposing from favourites: a food that is not one of them costs this much each time it is picked. */
const NOT_FAVOURITE_COST = 0.5;
/** Proposing from favourites: other foods that may fill a role her favourites fill too (a way out). */
const FALLBACK_PER_ROLE = 2;

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

/** A food in a role of a meal, or a dish as a meal's main course (role null): `steps` of `perStep` each. */
interface Choice {
  slot: number;
  role: Role | null;
  food?: CandidateFood;
  dish?: CandidateDish;
  /** The item (a food's or a dish's id, told apart): at most once per meal. */
  key: string;
  perStep: Nutrition;
  pick: string;
  steps: string;
  lo: number;
  hi: number;
  cost: number;
}

export interface ProposeDayInput {
  targetEnergyKcal: number;
  macros: SolverMacros;
  slots: readonly number[];
  day: number;
  distribution?: readonly { slot: number; pct: number }[];
  /** Her favourites first: foods that are not favourites cost a little (NOT_FAVOURITE_COST). */
  preferFavourites?: boolean;
}

export interface ProposedDay extends Omit<ProposeDayResponse, 'excluded' | 'excludedDishes'> {
  dishes: NonNullable<ProposeDayResponse['dishes']>;
}

export async function proposeDay(input: ProposeDayInput, foods: readonly CandidateFood[], dishes: readonly CandidateDish[] = []): Promise<ProposedDay> {
  const { proteinPct, fatPct, carbsPct } = input.macros;
  if (Math.abs(proteinPct + fatPct + carbsPct - 100) > 0.5) {
    const message = `Las macros deben sumar 100 % (suman ${proteinPct + fatPct + carbsPct} %).`;
    throw new AppError('VALIDATION_ERROR', message, [{ path: 'macros', message }]);
  }
  const slots = [...new Set(input.slots)].sort((a, b) => a - b);
  const shares = shareOf(input, slots);
  const targets: Targets = { energyKcal: input.targetEnergyKcal, ...input.macros };

  const rolesByFood = new Map(foods.map((f) => [f.id, rolesOf(f.name, f.group)]));
  const favourites = input.preferFavourites === true;
  /** The foods to try in a role: a few of the role's foods, rotated by day; her favourites first when asked. */
  const poolOf = (role: Role, seed: string) => {
    const fits = foods.filter((f) => f.perGram.energyKcal > 0 && rolesByFood.get(f.id)!.has(role.kind));
    if (!favourites) return rotate(fits, seed).slice(0, CANDIDATES_PER_ROLE);
    const liked = rotate(fits.filter((f) => f.favourite), seed).slice(0, CANDIDATES_PER_ROLE);
    const others = rotate(fits.filter((f) => !f.favourite), seed).slice(0, liked.length ? FALLBACK_PER_ROLE : CANDIDATES_PER_ROLE);
    return [...liked, ...others];
  };
  const choicesOf = () => {
    const choices: Choice[] = [];
    const add = (choice: Omit<Choice, 'pick' | 'steps'>) => {
      const i = choices.length;
      choices.push({ ...choice, pick: `y_${i}`, steps: `n_${i}` });
    };
    for (const slot of slots) {
      const roles = ROLES[kindOfSlot(slot)];
      let filled = 0;
      roles.forEach((role, r) => {
        for (const food of poolOf(role, `${input.day}:${slot}:${r}`)) {
          const [gramsLo, gramsHi] = usualGrams(food.name, role.kind) ?? [role.gramsLo, role.gramsHi];
          const lo = Math.ceil(gramsLo / GRAM_STEP);
          const hi = Math.floor(Math.min(gramsHi, role.kcalHi / food.perGram.energyKcal) / GRAM_STEP);
          if (hi < Math.max(1, lo)) continue;
          const cost = (role.optional ? OPTIONAL_COST : 0) + (favourites && !food.favourite ? NOT_FAVOURITE_COST : 0);
          add({ slot, role, food, key: `food:${food.id}`, perStep: scale1(food.perGram, GRAM_STEP), lo: Math.max(1, lo), hi, cost });
        }
        if (choices.some((c) => c.slot === slot && c.role === role)) filled += 1;
      });
      // Her dishes that fit this meal, a few rotated by day, each in place of the roles DISH_FILLS names.
      const kind = kindOfSlot(slot);
      for (const dish of rotate(dishes.filter((d) => d.meals.includes(slot)), `${input.day}:${slot}:dish`).slice(0, CANDIDATES_PER_ROLE)) {
        const half = scale1(dish.perPortion, DISH_STEP);
        if (!(half.energyKcal > 0)) continue;
        const hi = Math.floor(Math.min(DISH_MAX_PORTIONS / DISH_STEP, DISH_KCAL_HI[kind] / half.energyKcal));
        if (hi < 1) continue;
        add({ slot, role: null, dish, key: `dish:${dish.id}`, perStep: half, lo: 1, hi, cost: 0 });
        filled += 1;
      }
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
  const build = (elastic: boolean, picked: ReadonlySet<string> | null, withDish = false) => {
    const model = new LinearModel();
    for (const c of choices) {
      const on = picked?.has(c.pick);
      model.variable(c.pick, picked ? (on ? 1 : 0) : 0, picked && !on ? 0 : 1, picked === null);
      model.variable(c.steps, 0, picked && !on ? 0 : c.hi, picked !== null);
      // A chosen food gets a usual portion; an unchosen one gets nothing.
      model.constrain(`${c.steps}_on`, [[c.steps, 1], [c.pick, -c.lo]], 0, Infinity);
      model.constrain(`${c.steps}_off`, [[c.steps, 1], [c.pick, -c.hi]], -Infinity, 0);
      if (c.cost) model.cost(c.pick, c.cost);
    }
    // One food per required role, at most one per optional role; a dish takes the place of the roles its
    // kind of meal names in DISH_FILLS (each of them is filled by a food or by the dish, never both).
    for (const slot of slots) {
      const dishPicks = choices.filter((c) => c.slot === slot && c.dish).map((c) => [c.pick, 1] as const);
      const kind = kindOfSlot(slot);
      ROLES[kind].forEach((role, r) => {
        const picks = choices.filter((c) => c.slot === slot && c.role === role).map((c) => [c.pick, 1] as const);
        const all = DISH_FILLS[kind].includes(role.kind) ? [...picks, ...dishPicks] : picks;
        if (all.length) model.constrain(`role_${slot}_${r}`, all, role.optional ? 0 : 1, 1);
      });
    }
    // A food at most once per meal (lentils are not the protein and the side of the same lunch); across
    // meals it may repeat (bread at breakfast and merienda), at a small cost so meals vary when they can.
    // A dish at most once a day.
    const byItem = new Map<string, string[]>();
    for (const c of choices) {
      const key = c.dish ? c.key : `${c.slot}:${c.key}`;
      byItem.set(key, [...(byItem.get(key) ?? []), c.pick]);
    }
    const bySlot = new Map<string, Set<number>>();
    for (const c of choices) bySlot.set(c.key, (bySlot.get(c.key) ?? new Set()).add(c.slot));
    for (const c of choices) if (c.food && bySlot.get(c.key)!.size > 1) model.cost(c.pick, REPEAT_COST);
    let f = 0;
    for (const picks of byItem.values()) {
      if (picks.length > 1) model.constrain(`once_${(f += 1)}`, picks.map((p) => [p, 1] as const), 0, 1);
    }
    // Proposing from favourites with dishes among them: one of her dishes in the day (tried first).
    const dishPicks = choices.filter((c) => c.dish).map((c) => [c.pick, 1] as const);
    if (withDish && dishPicks.length) model.constrain('a_dish', dishPicks, 1, Infinity);
    const scale = 100 / input.targetEnergyKcal;
    for (const slot of slots) {
      const terms = choices.filter((c) => c.slot === slot).map((c) => [c.steps, c.perStep.energyKcal] as const);
      model.absoluteDeviation(`share_${slot}`, terms, (shares.get(slot)! / 100) * input.targetEnergyKcal, SHARE_WEIGHT * scale);
    }
    const perStep = choices.map((c) => [c.steps, c.perStep] as const);
    addTargetRows(model, perStep, sumNutrition([]), targets, elastic);
    return model;
  };

  /** The picked foods and dishes and their steps (`whole`: stage 2's whole steps; else the stage-1 amounts as they are). */
  const read = (values: Map<string, number>, whole = true) =>
    choices
      .filter((c) => Math.round(values.get(c.pick) ?? 0) === 1 && (values.get(c.steps) ?? 0) > 1e-6)
      .map((c) => ({ choice: c, steps: whole ? Math.round(values.get(c.steps) ?? 0) : (values.get(c.steps) ?? 0) }));
  const nutritionOf = (chosen: ReturnType<typeof read>) => sumNutrition(chosen.map((p) => [p.choice.perStep, p.steps] as const));

  const stage1Options = { timeLimitSeconds: STAGE1_TIME_LIMIT_SECONDS, budgetSeconds: SEARCH_BUDGET_SECONDS, relativeGap: 0.1, absoluteGap: 1 };
  // From favourites, a day with one of her dishes is tried first (the search's tolerance could otherwise
  // settle for a day of other foods); when none fits, the day is composed as usual.
  const found = (o: { status: string }) => o.status === 'optimal' || o.status === 'feasible';
  let stage1 = favourites && choices.some((c) => c.dish) ? await solveMilpFromRelaxation(build(false, null, true), stage1Options) : null;
  if (!stage1 || !found(stage1)) stage1 = await solveMilpFromRelaxation(build(false, null), stage1Options);
  if (stage1.status === 'optimal' || stage1.status === 'feasible') {
    const picked = new Set(choices.filter((c) => Math.round(stage1.values.get(c.pick) ?? 0) === 1).map((c) => c.pick));
    const stage2 = await solveMilpFromRelaxation(build(false, picked), { budgetSeconds: SEARCH_BUDGET_SECONDS, relativeGap: 0.1, absoluteGap: 1 });
    if (stage2.status === 'optimal' || stage2.status === 'feasible') {
      const chosen = read(stage2.values);
      const total = nutritionOf(chosen);
      // Checked again from the rounded amounts: a proposal that misses a target is never sent.
      if (meetsTargets(total, targets)) {
        return {
          items: chosen.flatMap(({ choice, steps }) => {
            const food = choice.food;
            if (!food) return [];
            const grams = steps * GRAM_STEP;
            return [{ foodId: food.id, name: food.name, slot: choice.slot, grams, household: food.household(grams) }];
          }),
          dishes: chosen.flatMap(({ choice, steps }) => {
            const dish = choice.dish;
            if (!dish) return [];
            const portions = steps * DISH_STEP;
            return [{ dishId: dish.id, name: dish.name, slot: choice.slot, portions, grams: Math.round(portions * dish.portionGrams), household: measureAmountText(portions, 'porción') }];
          }),
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
  const total = nutritionOf(read(closest.values, false));
  const { message, details } = explainMiss(total, targets, 'estos alimentos en porciones usuales');
  throw new AppError('INFEASIBLE', message, { reason: 'targets', ...details });
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
