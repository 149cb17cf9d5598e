// Issue 24: bioimpedance readings the spec keeps and we dropped — visceral fat as a mass (Ant_GrasaVisceral_kg)
// and total body water in kg (Ant_AguaTotal_kg), both stored as the device reports them. The ideal weight and
// the skeletal-muscle and bone percentages are derived on read (packages/domain), so they need no column.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('anthropometry').addColumn('bio_visceral_fat_kg', 'double precision').execute();
  await db.schema.alterTable('anthropometry').addColumn('bio_total_water_kg', 'double precision').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('anthropometry').dropColumn('bio_total_water_kg').execute();
  await db.schema.alterTable('anthropometry').dropColumn('bio_visceral_fat_kg').execute();
}
