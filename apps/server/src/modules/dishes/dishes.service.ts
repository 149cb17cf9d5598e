// Dishes: CRUD with ingredients that are foods (global or the nutritionist's own) or other dishes of the
// same nutritionist. Totals are computed on every read by packages/domain from the current food values —
// never stored — so editing a food changes every dish that uses it. A dish may not contain itself,
// directly or through other dishes (409 CONFLICT, as the issue asks). The shipped example dishes
// ('example:<slug>', loaded from data/dishes/) are read by everyone, never edited, and copied into
// independent own dishes; an own dish can be duplicated the same way. Photos: see dish-photo.ts.
import type { Kysely } from 'kysely';
import {
  DISH_CYCLE_MESSAGE,
  DISH_EXAMPLE_READ_ONLY_MESSAGE,
  DISH_VERSION_CONFLICT_MESSAGE,
  type CopyDishRequest,
  type CreateDishInput,
  type DishSource,
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
import { isDishExampleId } from '../../db/reference-data/dish-examples-loader.js';
import { DishPhotoStore, toStoredDishPhoto } from './dish-photo.js';
import { mealsText, toDish, toDishIngredient } from './dishes.mapper.js';
import {
  dishesRepository as repo,
  type DishExampleIngredientRow,
  type DishExampleRow,
  type DishIngredientRow,
  type DishRow,
  type IngredientFoodRow,
} from './dishes.repository.js';

type Scope = { nutritionistId: string };
type IngredientRowData = Omit<DishIngredientRow, 'dish_id'>;

export interface DishesServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  /** DATA_DIR: photos go to DATA_DIR/uploads/dishes/ (without it, photo uploads answer 404). */
  dataDir?: string;
}

export interface DishListInput {
  source?: DishSource | undefined;
  q?: string | undefined;
  limit: number;
  cursor?: string | undefined;
}

const dishNotFound = () => notFound('No encontramos ese plato.');
const photoNotFound = () => notFound('Ese plato no tiene foto.');
const exampleReadOnly = () => new AppError('FORBIDDEN', DISH_EXAMPLE_READ_ONLY_MESSAGE);
const COPY_SUFFIX = ' (copia)';
const NAME_MAX = 150;

