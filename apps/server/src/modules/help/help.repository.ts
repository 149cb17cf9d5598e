// SQL for news (platform-wide, written by admins, seen marks per user), the FAQ and the guided tour's seen
// flag. None of these rows belong to a practice: news and FAQ are the same for every nutritionist, seen
// marks and the tour flag belong to the signed-in user.
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { FaqCategoriesTable, FaqItemsTable, NewsItemsTable } from '../../db/schema-notes.js';

export type NewsRow = Selectable<NewsItemsTable> & { seen: number | string | null };
export type FaqCategoryRow = Selectable<FaqCategoriesTable>;
export type FaqItemRow = Selectable<FaqItemsTable>;

export const NEWS_LIST_LIMIT = 100;

export const newsRepository = {
  list(db: Kysely<DB>, userId: string): Promise<NewsRow[]> {
    return db
      .selectFrom('news_items')
      .leftJoin('news_seen', (join) => join.onRef('news_seen.news_id', '=', 'news_items.id').on('news_seen.user_id', '=', userId))
      .selectAll('news_items')
      // Items published before the account existed count as seen: a new account does not start with a backlog.
      .select(sql<number>`case when news_seen.news_id is not null or news_items.created_at < (select created_at from users where users.id = ${userId}) then 1 else 0 end`.as('seen'))
      .orderBy('news_items.created_at', 'desc')
      .orderBy('news_items.id', 'desc')
      .limit(NEWS_LIST_LIMIT)
      .execute();
  },

  async unseenCount(db: Kysely<DB>, userId: string): Promise<number> {
    const row = await db
      .selectFrom('news_items')
      .select(sql<number | string>`count(*)`.as('count'))
      .where(sql<SqlBool>`news_items.created_at >= (select created_at from users where users.id = ${userId})`)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('news_seen').select('news_seen.news_id').whereRef('news_seen.news_id', '=', 'news_items.id').where('news_seen.user_id', '=', userId))),
      )
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** Marks the given items (or all when ids is null) seen; items already seen keep their first mark. */
  async markSeen(db: Kysely<DB>, userId: string, ids: string[] | null, now: string): Promise<void> {
    let unseen = db
      .selectFrom('news_items')
      .select('news_items.id')
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('news_seen').select('news_seen.news_id').whereRef('news_seen.news_id', '=', 'news_items.id').where('news_seen.user_id', '=', userId))),
      );
    if (ids) unseen = unseen.where('news_items.id', 'in', ids);
    const rows = await unseen.execute();
    if (rows.length === 0) return;
    await db
      .insertInto('news_seen')
      .values(rows.map((r) => ({ user_id: userId, news_id: r.id, seen_at: now })))
      // Two tabs opening /novedades at once: the second insert finds the marks already there.
      .onConflict((oc) => oc.columns(['user_id', 'news_id']).doNothing())
      .execute();
  },

  findById(db: Kysely<DB>, id: string) {
    return db.selectFrom('news_items').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async insert(db: Kysely<DB>, row: Selectable<NewsItemsTable>): Promise<void> {
    await db.insertInto('news_items').values(row).execute();
  },

  async update(db: Kysely<DB>, id: string, changes: Partial<Selectable<NewsItemsTable>>): Promise<void> {
    await db.updateTable('news_items').set(changes).where('id', '=', id).execute();
  },

  async delete(db: Kysely<DB>, id: string): Promise<boolean> {
    const result = await db.deleteFrom('news_items').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
};

export const faqRepository = {
  categories(db: Kysely<DB>): Promise<FaqCategoryRow[]> {
    return db.selectFrom('faq_categories').selectAll().orderBy('position').orderBy('name').execute();
  },

  items(db: Kysely<DB>, patterns: string[]): Promise<FaqItemRow[]> {
    let query = db.selectFrom('faq_items').selectAll();
    for (const pattern of patterns) query = query.where(sql<SqlBool>`search_text like ${pattern} escape '\\'`);
    return query.orderBy('position').orderBy('question').execute();
  },

  findCategory(db: Kysely<DB>, id: string) {
    return db.selectFrom('faq_categories').selectAll().where('id', '=', id).executeTakeFirst();
  },
  findItem(db: Kysely<DB>, id: string) {
    return db.selectFrom('faq_items').selectAll().where('id', '=', id).executeTakeFirst();
  },
  async nextCategoryPosition(db: Kysely<DB>): Promise<number> {
    const row = await db.selectFrom('faq_categories').select(sql<number | string | null>`max(position)`.as('max')).executeTakeFirstOrThrow();
    return row.max === null ? 0 : Number(row.max) + 1;
  },
  async nextItemPosition(db: Kysely<DB>, categoryId: string): Promise<number> {
    const row = await db.selectFrom('faq_items').select(sql<number | string | null>`max(position)`.as('max')).where('category_id', '=', categoryId).executeTakeFirstOrThrow();
    return row.max === null ? 0 : Number(row.max) + 1;
  },
  async insertCategory(db: Kysely<DB>, row: FaqCategoryRow): Promise<void> {
    await db.insertInto('faq_categories').values(row).execute();
  },
  async updateCategory(db: Kysely<DB>, id: string, changes: Partial<FaqCategoryRow>): Promise<void> {
    await db.updateTable('faq_categories').set(changes).where('id', '=', id).execute();
  },
  async deleteCategory(db: Kysely<DB>, id: string): Promise<boolean> {
    // Its items go with it (the foreign key cascades).
    const result = await db.deleteFrom('faq_categories').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
  async insertItem(db: Kysely<DB>, row: FaqItemRow): Promise<void> {
    await db.insertInto('faq_items').values(row).execute();
  },
  async updateItem(db: Kysely<DB>, id: string, changes: Partial<FaqItemRow>): Promise<void> {
    await db.updateTable('faq_items').set(changes).where('id', '=', id).execute();
  },
  async deleteItem(db: Kysely<DB>, id: string): Promise<boolean> {
    const result = await db.deleteFrom('faq_items').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
};

