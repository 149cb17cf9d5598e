// Dishes: CRUD with ingredients that are foods (global or the nutritionist's own) or other dishes of the
// same nutritionist. Totals are computed on every read by packages/domain from the current food values —
// never stored — so editing a food changes every dish that uses it. A dish may not contain itself,
// directly or through other dishes (422 DOMAIN_RULE).
import type { Kysely } from 'kysely';
import {
  DISH_CYCLE_MESSAGE,
  DISH_VERSION_CONFLICT_MESSAGE,
  type CreateDishInput,
  type Dish,
  type DishIngredientInput,
  type DishListResponse,
  type UpdateDishInput,
} from '@almendra/contracts';
import {
  buildSearchText,
  computeDish,
  DishCycleError,
  findDishCycle,
  findMeasure,
  gramsPerMeasureUnit,
  parseSearchQuery,
  type DishDefinition,
  type NutrientInput,
} from '@almendra/domain';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { toDish, toDishIngredient } from './dishes.mapper.js';
import { dishesRepository as repo, type DishIngredientRow, type DishRow, type IngredientFoodRow } from './dishes.repository.js';

type Scope = { nutritionistId: string };
type IngredientRowData = Omit<DishIngredientRow, 'dish_id'>;

export interface DishesServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
}

export interface DishListInput {
  q?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

const dishNotFound = () => notFound('No encontramos ese plato.');

function parseNutrientJson(json: string): NutrientInput {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' ? (parsed as NutrientInput) : {};
  } catch {
    return {};
  }
}

const ingredientError = (status: 'VALIDATION_ERROR' | 'NOT_FOUND', path: string, message: string) =>
  new AppError(status, status === 'NOT_FOUND' ? message : 'Revisa los datos ingresados.', [{ path, message }]);

/** Everything needed to compute a set of dishes: the dishes, everything they include, and the foods. */
interface DishGraph {
  dishes: Map<string, DishRow>;
  ingredients: Map<string, DishIngredientRow[]>;
  foods: Map<string, IngredientFoodRow>;
}

