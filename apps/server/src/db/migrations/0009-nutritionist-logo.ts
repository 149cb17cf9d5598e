// The nutritionist's logo for the printed plan: a path under DATA_DIR/uploads (never the bytes in the
// database, like patient photos) and when it changed, so clients can bust their cache.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('nutritionists').addColumn('logo_path', 'text').execute();
  await db.schema.alterTable('nutritionists').addColumn('logo_updated_at', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('nutritionists').dropColumn('logo_updated_at').execute();
  await db.schema.alterTable('nutritionists').dropColumn('logo_path').execute();
}
