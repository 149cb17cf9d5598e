// Issue 28: a nutritionist's favourite foods and dishes (a star in the foods and dishes lists), the
// candidates of "Proponer un día" when she proposes from her favourites. One row per nutritionist and
// item; kind 'food' (a global or own food id) or 'dish' (an own dish or a shipped example's id). Private
// to her: never read for another nutritionist.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('favourites')
    .addColumn('nutritionist_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('favourites_pk', ['nutritionist_id', 'kind', 'item_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('favourites').execute();
}
