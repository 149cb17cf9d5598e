// Data checks for the shipped example dishes (see README.md): every ingredient is a food of the shipped
// SR24 table, every household measure exists on its food, and every dish's energy per serving is plausible
// (which catches a wrong food — raw vs. dry, a typo'd NDB — or grams off by a factor of ten).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));

interface Ingredient {
  ndb: string;
  grams?: number;
  quantity?: number;
  measure?: string;
}
interface ExampleDish {
  id: string;
  name: string;
  servings: number;
  meals: number[];
  preparation: string;
  ingredients: Ingredient[];
}
interface Food {
  ndb: string;
  name: string;
  nameEs: string | null;
  legacy: boolean;
  nutrients: Record<string, number>;
  measures: [number, string, number][];
}

const examples = JSON.parse(readFileSync(join(here, 'examples-es-AR.json'), 'utf8')) as { format: string; country: string; dishes: ExampleDish[] };
const table = JSON.parse(gunzipSync(readFileSync(join(here, '..', 'foods', 'usda-sr24.json.gz'))).toString('utf8')) as { foods: Food[] };
const foods = new Map(table.foods.map((f) => [f.ndb, f]));

/** Grams of an ingredient: grams as written, or quantity × the measure's grams per unit. */
function gramsOf(ingredient: Ingredient): number {
  if (ingredient.grams !== undefined) return ingredient.grams;
  const food = foods.get(ingredient.ndb)!;
  const measure = food.measures.find(([, description]) => description === ingredient.measure);
  if (!measure) throw new Error(`${ingredient.ndb} has no measure ${ingredient.measure}`);
  return (ingredient.quantity ?? 0) * (measure[2] / measure[0]);
}

const round1 = (value: number) => Math.round(value * 10) / 10;
const energyPerServing = (dish: ExampleDish) =>
  dish.ingredients.reduce((sum, i) => sum + (round1(foods.get(i.ndb)!.nutrients.energyKcal ?? 0) * gramsOf(i)) / 100, 0) / dish.servings;

describe('example dishes (data/dishes/examples-es-AR.json)', () => {
  it('has at least 30 dishes with unique slug ids, a Spanish preparation and servings', () => {
    expect(examples.format).toBe('almendra-dish-examples/1');
    expect(examples.country).toBe('AR');
    expect(examples.dishes.length).toBeGreaterThanOrEqual(30);
    const ids = examples.dishes.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const dish of examples.dishes) {
      expect(dish.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(dish.name.trim()).toBe(dish.name);
      expect(dish.preparation.length).toBeGreaterThan(40);
      expect(dish.servings).toBeGreaterThan(0);
      expect(dish.ingredients.length).toBeGreaterThanOrEqual(2);
    }
  });

  it('names the must-have Argentine preparations of the issue', () => {
    const names = examples.dishes.map((d) => d.name.toLowerCase());
    for (const wanted of ['milanesas de carne', 'tortilla de papas', 'ensalada mixta', 'guiso de lentejas', 'empanadas de carne']) {
      expect(names.some((n) => n.startsWith(wanted))).toBe(true);
    }
  });

  it('uses only current SR24 foods that exist in the shipped table, with existing household measures', () => {
    const problems: string[] = [];
    for (const dish of examples.dishes) {
      for (const ingredient of dish.ingredients) {
        const food = foods.get(ingredient.ndb);
        if (!food) problems.push(`${dish.id}: ${ingredient.ndb} is not in the table`);
        else if (food.legacy) problems.push(`${dish.id}: ${ingredient.ndb} is a legacy food`);
        else if (!food.nameEs) problems.push(`${dish.id}: ${ingredient.ndb} has no Spanish name`);
        else if ((ingredient.grams === undefined) === (ingredient.measure === undefined)) problems.push(`${dish.id}: ${ingredient.ndb} needs grams or quantity + measure`);
        else if (ingredient.measure !== undefined && !food.measures.some(([, d]) => d === ingredient.measure)) {
          problems.push(`${dish.id}: ${ingredient.ndb} has no measure "${ingredient.measure}"`);
        } else if (!(gramsOf(ingredient) > 0 && gramsOf(ingredient) <= 3000)) problems.push(`${dish.id}: ${ingredient.ndb} weighs ${gramsOf(ingredient)} g`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('gives each dish a plausible energy per serving (50–1500 kcal)', () => {
    const outside = examples.dishes
      .map((dish) => ({ id: dish.id, kcal: Math.round(energyPerServing(dish)) }))
      .filter(({ kcal }) => kcal < 50 || kcal > 1500);
    expect(outside).toEqual([]);
  });

  it('says the meals each dish fits, by the rule of docs/foods.md', () => {
    // Sweet milk dishes and pancakes take the dairy and the bread of breakfast and merienda; the fruit salad is
    // a snack; everything else is a lunch or dinner main course.
    const breakfast = ['arroz-con-leche', 'flan-casero', 'panqueques'];
    const snack = ['ensalada-de-frutas'];
    for (const dish of examples.dishes) {
      expect(dish.meals, dish.id).toEqual(breakfast.includes(dish.id) ? [1, 4] : snack.includes(dish.id) ? [2, 5] : [3, 6]);
    }
  });

  it('computes the milanesa from its ingredients as expected (hand-checked)', () => {
    // kcal per 100 g: nalga 600 g × 166 = 996; 2 large eggs (2 × 50 g) × 143 = 143; pan rallado 200 g × 395 = 790;
    // 1 clove garlic (3 g) × 149 = 4.47; parsley 5 g × 36 = 1.8; 1 tsp salt × 0; sunflower oil 60 g × 884 = 530.4.
    // Total 2,465.67 kcal for 4 servings.
    const milanesa = examples.dishes.find((d) => d.id === 'milanesas-de-carne')!;
    expect(energyPerServing(milanesa)).toBeCloseTo(2465.67 / 4, 2);
  });
});
