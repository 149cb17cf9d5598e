// SQL for dishes and their ingredients, plus the reads of foods a dish needs (a global food or an own food
// of the same nutritionist). Every function takes the tenant scope first.
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type {
  DishExampleIngredientsTable,
  DishExamplesTable,
  DishIngredientsTable,
  DishesTable,
  FoodMeasuresTable,
  FoodsTable,
} from '../../db/schema-foods.js';

export type DishRow = Selectable<DishesTable>;
export type DishIngredientRow = Selectable<DishIngredientsTable>;
export type DishExampleRow = Selectable<DishExamplesTable>;
export type DishExampleIngredientRow = Selectable<DishExampleIngredientsTable>;
export type IngredientFoodRow = Pick<Selectable<FoodsTable>, 'id' | 'name_es' | 'name_en' | 'nutrients'>;
export type IngredientMeasureRow = Selectable<FoodMeasuresTable>;
type Executor = Kysely<DB> | Transaction<DB>;
type Scope = { nutritionistId: string };

export const dishesRepository = {
  /** One of this nutritionist's dishes, deactivated included. */
  find(db: Executor, scope: Scope, id: string): Promise<DishRow | undefined> {
    return db.selectFrom('dishes').selectAll().where('id', '=', id).where('nutritionist_id', '=', scope.nutritionistId).executeTakeFirst();
  },

  async findMany(db: Executor, scope: Scope, ids: readonly string[]): Promise<DishRow[]> {
    if (ids.length === 0) return [];
    return db.selectFrom('dishes').selectAll().where('id', 'in', ids).where('nutritionist_id', '=', scope.nutritionistId).execute();
  },

  /** Active dishes whose name contains every word, by name; words are [a-z0-9] only (no LIKE wildcards). */
  async list(db: Executor, scope: Scope, words: readonly string[], limit: number, offset: number): Promise<{ rows: DishRow[]; total: number }> {
    let query = db.selectFrom('dishes').where('nutritionist_id', '=', scope.nutritionistId).where('deactivated', '=', 0);
    for (const word of words) query = query.where('search_text', 'like', `%${word}%`);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('search_text').orderBy('id').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  },

  async ingredientsOf(db: Executor, dishIds: readonly string[]): Promise<DishIngredientRow[]> {
    if (dishIds.length === 0) return [];
    return db.selectFrom('dish_ingredients').selectAll().where('dish_id', 'in', dishIds).orderBy('dish_id').orderBy('position').execute();
  },

  /** Edges of the dish graph: which dishes each of these dishes includes directly. */
  async includedDishes(db: Executor, dishIds: readonly string[]): Promise<{ dish_id: string; ingredient_dish_id: string | null }[]> {
    if (dishIds.length === 0) return [];
    return db
      .selectFrom('dish_ingredients')
      .select(['dish_id', 'ingredient_dish_id'])
      .where('dish_id', 'in', dishIds)
      .where('ingredient_dish_id', 'is not', null)
      .execute();
  },

  /** Foods visible to this nutritionist: global ones and their own (deactivated included). */
  async visibleFoods(db: Executor, scope: Scope, ids: readonly string[]): Promise<IngredientFoodRow[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('foods')
      .select(['id', 'name_es', 'name_en', 'nutrients'])
      .where('id', 'in', ids)
      .where((eb) => eb.or([eb('nutritionist_id', 'is', null), eb('nutritionist_id', '=', scope.nutritionistId)]))
      .execute();
  },

  async measuresOf(db: Executor, foodIds: readonly string[]): Promise<IngredientMeasureRow[]> {
    if (foodIds.length === 0) return [];
    return db.selectFrom('food_measures').selectAll().where('food_id', 'in', foodIds).orderBy('food_id').orderBy('position').execute();
  },

  async insert(db: Executor, row: Insertable<DishesTable>): Promise<void> {
    await db.insertInto('dishes').values(row).execute();
  },

  /** Applies the changes and bumps the version; false when the dish is not this nutritionist's or changed since `expectedVersion`. */
  async update(db: Executor, scope: Scope, id: string, changes: Updateable<DishesTable>, expectedVersion?: number): Promise<boolean> {
    let query = db
      .updateTable('dishes')
      .set((eb) => ({ ...changes, version: eb('version', '+', 1) }))
      .where('id', '=', id)
      .where('nutritionist_id', '=', scope.nutritionistId);
    if (expectedVersion !== undefined) query = query.where('version', '=', expectedVersion);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async replaceIngredients(db: Executor, dishId: string, rows: readonly Omit<Insertable<DishIngredientsTable>, 'dish_id'>[]): Promise<void> {
    await db.deleteFrom('dish_ingredients').where('dish_id', '=', dishId).execute();
    if (rows.length === 0) return;
    await db
      .insertInto('dish_ingredients')
      .values(rows.map((row) => ({ ...row, dish_id: dishId })))
      .execute();
  },

  // Example dishes: global rows (no tenant), read by everyone, written only by the loader.

  findExample(db: Executor, id: string): Promise<DishExampleRow | undefined> {
    return db.selectFrom('dish_examples').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Active examples whose name contains every word, by name. */
  async listExamples(db: Executor, words: readonly string[], limit: number, offset: number): Promise<{ rows: DishExampleRow[]; total: number }> {
    let query = db.selectFrom('dish_examples').where('deactivated', '=', 0);
    for (const word of words) query = query.where('search_text', 'like', `%${word}%`);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('search_text').orderBy('id').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  },

  async exampleIngredientsOf(db: Executor, exampleIds: readonly string[]): Promise<DishExampleIngredientRow[]> {
    if (exampleIds.length === 0) return [];
    return db
      .selectFrom('dish_example_ingredients')
      .selectAll()
      .where('example_id', 'in', exampleIds)
      .orderBy('example_id')
      .orderBy('position')
      .execute();
  },

  /** Sets or clears the photo path without bumping the version (a photo is not a content edit). */
  async setPhotoPath(db: Executor, scope: Scope, id: string, photoPath: string | null, now: string): Promise<void> {
    await db
      .updateTable('dishes')
      .set({ photo_path: photoPath, updated_at: now })
      .where('id', '=', id)
      .where('nutritionist_id', '=', scope.nutritionistId)
      .execute();
  },
};
