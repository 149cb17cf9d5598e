// Notes (patient and own), news written by admins with per-user seen marks, the help centre's FAQ (seeded
// with real answers so a fresh install's /ayuda is useful), the guided tour's seen flag and referrals.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import { FAQ_SEED } from '../reference-data/faq-seed.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Byte order on PostgreSQL too, so ISO instants and dates sort the same on both databases.
  const sortable = (c: ColumnDefinitionBuilder) => (isPostgres ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull());

  await db.schema
    .createTable('notes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    /** null: the nutritionist's own note. */
    .addColumn('patient_id', 'text', (c) => c.references('patients.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    /** Sanitised HTML. */
    .addColumn('body_html', 'text', (c) => c.notNull())
    /** Lower-case title and body text without accents: what ?q= searches. */
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('note_date', 'text', sortable)
    .addColumn('pinned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', sortable)
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('notes_owner_idx').on('notes').columns(['nutritionist_id', 'patient_id']).execute();

  await db.schema
    .createTable('news_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body_html', 'text', (c) => c.notNull())
    .addColumn('author_user_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', sortable)
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('news_seen')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('news_id', 'text', (c) => c.notNull().references('news_items.id').onDelete('cascade'))
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('news_seen_pk', ['user_id', 'news_id'])
    .execute();

  await db.schema
    .createTable('faq_categories')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('faq_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('category_id', 'text', (c) => c.notNull().references('faq_categories.id').onDelete('cascade'))
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('answer_html', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('faq_items_category_idx').on('faq_items').column('category_id').execute();

  await db.schema
    .createTable('referral_codes')
    .addColumn('nutritionist_id', 'text', (c) => c.primaryKey().references('nutritionists.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('referrals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('referrer_nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    /** A professional is attributed to one referrer at most. */
    .addColumn('referred_nutritionist_id', 'text', (c) => c.notNull().unique().references('nutritionists.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', sortable)
    .execute();
  await db.schema.createIndex('referrals_referrer_idx').on('referrals').columns(['referrer_nutritionist_id', 'created_at']).execute();

  const now = new Date().toISOString();
  for (const [categoryIndex, category] of FAQ_SEED.entries()) {
    await db.insertInto('faq_categories').values({ id: category.id, name: category.name, position: categoryIndex, created_at: now, updated_at: now }).execute();
    for (const [itemIndex, item] of category.items.entries()) {
      await db
        .insertInto('faq_items')
        .values({
          id: item.id,
          category_id: category.id,
          question: item.question,
          answer_html: item.answerHtml,
          search_text: item.searchText,
          position: itemIndex,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['referrals', 'referral_codes', 'faq_items', 'faq_categories', 'news_seen', 'news_items', 'notes']) {
    await db.schema.dropTable(table).execute();
  }
}