/** An example in the shape of a dish row, so the same computation and mapping serve both. */
function exampleAsDishRow(row: DishExampleRow): DishRow {
  return {
    id: row.id,
    nutritionist_id: '',
    name: row.name,
    description: row.description,
    search_text: row.search_text,
    servings: row.servings,
    deactivated: row.deactivated,
    version: 1,
    photo_path: null,
    // The meals of data/dishes/examples-*.json (migration 0045; lunch and dinner when the file says none).
    meals: row.meals,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

function exampleIngredientAsRow(row: DishExampleIngredientRow): DishIngredientRow {
  return {
    dish_id: row.example_id,
    position: row.position,
    food_id: row.food_id,
    ingredient_dish_id: null,
    quantity: row.quantity,
    measure_kind: row.measure_kind,
    measure_position: row.measure_position,
    measure_description: row.measure_description,
    gram_weight: row.gram_weight,
  };
}

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
  const photos = deps.dataDir ? new DishPhotoStore(deps.dataDir) : null;

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

  /** Examples hold only database foods, so their graph is one level deep. */
  async function loadExampleGraph(scope: Scope, examples: readonly DishExampleRow[]): Promise<{ graph: DishGraph; rows: DishRow[] }> {
    const rows = examples.map(exampleAsDishRow);
    const ingredients = new Map<string, DishIngredientRow[]>(rows.map((r) => [r.id, []]));
    for (const row of await repo.exampleIngredientsOf(db, rows.map((r) => r.id))) ingredients.get(row.example_id)!.push(exampleIngredientAsRow(row));
    const foodIds = [...new Set([...ingredients.values()].flat().map((i) => i.food_id!))];
    const foods = new Map((await repo.visibleFoods(db, scope, foodIds)).map((f) => [f.id, f]));
    return { graph: { dishes: new Map(rows.map((r) => [r.id, r])), ingredients, foods }, rows };
  }

  function present(graph: DishGraph, row: DishRow, example = false): Dish {
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
      if (error instanceof DishCycleError) throw new AppError('CONFLICT', DISH_CYCLE_MESSAGE, { cycle: error.path });
      throw error;
    }
    const rows = graph.ingredients.get(row.id) ?? [];
    const ingredients = rows.map((ingredient, index) => {
      const food = ingredient.food_id ? graph.foods.get(ingredient.food_id) : undefined;
      const nested = ingredient.ingredient_dish_id ? graph.dishes.get(ingredient.ingredient_dish_id) : undefined;
      const name = food ? food.name_es || food.name_en || '' : (nested?.name ?? '');
      return toDishIngredient(ingredient, name, result.lines[index]!);
    });
    return toDish(row, ingredients, result, example);
  }

  async function getExample(scope: Scope, id: string): Promise<Dish> {
    const example = await repo.findExample(db, id);
    if (!example) throw dishNotFound();
    const { graph, rows } = await loadExampleGraph(scope, [example]);
    return present(graph, rows[0]!, true);
  }

  async function get(scope: Scope, id: string): Promise<Dish> {
    if (isDishExampleId(id)) return getExample(scope, id);
    const row = await repo.find(db, scope, id);
    if (!row) throw dishNotFound();
    return present(await loadGraph(scope, [row]), row);
  }

  async function list(scope: Scope, input: DishListInput): Promise<DishListResponse> {
    const offset = input.cursor ? Number(input.cursor) : 0;
    const words = parseSearchQuery(input.q).words;
    const next = offset + input.limit;
    if (input.source === 'examples') {
      const { rows: examples, total } = await repo.listExamples(db, words, input.limit, offset);
      const { graph, rows } = await loadExampleGraph(scope, examples);
      return { items: rows.map((row) => present(graph, row, true)), total, nextCursor: next < total ? String(next) : null };
    }
    const { rows, total } = await repo.list(db, scope, words, input.limit, offset);
    const graph = await loadGraph(scope, rows);
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

  /** 409 when the dish would contain itself once its ingredients are `included`. */
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
    throw new AppError('CONFLICT', DISH_CYCLE_MESSAGE, { path: 'ingredients', cycle: loop.map((id) => ({ id, name: names.get(id) ?? '' })) });
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
        photo_path: null,
        meals: mealsText(input.meals),
        created_at: now,
        updated_at: now,
      });
      await repo.replaceIngredients(trx, id, ingredients);
    });
    return get(scope, id);
  }

  async function update(scope: Scope, id: string, input: UpdateDishInput): Promise<Dish> {
    if (isDishExampleId(id)) throw exampleReadOnly();
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
          ...(input.meals !== undefined ? { meals: mealsText(input.meals) } : {}),
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
    if (isDishExampleId(id)) throw exampleReadOnly();
    const row = await repo.find(db, scope, id);
    if (!row) throw dishNotFound();
    if (Number(row.deactivated) === 1) return;
    await repo.update(db, scope, id, { deactivated: 1, updated_at: clock.now().toISOString() });
  }

  /**
   * A new own dish with the same servings, description and ingredients (the grams of each household
   * unit as saved) — independent of the original afterwards. Copies of an example keep its name; copies
   * of an own dish get " (copia)". The photo is copied too, as a file of its own.
   */
  async function copy(scope: Scope, id: string, input: CopyDishRequest = {}): Promise<Dish> {
    let source: DishRow;
    let ingredients: DishIngredientRow[];
    let suffix = '';
    if (isDishExampleId(id)) {
      const example = await repo.findExample(db, id);
      if (!example || Number(example.deactivated) === 1) throw dishNotFound();
      source = exampleAsDishRow(example);
      ingredients = (await repo.exampleIngredientsOf(db, [id])).map(exampleIngredientAsRow);
    } else {
      const row = await repo.find(db, scope, id);
      if (!row) throw dishNotFound();
      source = row;
      ingredients = await repo.ingredientsOf(db, [id]);
      suffix = COPY_SUFFIX;
    }
    const newIdValue = newId();
    const now = clock.now().toISOString();
    const name = input.name ?? `${source.name.slice(0, NAME_MAX - suffix.length)}${suffix}`;
    let photoPath: string | null = null;
    if (source.photo_path && photos) {
      const bytes = await photos.read(source.photo_path);
      if (bytes) photoPath = await photos.save(scope.nutritionistId, newIdValue, bytes);
    }
    await db.transaction().execute(async (trx) => {
      await repo.insert(trx, {
        id: newIdValue,
        nutritionist_id: scope.nutritionistId,
        name,
        description: source.description,
        search_text: buildSearchText(name),
        servings: Number(source.servings),
        deactivated: 0,
        version: 1,
        photo_path: photoPath,
        meals: source.meals,
        created_at: now,
        updated_at: now,
      });
      await repo.replaceIngredients(
        trx,
        newIdValue,
        ingredients.map(({ dish_id: _dishId, ...rest }) => rest),
      );
    });
    return get(scope, newIdValue);
  }

  async function ownDishForPhoto(scope: Scope, id: string): Promise<DishRow> {
    if (isDishExampleId(id)) throw exampleReadOnly();
    const row = await repo.find(db, scope, id);
    if (!row) throw dishNotFound();
    return row;
  }

  async function setPhoto(scope: Scope, id: string, upload: Buffer): Promise<Dish> {
    const row = await ownDishForPhoto(scope, id);
    if (!photos) throw photoNotFound();
    const webp = await toStoredDishPhoto(upload);
    const stored = await photos.save(scope.nutritionistId, id, webp);
    await repo.setPhotoPath(db, scope, id, stored, clock.now().toISOString());
    await photos.remove(row.photo_path);
    return get(scope, id);
  }

  async function removePhoto(scope: Scope, id: string): Promise<void> {
    const row = await ownDishForPhoto(scope, id);
    if (!row.photo_path) return;
    await repo.setPhotoPath(db, scope, id, null, clock.now().toISOString());
    await photos?.remove(row.photo_path);
  }

  async function readPhoto(scope: Scope, id: string): Promise<Buffer> {
    if (isDishExampleId(id)) throw photoNotFound();
    const row = await repo.find(db, scope, id);
    if (!row) throw dishNotFound();
    const bytes = row.photo_path && photos ? await photos.read(row.photo_path) : null;
    if (!bytes) throw photoNotFound();
    return bytes;
  }

  return { list, get, create, update, remove, copy, setPhoto, removePhoto, readPhoto };
}

export type DishesService = ReturnType<typeof createDishesService>;
