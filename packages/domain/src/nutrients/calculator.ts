/**
 * The food calculator of seed 1 §4: "adding a food with quantity and unit adds its nutrient amounts to
 * the running totals; re-adding an existing food un-deletes it and recalculates; removing subtracts it
 * and marks it deleted; changing quantity or unit recalculates all totals."
 *
 * States are immutable values (each transition returns a new state), so a React reducer can hold them.
 * The running totals are re-summed from the active lines in line order on every transition instead of
 * being updated by += / -=: the observable result is the spec's, but floating-point drift never
 * accumulates (adding a food and removing it again gives back exactly the previous totals, not
 * 1.4210854715202004e-14), and a deleted line keeps its last amounts for an "undo".
 */
import { scaleNutrients, quantityInGrams, unitFactor, GRAM_UNIT, type FoodUnit, type HouseholdMeasure } from './quantities.js';
import { emptyTotals, sumTotals, type NutrientTotals } from './totals.js';
import { toNutrientNumber, type NutrientInput } from './values.js';

export interface CalculatorFood {
  readonly id: string;
  /** Per 100 g, keyed by nutrient key. */
  readonly nutrients: NutrientInput;
  readonly measures?: readonly HouseholdMeasure[];
}

export interface CalculatorLine {
  readonly food: CalculatorFood;
  /** As entered, read as a number (empty or non-numeric = 0). */
  readonly quantity: number;
  readonly unit: FoodUnit;
  readonly grams: number;
  readonly amounts: NutrientTotals;
  /** Removed lines stay in the list, marked deleted, so re-adding the food brings them back. */
  readonly deleted: boolean;
}

export interface CalculatorState {
  readonly lines: readonly CalculatorLine[];
  readonly totals: NutrientTotals;
}

export function createCalculator(): CalculatorState {
  return { lines: [], totals: emptyTotals() };
}

function computeLine(food: CalculatorFood, quantity: unknown, unit: FoodUnit, deleted: boolean): CalculatorLine {
  const amount = toNutrientNumber(quantity);
  const grams = quantityInGrams(amount, unitFactor(unit, food.measures));
  return { food, quantity: amount, unit, grams, amounts: scaleNutrients(food.nutrients, grams), deleted };
}

function withLines(lines: readonly CalculatorLine[]): CalculatorState {
  return { lines, totals: sumTotals(lines.filter((l) => !l.deleted).map((l) => l.amounts)) };
}

/** Lines that count in the totals. */
export function activeLines(state: CalculatorState): CalculatorLine[] {
  return state.lines.filter((l) => !l.deleted);
}

/**
 * Adds a food; a food already in the list (deleted or not) takes the new quantity and unit and is
 * un-deleted. Throws UnknownUnitError when the unit is neither 'g' nor one of the food's measures.
 */
export function addFood(state: CalculatorState, food: CalculatorFood, quantity: unknown, unit: FoodUnit = GRAM_UNIT): CalculatorState {
  const index = state.lines.findIndex((l) => l.food.id === food.id);
  const line = computeLine(food, quantity, unit, false);
  if (index === -1) return withLines([...state.lines, line]);
  return recalculate(state.lines.map((l, i) => (i === index ? line : l)));
}

/** Marks the food's line deleted and takes it out of the totals; unknown or already deleted: no change. */
export function removeFood(state: CalculatorState, foodId: string): CalculatorState {
  const index = state.lines.findIndex((l) => l.food.id === foodId && !l.deleted);
  if (index === -1) return state;
  return withLines(state.lines.map((l, i) => (i === index ? { ...l, deleted: true } : l)));
}

/** New quantity for the food's line, then every line and the totals are recalculated. */
export function changeQuantity(state: CalculatorState, foodId: string, quantity: unknown): CalculatorState {
  if (!state.lines.some((l) => l.food.id === foodId)) return state;
  return recalculate(state.lines.map((l) => (l.food.id === foodId ? { ...l, quantity: toNutrientNumber(quantity) } : l)));
}

/** New unit for the food's line, then every line and the totals are recalculated. */
export function changeUnit(state: CalculatorState, foodId: string, unit: FoodUnit): CalculatorState {
  if (!state.lines.some((l) => l.food.id === foodId)) return state;
  return recalculate(state.lines.map((l) => (l.food.id === foodId ? { ...l, unit } : l)));
}

/** Recomputes every line from its food, quantity and unit (e.g. after a food's values changed). */
export function recalculate(lines: readonly CalculatorLine[]): CalculatorState {
  return withLines(lines.map((l) => computeLine(l.food, l.quantity, l.unit, l.deleted)));
}
