// The Argentine food layer (data/foods/argentina): global foods with source 'argentina' (no CHECK lists the
// sources, so no constraint changes), each with where its values come from (`provenance`) and the short
// name a nutritionist and a patient say every day (`short_name`, e.g. "Papa" for "Papa hervida, sin
// cáscara"). Both are NULL for the SR24 rows, own foods and approved requests until someone writes them.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('foods').addColumn('provenance', 'text').execute();
  await db.schema.alterTable('foods').addColumn('short_name', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('foods').dropColumn('short_name').execute();
  await db.schema.alterTable('foods').dropColumn('provenance').execute();
}
