/**
 * Dish totals. A dish is a list of ingredients — foods, or other dishes — and a number of servings; its
 * totals are always computed from the current food values, never stored.
 *
 * - A food ingredient weighs quantity × grams-per-unit (1 for grams, a household unit's weight
 *   otherwise) and contributes that many grams of the food, scaled per seed 1 §9.
 * - A dish ingredient is measured in grams of that dish (its share of the dish's total raw weight) or
 *   in servings (1/servings of the dish). Its totals are not rounded again: the per-100 g rounding of
 *   the spec applies to food values, and a nested dish's totals are already built from them.
 * - The weight of a dish is the sum of its ingredients' raw weights (no cooking-yield correction).
 * - A dish that contains itself, directly or through other dishes, has no totals: DishCycleError.
 */
import { scaleNutrients, quantityInGrams } from './quantities.js';
import { emptyTotals, scaleTotals, sumTotals, type NutrientTotals } from './totals.js';
import { toNutrientNumber, type NutrientInput } from './values.js';

export type DishIngredient =
  | {
      readonly kind: 'food';
      readonly foodId: string;
      readonly quantity: unknown;
      /** 1 for grams; the household unit's weight otherwise (fixed when the ingredient was saved). */
      readonly gramsPerUnit: number;
    }
  | {
      readonly kind: 'dish';
      readonly dishId: string;
      readonly quantity: unknown;
      readonly unit: 'g' | 'serving';
    };

export interface DishDefinition {
  readonly id: string;
  /** Servings the whole dish makes (> 0). */
  readonly servings: number;
  readonly ingredients: readonly DishIngredient[];
}

export interface DishSources {
  food(id: string): { readonly nutrients: NutrientInput } | undefined;
  dish(id: string): DishDefinition | undefined;
}

export interface DishLineResult {
  readonly grams: number;
  readonly amounts: NutrientTotals;
}

export interface DishResult {
  /** Raw weight of the whole dish. */
  readonly grams: number;
  readonly totals: NutrientTotals;
  readonly perServing: { readonly grams: number; readonly totals: NutrientTotals };
  /** One result per ingredient, in ingredient order. */
  readonly lines: readonly DishLineResult[];
}

export class DishCycleError extends Error {
  /** Dish ids from the dish that starts the loop back to itself, e.g. [A, B, A]. */
  constructor(readonly path: readonly string[]) {
    super(`dish ${path[0]} contains itself: ${path.join(' → ')}`);
    this.name = 'DishCycleError';
  }
}

export class MissingDishSourceError extends Error {
  constructor(
    readonly kind: 'food' | 'dish',
    readonly id: string,
  ) {
    super(`${kind} ${id} is not available`);
    this.name = 'MissingDishSourceError';
  }
}

function validServings(servings: number): number {
  return Number.isFinite(servings) && servings > 0 ? servings : 1;
}

/** What an included dish contributes: its weight and totals, its servings, and how much of it is used. */
export interface IncludedDish {
  readonly grams: number;
  readonly totals: NutrientTotals;
  readonly servings: number;
}

/**
 * The line of an included dish measured in servings (1/servings of the dish each) or grams (a share of
 * its raw weight). computeDish uses it for nested dishes; a dish editor uses it with the included dish's
 * computed totals to show live totals that match the server's.
 */
export function includedDishLine(nested: IncludedDish, quantity: unknown, unit: 'g' | 'serving'): DishLineResult {
  const amount = toNutrientNumber(quantity);
  if (unit === 'serving') {
    const share = amount / validServings(nested.servings);
    return { grams: nested.grams * share, amounts: scaleTotals(nested.totals, share) };
  }
  const share = nested.grams > 0 ? amount / nested.grams : 0;
  return { grams: amount, amounts: scaleTotals(nested.totals, share) };
}

/** Totals of a dish and of each of its lines; nested dishes are computed once per call. */
export function computeDish(dish: DishDefinition, sources: DishSources): DishResult {
  const done = new Map<string, DishResult>();
  const stack: string[] = [];

  const visit = (current: DishDefinition): DishResult => {
    const cached = done.get(current.id);
    if (cached) return cached;
    const loopStart = stack.indexOf(current.id);
    if (loopStart !== -1) throw new DishCycleError([...stack.slice(loopStart), current.id]);
    stack.push(current.id);

    const lines = current.ingredients.map((ingredient): DishLineResult => {
      if (ingredient.kind === 'food') {
        const food = sources.food(ingredient.foodId);
        if (!food) throw new MissingDishSourceError('food', ingredient.foodId);
        const grams = quantityInGrams(ingredient.quantity, ingredient.gramsPerUnit);
        return { grams, amounts: scaleNutrients(food.nutrients, grams) };
      }
      const nestedDish = ingredient.dishId === current.id ? current : sources.dish(ingredient.dishId);
      if (!nestedDish) throw new MissingDishSourceError('dish', ingredient.dishId);
      const nested = visit(nestedDish);
      return includedDishLine({ grams: nested.grams, totals: nested.totals, servings: nestedDish.servings }, ingredient.quantity, ingredient.unit);
    });

    const grams = lines.reduce((sum, line) => sum + line.grams, 0);
    const totals = lines.length === 0 ? emptyTotals() : sumTotals(lines.map((l) => l.amounts));
    const servings = validServings(current.servings);
    const result: DishResult = {
      grams,
      totals,
      perServing: { grams: grams / servings, totals: scaleTotals(totals, 1 / servings) },
      lines,
    };
    stack.pop();
    done.set(current.id, result);
    return result;
  };

  return visit(dish);
}

/**
 * The loop that `dishId` would be part of, given each dish's directly included dish ids (for a dish
 * being edited, pass its new ingredient list); null when there is none. Used to refuse an edit
 * before it is saved.
 */
export function findDishCycle(dishId: string, includedDishes: (id: string) => readonly string[]): string[] | null {
  const finished = new Set<string>();
  const path: string[] = [];

  const visit = (id: string): string[] | null => {
    if (id === dishId && path.length > 0) return [...path, id];
    // A loop that does not pass through dishId is not this edit's doing; the ongoing visit of `id`
    // already covers everything reachable from it.
    if (path.includes(id) || finished.has(id)) return null;
    path.push(id);
    for (const next of includedDishes(id)) {
      const loop = visit(next);
      if (loop) return loop;
    }
    path.pop();
    finished.add(id);
    return null;
  };

  return visit(dishId);
}
