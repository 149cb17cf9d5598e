// The nutritionist's general data beside what exists (issue 12, "Account"; seed 1 section 3: Nut_Imagen):
// a profile photo (re-encoded WebP under uploads/profile-photos/) and the currency her prices and reports
// use (ISO 4217; null = the country's: ARS in Argentina, USD elsewhere).
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('nutritionists').addColumn('photo_path', 'text').execute();
  await db.schema.alterTable('nutritionists').addColumn('photo_updated_at', 'text').execute();
  await db.schema.alterTable('nutritionists').addColumn('currency', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['currency', 'photo_updated_at', 'photo_path']) await db.schema.alterTable('nutritionists').dropColumn(column).execute();
}
