// Dish rows + the domain's computed totals → contract types. Totals are rounded to 4 decimals only for
// transport (the float noise of 12.300000000000001 is not information).
import { normalizeDishMeals, type Dish, type DishIngredient, type NutrientTotalsResponse } from '@almendra/contracts';
import { NUTRIENT_KEYS, roundTo, type DishResult, type NutrientKey, type NutrientTotals } from '@almendra/domain';
import type { DishIngredientRow, DishRow } from './dishes.repository.js';

const round = (value: number) => roundTo(value, 4);

/** "3,6" → [3, 6]: the meal slots a dish fits (migration 0044), normalized (lunch and dinner when none). */
export const mealsOf = (text: string | null | undefined): number[] => normalizeDishMeals((text ?? '').split(',').map((s) => Number(s.trim())));
/** [3, 6] → "3,6", normalized. */
export const mealsText = (meals: readonly number[]): string => normalizeDishMeals(meals).join(',');

export function toNutrientTotals(grams: number, totals: NutrientTotals): NutrientTotalsResponse {
  const nutrients = {} as Record<NutrientKey, number>;
  for (const key of NUTRIENT_KEYS) nutrients[key] = round(totals.values[key]);
  return { grams: round(grams), nutrients, incomplete: [...totals.missing] };
}

export function toDishIngredient(row: DishIngredientRow, name: string, line: DishResult['lines'][number]): DishIngredient {
  return {
    position: Number(row.position),
    kind: row.food_id ? 'food' : 'dish',
    foodId: row.food_id,
    dishId: row.ingredient_dish_id,
    name,
    quantity: Number(row.quantity),
    measure: {
      kind: row.measure_kind,
      position: row.measure_position === null ? null : Number(row.measure_position),
      description: row.measure_description,
      gramsPerUnit: row.gram_weight === null ? null : Number(row.gram_weight),
    },
    grams: round(line.grams),
    energyKcal: round(line.amounts.values.energyKcal),
    proteinG: round(line.amounts.values.proteinG),
    fatG: round(line.amounts.values.fatG),
    carbohydrateG: round(line.amounts.values.carbohydrateG),
  };
}

export function toDish(row: DishRow, ingredients: DishIngredient[], result: DishResult, example = false): Dish {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    servings: Number(row.servings),
    deactivated: Number(row.deactivated) === 1,
    version: Number(row.version),
    example,
    hasPhoto: Boolean(row.photo_path),
    meals: mealsOf(row.meals),
    ingredients,
    totals: toNutrientTotals(result.grams, result.totals),
    perServing: toNutrientTotals(result.perServing.grams, result.perServing.totals),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