export function createDishesService(deps: DishesServiceDeps) {
  const { db, clock } = deps;

  async function loadGraph(scope: Scope, roots: readonly DishRow[]): Promise<DishGraph> {
    const dishes = new Map(roots.map((d) => [d.id, d]));
    const ingredients = new Map<string, DishIngredientRow[]>();
    const foodIds = new Set<string>();
    let frontier = roots.map((d) => d.id);
    while (frontier.length > 0) {
      const rows = await repo.ingredientsOf(db, frontier);
      for (const id of frontier) ingredients.set(id, []);
      const nested = new Set<string>();
      for (const row of rows) {
        ingredients.get(row.dish_id)!.push(row);
        if (row.food_id) foodIds.add(row.food_id);
        if (row.ingredient_dish_id && !ingredients.has(row.ingredient_dish_id)) nested.add(row.ingredient_dish_id);
      }
      const missing = [...nested].filter((id) => !dishes.has(id));
      for (const row of await repo.findMany(db, scope, missing)) dishes.set(row.id, row);
      frontier = [...nested].filter((id) => dishes.has(id) && !ingredients.has(id));
    }
    const foods = new Map((await repo.visibleFoods(db, scope, [...foodIds])).map((f) => [f.id, f]));
    return { dishes, ingredients, foods };
  }

  function definitionOf(graph: DishGraph, id: string): DishDefinition | undefined {
    const row = graph.dishes.get(id);
    if (!row) return undefined;
    return {
      id,
      servings: Number(row.servings),
      ingredients: (graph.ingredients.get(id) ?? []).map((i) =>
        i.food_id
          ? { kind: 'food' as const, foodId: i.food_id, quantity: Number(i.quantity), gramsPerUnit: Number(i.gram_weight ?? 1) }
          : { kind: 'dish' as const, dishId: i.ingredient_dish_id!, quantity: Number(i.quantity), unit: i.measure_kind === 'serving' ? ('serving' as const) : ('g' as const) },
      ),
    };
  }

  function present(graph: DishGraph, row: DishRow): Dish {
    const parsed = new Map<string, { nutrients: NutrientInput }>();
    const sources = {
      food: (id: string) => {
        const food = graph.foods.get(id);
        if (!food) return undefined;
        if (!parsed.has(id)) parsed.set(id, { nutrients: parseNutrientJson(food.nutrients) });
        return parsed.get(id);
      },
      dish: (id: string) => definitionOf(graph, id),
    };
    let result;
    try {
      result = computeDish(definitionOf(graph, row.id)!, sources);
    } catch (error) {
      // Only reachable when two concurrent edits each added the other dish; the edit guard stops the rest.
      if (error instanceof DishCycleError) throw new AppError('DOMAIN_RULE', DISH_CYCLE_MESSAGE, { cycle: error.path });
      throw error;
    }
    const rows = graph.ingredients.get(row.id) ?? [];
    const ingredients = rows.map((ingredient, index) => {
      const food = ingredient.food_id ? graph.foods.get(ingredient.food_id) : undefined;
      const nested = ingredient.ingredient_dish_id ? graph.dishes.get(ingredient.ingredient_dish_id) : undefined;
      const name = food ? food.name_es || food.name_en || '' : (nested?.name ?? '');
      return toDishIngredient(ingredient, name, result.lines[index]!);
    });
    return toDish(row, ingredients, result);
  }

  async function get(scope: Scope, id: string): Promise<Dish> {
    const row = await repo.find(db, scope, id);
    if (!row) throw dishNotFound();
    return present(await loadGraph(scope, [row]), row);
  }

  async function list(scope: Scope, input: DishListInput): Promise<DishListResponse> {
    const offset = input.cursor ? Number(input.cursor) : 0;
    const { rows, total } = await repo.list(db, scope, parseSearchQuery(input.q).words, input.limit, offset);
    const graph = await loadGraph(scope, rows);
    const next = offset + input.limit;
    return { items: rows.map((row) => present(graph, row)), total, nextCursor: next < total ? String(next) : null };
  }

  /**
   * Checks every ingredient (visible food or own dish, a measure the food has) and fixes the grams of one
   * unit. Unknown or foreign ids answer 404, bad measures 400, both with the ingredient's field path.
   */
  async function resolveIngredients(scope: Scope, inputs: readonly DishIngredientInput[]): Promise<IngredientRowData[]> {
    const foodIds = [...new Set(inputs.flatMap((i) => (i.foodId ? [i.foodId] : [])))];
    const dishIds = [...new Set(inputs.flatMap((i) => (i.dishId ? [i.dishId] : [])))];
    const [foods, measureRows, dishes] = await Promise.all([
      repo.visibleFoods(db, scope, foodIds),
      repo.measuresOf(db, foodIds),
      repo.findMany(db, scope, dishIds),
    ]);
    const foodById = new Map(foods.map((f) => [f.id, f]));
    const dishById = new Map(dishes.map((d) => [d.id, d]));
    const measuresByFood = new Map<string, { position: number; amount: number; description: string; gramWeight: number }[]>();
    for (const m of measureRows) {
      const list = measuresByFood.get(m.food_id) ?? [];
      list.push({ position: Number(m.position), amount: Number(m.amount), description: m.description, gramWeight: Number(m.gram_weight) });
      measuresByFood.set(m.food_id, list);
    }

    return inputs.map((input, index): IngredientRowData => {
      const path = `ingredients.${index}`;
      const measure = input.measure ?? 'g';
      const base = { position: index + 1, quantity: input.quantity, food_id: null, ingredient_dish_id: null, measure_position: null, measure_description: null };
      if (input.dishId !== undefined) {
        if (!dishById.has(input.dishId)) throw ingredientError('NOT_FOUND', `${path}.dishId`, 'No encontramos ese plato.');
        if (measure !== 'g' && measure !== 'serving') {
          throw ingredientError('VALIDATION_ERROR', `${path}.measure`, "Un plato se mide en gramos ('g') o en porciones ('serving').");
        }
        return { ...base, ingredient_dish_id: input.dishId, measure_kind: measure, gram_weight: measure === 'g' ? 1 : null };
      }
      const foodId = input.foodId!;
      if (!foodById.has(foodId)) throw ingredientError('NOT_FOUND', `${path}.foodId`, 'No encontramos ese alimento.');
      if (measure === 'g') return { ...base, food_id: foodId, measure_kind: 'g', gram_weight: 1 };
      if (measure === 'serving') {
        throw ingredientError('VALIDATION_ERROR', `${path}.measure`, 'Un alimento se mide en gramos o en una de sus medidas caseras.');
      }
      const found = findMeasure(measuresByFood.get(foodId) ?? [], measure);
      if (!found) throw ingredientError('VALIDATION_ERROR', `${path}.measure`, `Ese alimento no tiene la medida ${JSON.stringify(measure)}.`);
      return {
        ...base,
        food_id: foodId,
        measure_kind: 'measure',
        measure_position: found.position ?? null,
        measure_description: found.description,
        gram_weight: gramsPerMeasureUnit(found),
      };
    });
  }

  /** 422 when the dish would contain itself once its ingredients are `included`. */
  async function assertNoCycle(scope: Scope, dishId: string, included: readonly string[]): Promise<void> {
    const edges = new Map<string, string[]>([[dishId, [...included]]]);
    let frontier = [...new Set(included)].filter((id) => !edges.has(id));
    while (frontier.length > 0) {
      for (const id of frontier) edges.set(id, []);
      const rows = await repo.includedDishes(db, frontier);
      for (const row of rows) edges.get(row.dish_id)!.push(row.ingredient_dish_id!);
      frontier = [...new Set(rows.map((r) => r.ingredient_dish_id!))].filter((id) => !edges.has(id));
    }
    const loop = findDishCycle(dishId, (id) => edges.get(id) ?? []);
    if (!loop) return;
    const names = new Map((await repo.findMany(db, scope, [...new Set(loop)])).map((d) => [d.id, d.name]));
    throw new AppError('DOMAIN_RULE', DISH_CYCLE_MESSAGE, { path: 'ingredients', cycle: loop.map((id) => ({ id, name: names.get(id) ?? '' })) });
  }

  async function create(scope: Scope, input: CreateDishInput): Promise<Dish> {
    const ingredients = await resolveIngredients(scope, input.ingredients);
    const id = newId();
    const now = clock.now().toISOString();
    await db.transaction().execute(async (trx) => {
      await repo.insert(trx, {
        id,
        nutritionist_id: scope.nutritionistId,
        name: input.name,
        description: input.description ?? null,
        search_text: buildSearchText(input.name),
        servings: input.servings,
        deactivated: 0,
        version: 1,
        created_at: now,
        updated_at: now,
      });
      await repo.replaceIngredients(trx, id, ingredients);
    });
    return get(scope, id);
  }

  async function update(scope: Scope, id: string, input: UpdateDishInput): Promise<Dish> {
    const row = await repo.find(db, scope, id);
    if (!row) throw dishNotFound();
    if (input.version !== undefined && input.version !== Number(row.version)) throw new AppError('CONFLICT', DISH_VERSION_CONFLICT_MESSAGE);
    const ingredients = input.ingredients ? await resolveIngredients(scope, input.ingredients) : undefined;
    if (ingredients) await assertNoCycle(scope, id, ingredients.flatMap((i) => (i.ingredient_dish_id ? [i.ingredient_dish_id] : [])));
    const name = input.name ?? row.name;
    await db.transaction().execute(async (trx) => {
      const updated = await repo.update(
        trx,
        scope,
        id,
        {
          name,
          search_text: buildSearchText(name),
          ...(input.description !== undefined ? { description: input.description } : {}),
          ...(input.servings !== undefined ? { servings: input.servings } : {}),
          updated_at: clock.now().toISOString(),
        },
        Number(row.version),
      );
      if (!updated) throw new AppError('CONFLICT', DISH_VERSION_CONFLICT_MESSAGE);
      if (ingredients) await repo.replaceIngredients(trx, id, ingredients);
    });
    return get(scope, id);
  }

  /** Deleting deactivates: hidden from the list, still readable by dishes and plans that include it. */
  async function remove(scope: Scope, id: string): Promise<void> {
    const row = await repo.find(db, scope, id);
    if (!row) throw dishNotFound();
    if (Number(row.deactivated) === 1) return;
    await repo.update(db, scope, id, { deactivated: 1, updated_at: clock.now().toISOString() });
  }

  return { list, get, create, update, remove };
}

export type DishesService = ReturnType<typeof createDishesService>;
