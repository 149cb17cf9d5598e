// The patient's consent to receive the practice's news by email (the mailing export respects it), and the
// index the statistics read patients by: the practice's patients by start of treatment.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('patients').addColumn('news_consent', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('patients').dropColumn('news_consent').execute();
}
