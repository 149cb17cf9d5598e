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
 *
 * Lines are keyed by a line id, which defaults to the food id: called without line ids the calculator is
 * exactly the spec's (one line per food). A dish editor passes its own line ids so the same food can be
 * in two lines (oil to fry and oil to dress) without one replacing the other; it finds the deleted line
 * to revive on a re-add with deletedLineOf().
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
  /** The line's key: the food id unless the caller chose one. */
  readonly id: string;
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

function computeLine(id: string, food: CalculatorFood, quantity: unknown, unit: FoodUnit, deleted: boolean): CalculatorLine {
  const amount = toNutrientNumber(quantity);
  const grams = quantityInGrams(amount, unitFactor(unit, food.measures));
  return { id, food, quantity: amount, unit, grams, amounts: scaleNutrients(food.nutrients, grams), deleted };
}

function withLines(lines: readonly CalculatorLine[]): CalculatorState {
  return { lines, totals: sumTotals(lines.filter((l) => !l.deleted).map((l) => l.amounts)) };
}

/** Lines that count in the totals. */
export function activeLines(state: CalculatorState): CalculatorLine[] {
  return state.lines.filter((l) => !l.deleted);
}

/**
 * Adds a food as line `lineId` (default: the food id); a line already in the list with that id (deleted
 * or not) takes the food, quantity and unit and is un-deleted. Throws UnknownUnitError when the unit is
 * neither 'g' nor one of the food's measures.
 */
export function addFood(
  state: CalculatorState,
  food: CalculatorFood,
  quantity: unknown,
  unit: FoodUnit = GRAM_UNIT,
  lineId: string = food.id,
): CalculatorState {
  const index = state.lines.findIndex((l) => l.id === lineId);
  const line = computeLine(lineId, food, quantity, unit, false);
  if (index === -1) return withLines([...state.lines, line]);
  return recalculate(state.lines.map((l, i) => (i === index ? line : l)));
}

/** The id of a deleted line of this food (the one a re-add should revive), or null. */
export function deletedLineOf(state: CalculatorState, foodId: string): string | null {
  return state.lines.find((l) => l.food.id === foodId && l.deleted)?.id ?? null;
}

/** Marks the line (default key: the food id) deleted and takes it out of the totals; unknown or already deleted: no change. */
export function removeFood(state: CalculatorState, lineId: string): CalculatorState {
  const index = state.lines.findIndex((l) => l.id === lineId && !l.deleted);
  if (index === -1) return state;
  return withLines(state.lines.map((l, i) => (i === index ? { ...l, deleted: true } : l)));
}

/** New quantity for the line, then every line and the totals are recalculated. */
export function changeQuantity(state: CalculatorState, lineId: string, quantity: unknown): CalculatorState {
  if (!state.lines.some((l) => l.id === lineId)) return state;
  return recalculate(state.lines.map((l) => (l.id === lineId ? { ...l, quantity: toNutrientNumber(quantity) } : l)));
}

/** New unit for the line, then every line and the totals are recalculated. */
export function changeUnit(state: CalculatorState, lineId: string, unit: FoodUnit): CalculatorState {
  if (!state.lines.some((l) => l.id === lineId)) return state;
  return recalculate(state.lines.map((l) => (l.id === lineId ? { ...l, unit } : l)));
}

/** Recomputes every line from its food, quantity and unit (e.g. after a food's values changed). */
export function recalculate(lines: readonly CalculatorLine[]): CalculatorState {
  return withLines(lines.map((l) => computeLine(l.id, l.food, l.quantity, l.unit, l.deleted)));
}
