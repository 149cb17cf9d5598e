// The patient portal (issue 10): invitations, chat between a nutritionist and each patient, and the
// patient's daily log. A patient's account is the existing patients.user_id (role 'patient').
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const sortable = (c: ColumnDefinitionBuilder) => (isPostgres ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull());

  await db.schema
    .createTable('portal_invites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    /** SHA-256 of the short code; the code itself is shown once and never stored. */
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('portal_invites_patient_idx').on('portal_invites').column('patient_id').execute();

  // One row per conversation (patient): the row every send updates first, so concurrent sends to one
  // conversation take the same row lock on PostgreSQL and get their seq numbers in commit order.
  await db.schema
    .createTable('chat_conversations')
    .addColumn('patient_id', 'text', (c) => c.primaryKey().references('patients.id').onDelete('cascade'))
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('last_message_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chat_conversations_nutritionist_idx').on('chat_conversations').columns(['nutritionist_id', 'last_message_at']).execute();

  await db.schema
    .createTable('chat_messages')
    .addColumn('seq', isPostgres ? 'bigserial' : 'integer', (c) => (isPostgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('client_id', 'text')
    .addColumn('sent_at', 'text', sortable)
    .addColumn('delivered_at', 'text')
    .addColumn('read_at', 'text')
    .execute();
  await db.schema.createIndex('chat_messages_patient_seq_idx').on('chat_messages').columns(['patient_id', 'seq']).execute();
  // A retried send (same clientId from the same side) finds the first message instead of making a second.
  await db.schema.createIndex('chat_messages_client_idx').on('chat_messages').columns(['patient_id', 'sender', 'client_id']).unique().execute();

  await db.schema
    .createTable('daily_log_entries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    /** The day the entry is about, 'YYYY-MM-DD' (RDi_Fecha). */
    .addColumn('date', 'text', sortable)
    .addColumn('rating', 'integer')
    .addColumn('second_rating', 'integer')
    .addColumn('sleep_from', 'text')
    .addColumn('sleep_to', 'text')
    .addColumn('water_glasses', 'integer')
    .addColumn('exercise', 'text')
    .addColumn('exercise_minutes', 'integer')
    .addColumn('notes', 'text')
    .addColumn('seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('daily_log_entries_patient_date_idx').on('daily_log_entries').columns(['patient_id', 'date']).unique().execute();

  // Photos belong to a patient and a date, not to an entry: the spec's empty placeholder is a date with
  // photos and no entry row.
  await db.schema
    .createTable('daily_log_photos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('date', 'text', sortable)
    .addColumn('meal', 'text')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('daily_log_photos_patient_date_idx').on('daily_log_photos').columns(['patient_id', 'date']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['daily_log_photos', 'daily_log_entries', 'chat_messages', 'chat_conversations', 'portal_invites']) {
    await db.schema.dropTable(table).execute();
  }
}
