// Appointments that patients confirm (issue 27): what the patient answered through her personal link
// (/turno/{token}) and, once the time has passed, whether she came. `status` keeps its meaning (a request
// from the public page still to accept, scheduled, completed by a consultation, cancelled); the patient's
// answer and her attendance are separate columns because they vary independently of it (a scheduled
// appointment may be confirmed or not; a completed one was attended). See docs/appointments.md.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // 'pending' | 'confirmed' | 'cancelled_by_patient'
  await db.schema.alterTable('appointments').addColumn('confirmation', 'text', (c) => c.notNull().defaultTo('pending')).execute();
  await db.schema.alterTable('appointments').addColumn('confirmation_answered_at', 'text').execute();
  /** The patient's optional reason when she cannot come. */
  await db.schema.alterTable('appointments').addColumn('patient_cancel_reason', 'text').execute();
  /** 0 while the nutritionist has not seen a cancellation by the patient (the agenda's badge). */
  await db.schema.alterTable('appointments').addColumn('patient_answer_seen', 'integer', (c) => c.notNull().defaultTo(1)).execute();
  // null | 'attended' | 'no_show'
  await db.schema.alterTable('appointments').addColumn('attendance', 'text').execute();
  await db.schema.createIndex('appointments_unseen_answer_idx').on('appointments').columns(['nutritionist_id', 'patient_answer_seen']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('appointments_unseen_answer_idx').execute();
  for (const column of ['attendance', 'patient_answer_seen', 'patient_cancel_reason', 'confirmation_answered_at', 'confirmation']) {
    await db.schema.alterTable('appointments').dropColumn(column).execute();
  }
}
