// The patient's consent to receive the practice's news by email (the mailing export respects it), and the
// index the billing statistics read: a practice's completed appointments by start, with their service and
// patient in the index so the query never touches the table (measured in docs/benchmarks.md, statistics).
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('patients').addColumn('news_consent', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  await db.schema
    .createIndex('appointments_statistics_idx')
    .on('appointments')
    .columns(['nutritionist_id', 'status', 'start_at', 'service_id', 'patient_id'])
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('appointments_statistics_idx').execute();
  await db.schema.alterTable('patients').dropColumn('news_consent').execute();
}
