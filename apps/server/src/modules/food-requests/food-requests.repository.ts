// SQL for food requests (a nutritionist's own, and every tenant's for the admin review queue) and the
// global food an approval creates.
import type { Insertable, Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { FoodGroupsTable, FoodRequestsTable, FoodsTable } from '../../db/schema-foods.js';

export type FoodRequestRow = Selectable<FoodRequestsTable>;
export type AdminFoodRequestRow = FoodRequestRow & { first_name: string; last_name: string; email: string; country_code: string };
export type FoodGroupRow = Selectable<FoodGroupsTable>;
type Executor = Kysely<DB> | Transaction<DB>;
type Scope = { nutritionistId: string };
type Status = FoodRequestRow['status'];

function adminQuery(db: Executor) {
  return db
    .selectFrom('food_requests')
    .innerJoin('nutritionists', 'nutritionists.id', 'food_requests.nutritionist_id')
    .selectAll('food_requests')
    .select(['nutritionists.first_name', 'nutritionists.last_name', 'nutritionists.email', 'nutritionists.country_code']);
}

export const foodRequestsRepository = {
  async insert(db: Executor, row: Insertable<FoodRequestsTable>): Promise<void> {
    await db.insertInto('food_requests').values(row).execute();
  },

  find(db: Executor, scope: Scope, id: string): Promise<FoodRequestRow | undefined> {
    return db.selectFrom('food_requests').selectAll().where('id', '=', id).where('nutritionist_id', '=', scope.nutritionistId).executeTakeFirst();
  },

  /** Newest first. */
  async list(db: Executor, scope: Scope, status: Status | undefined, limit: number, offset: number) {
    let query = db.selectFrom('food_requests').where('nutritionist_id', '=', scope.nutritionistId);
    if (status) query = query.where('status', '=', status);
    const [rows, count] = await Promise.all([
      query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
      query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  },

  findForAdmin(db: Executor, id: string): Promise<AdminFoodRequestRow | undefined> {
    return adminQuery(db).where('food_requests.id', '=', id).executeTakeFirst();
  },

  /** Oldest first: the review queue is worked in arrival order. */
  async listForAdmin(db: Executor, status: Status | undefined, limit: number, offset: number) {
    let rowsQuery = adminQuery(db);
    let countQuery = db.selectFrom('food_requests');
    if (status) {
      rowsQuery = rowsQuery.where('food_requests.status', '=', status);
      countQuery = countQuery.where('status', '=', status);
    }
    const [rows, count] = await Promise.all([
      rowsQuery.orderBy('food_requests.created_at').orderBy('food_requests.id').limit(limit).offset(offset).execute(),
      countQuery.select((eb) => eb.fn.countAll().as('total')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.total) };
  },

  /** Changes the request only while it still has `expectedStatus`; false when someone reviewed it first. */
  async update(db: Executor, id: string, changes: Updateable<FoodRequestsTable>, expectedStatus?: Status): Promise<boolean> {
    let query = db.updateTable('food_requests').set(changes).where('id', '=', id);
    if (expectedStatus) query = query.where('status', '=', expectedStatus);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  listGroups(db: Executor): Promise<FoodGroupRow[]> {
    return db.selectFrom('food_groups').selectAll().execute();
  },

  findGroup(db: Executor, code: string): Promise<FoodGroupRow | undefined> {
    return db.selectFrom('food_groups').selectAll().where('code', '=', code).executeTakeFirst();
  },

  async hasGlobalList(db: Executor, country: string): Promise<boolean> {
    const row = await db
      .selectFrom('foods')
      .select('id')
      .where('nutritionist_id', 'is', null)
      .where('country_code', '=', country)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  async insertGlobalFood(
    db: Executor,
    row: Insertable<FoodsTable>,
    measures: readonly { amount: number; description: string; gramWeight: number }[],
  ): Promise<void> {
    await db.insertInto('foods').values(row).execute();
    if (measures.length === 0) return;
    await db
      .insertInto('food_measures')
      .values(measures.map((m, index) => ({ food_id: row.id, position: index + 1, amount: m.amount, description: m.description, gram_weight: m.gramWeight })))
      .execute();
  },
};
