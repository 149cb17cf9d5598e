// The public web profile (/p/{slug}) and appointment requests sent from it (issue 11). The profile's
// lists (titles, studies, experiences, services) are small ordered JSON arrays on its row: they are
// only ever read and written whole. appointment_requests (0001) gains the chosen place, service and
// slot, the patient and the pending appointment the request created, and the decision.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('public_profiles')
    .addColumn('nutritionist_id', 'text', (c) => c.primaryKey().references('nutritionists.id').onDelete('cascade'))
    .addColumn('slug', 'text', (c) => c.unique())
    .addColumn('published', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('headline', 'text')
    .addColumn('about', 'text')
    .addColumn('cover_path', 'text')
    .addColumn('cover_updated_at', 'text')
    .addColumn('titles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('studies', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('experiences', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('services', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('location_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  for (const column of ['location_id', 'service_id', 'requested_end', 'patient_id', 'appointment_id', 'reject_reason', 'decided_at']) {
    await db.schema.alterTable('appointment_requests').addColumn(column, 'text').execute();
  }
  await db.schema
    .createIndex('appointment_requests_email_idx')
    .on('appointment_requests')
    .columns(['nutritionist_id', 'email', 'status'])
    .execute();
  await db.schema
    .createIndex('appointment_requests_created_idx')
    .on('appointment_requests')
    .columns(['nutritionist_id', 'created_at'])
    .execute();
  // Requests sent before this migration had no slot: they stay call-back requests.
  await sql`update appointment_requests set status = 'confirmed' where status = 'accepted'`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('appointment_requests_created_idx').execute();
  await db.schema.dropIndex('appointment_requests_email_idx').execute();
  for (const column of ['decided_at', 'reject_reason', 'appointment_id', 'patient_id', 'requested_end', 'service_id', 'location_id']) {
    await db.schema.alterTable('appointment_requests').dropColumn(column).execute();
  }
  await db.schema.dropTable('public_profiles').execute();
}
