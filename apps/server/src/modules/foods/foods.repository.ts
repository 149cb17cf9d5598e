// SQL for foods, their measures and groups. Global rows (nutritionist_id NULL) are readable by every
// nutritionist; own rows only by their owner: every function that can touch an own food takes the scope.
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { FoodGroupsTable, FoodMeasuresTable, FoodsTable } from '../../db/schema-foods.js';
import { GLOBAL_FOODS_REVISION } from '../../db/reference-data/foods-loader.js';

export type FoodRow = Selectable<FoodsTable>;
export type FoodMeasureRow = Selectable<FoodMeasuresTable>;
export type FoodGroupRow = Selectable<FoodGroupsTable>;
type Executor = Kysely<DB> | Transaction<DB>;
type Scope = { nutritionistId: string };

/** Only the columns search and the catalogue need (the nutrients JSON is read for the four macros). */
const SUMMARY_COLUMNS = ['id', 'nutritionist_id', 'country_code', 'ndb', 'name_es', 'name_en', 'group_code', 'source', 'brand', 'legacy', 'nutrients', 'short_name'] as const;
export type FoodSummaryRow = Pick<FoodRow, (typeof SUMMARY_COLUMNS)[number]>;

export const foodsRepository = {
  async globalRevision(db: Executor): Promise<string | null> {
    const row = await db.selectFrom('reference_data_versions').select('content_hash').where('name', '=', GLOBAL_FOODS_REVISION).executeTakeFirst();
    return row?.content_hash ?? null;
  },

  listGroups(db: Executor): Promise<FoodGroupRow[]> {
    return db.selectFrom('food_groups').selectAll().orderBy('code').execute();
  },

  findGroup(db: Executor, code: string): Promise<FoodGroupRow | undefined> {
    return db.selectFrom('food_groups').selectAll().where('code', '=', code).executeTakeFirst();
  },

  /** Every active global food of every country list. */
  listGlobalFoods(db: Executor): Promise<FoodSummaryRow[]> {
    return db
      .selectFrom('foods')
      .select(SUMMARY_COLUMNS)
      .where('nutritionist_id', 'is', null)
      .where('deactivated', '=', 0)
      .orderBy('id')
      .execute();
  },

  listGlobalMeasures(db: Executor): Promise<FoodMeasureRow[]> {
    return db
      .selectFrom('food_measures')
      .innerJoin('foods', 'foods.id', 'food_measures.food_id')
      .select(['food_measures.food_id', 'food_measures.position', 'food_measures.amount', 'food_measures.description', 'food_measures.gram_weight'])
      .where('foods.nutritionist_id', 'is', null)
      .where('foods.deactivated', '=', 0)
      .orderBy('food_measures.food_id')
      .orderBy('food_measures.position')
      .execute();
  },

  /** A global food, or an own food of this nutritionist (deactivated included); undefined otherwise. */
  findVisible(db: Executor, scope: Scope, id: string): Promise<FoodRow | undefined> {
    return db
      .selectFrom('foods')
      .selectAll()
      .where('id', '=', id)
      .where((eb) => eb.or([eb('nutritionist_id', 'is', null), eb('nutritionist_id', '=', scope.nutritionistId)]))
      .executeTakeFirst();
  },

  async measuresOf(db: Executor, foodIds: readonly string[]): Promise<FoodMeasureRow[]> {
    if (foodIds.length === 0) return [];
    return db.selectFrom('food_measures').selectAll().where('food_id', 'in', foodIds).orderBy('food_id').orderBy('position').execute();
  },

  /**
   * Active own foods whose search text contains every word (a prefilter: ranking happens in the service).
   * Words are normalized to [a-z0-9], so they carry no LIKE wildcards.
   */
  searchOwn(db: Executor, scope: Scope, words: readonly string[], group: string | undefined): Promise<FoodSummaryRow[]> {
    let query = db
      .selectFrom('foods')
      .select(SUMMARY_COLUMNS)
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('deactivated', '=', 0);
    for (const word of words) query = query.where('search_text', 'like', `%${word}%`);
    if (group) query = query.where('group_code', '=', group);
    return query.execute();
  },

  listOwnActive(db: Executor, scope: Scope): Promise<FoodSummaryRow[]> {
    return db
      .selectFrom('foods')
      .select(SUMMARY_COLUMNS)
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('deactivated', '=', 0)
      .orderBy('id')
      .execute();
  },

  async nutritionistCountry(db: Executor, scope: Scope): Promise<string | undefined> {
    const row = await db.selectFrom('nutritionists').select('country_code').where('id', '=', scope.nutritionistId).executeTakeFirst();
    return row?.country_code;
  },

  async insertFood(db: Executor, row: Insertable<FoodsTable>): Promise<void> {
    await db.insertInto('foods').values(row).execute();
  },

  /** Changes an own food of this nutritionist; false when there is none with that id. */
  async updateOwn(db: Executor, scope: Scope, id: string, changes: Updateable<FoodsTable>): Promise<boolean> {
    const result = await db
      .updateTable('foods')
      .set(changes)
      .where('id', '=', id)
      .where('nutritionist_id', '=', scope.nutritionistId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async replaceMeasures(db: Executor, foodId: string, measures: readonly { amount: number; description: string; gramWeight: number }[]): Promise<void> {
    await db.deleteFrom('food_measures').where('food_id', '=', foodId).execute();
    if (measures.length === 0) return;
    await db
      .insertInto('food_measures')
      .values(measures.map((m, index) => ({ food_id: foodId, position: index + 1, amount: m.amount, description: m.description, gram_weight: m.gramWeight })))
      .execute();
  },
};
