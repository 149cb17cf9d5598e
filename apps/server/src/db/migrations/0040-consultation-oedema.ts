// Children's growth (issue 26): bilateral pitting oedema recorded at the consultation. With oedema the
// WHO does not interpret the weight-based indicators (weight-for-age, weight-for-length/height, BMI-for-age),
// as WHO Anthro and AnthroPlus do; 0 means none observed (the form's default), 1 present.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consultations').addColumn('oedema', 'integer', (col) => col.notNull().defaultTo(0)).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consultations').dropColumn('oedema').execute();
}
