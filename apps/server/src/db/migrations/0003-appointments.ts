// Places of care and their services, weekly schedules (of a place, or of one service), appointments
// (free-time blocks are appointments without a patient), the private calendar-feed tokens, and the
// patients' opt-out of reminder emails.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Instants are compared as text in range queries; byte order is their chronological order, so
  // PostgreSQL must not compare them under a linguistic collation.
  const instantColumn = (c: ColumnDefinitionBuilder) => (isPostgres ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull());

  await db.schema
    .createTable('locations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('street', 'text')
    .addColumn('street_number', 'text')
    .addColumn('phone1', 'text')
    .addColumn('phone2', 'text')
    .addColumn('mobile_area_code', 'text')
    .addColumn('mobile_number', 'text')
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('slot_interval_minutes', 'integer', (c) => c.notNull().defaultTo(30))
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('latitude', 'double precision')
    .addColumn('longitude', 'double precision')
    .addColumn('reminder_emails_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // Places are soft-deleted so past appointments keep their place's name and colour.
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('locations_tenant_idx').on('locations').columns(['nutritionist_id', 'deleted_at']).execute();

  await db.schema
    .createTable('services')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('duration_minutes', 'integer', (c) => c.notNull())
    .addColumn('price_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('currency', 'text', (c) => c.notNull().defaultTo('ARS'))
    .addColumn('visible', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('own_schedule', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('services_location_idx').on('services').columns(['location_id', 'deleted_at']).execute();

  // One row per opening range; service_id null = the place's hours, otherwise that service's own.
  await db.schema
    .createTable('location_schedules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id').onDelete('cascade'))
    .addColumn('service_id', 'text', (c) => c.references('services.id').onDelete('cascade'))
    .addColumn('weekday', 'integer', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('location_schedules_location_idx').on('location_schedules').columns(['location_id', 'service_id']).execute();
  await db.schema.createIndex('location_schedules_tenant_idx').on('location_schedules').column('nutritionist_id').execute();

  await db.schema
    .createTable('appointments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('location_id', 'text', (c) => c.notNull().references('locations.id'))
    .addColumn('service_id', 'text', (c) => c.references('services.id'))
    // Null: a free-time block. Erasing a patient erases their appointments.
    .addColumn('patient_id', 'text', (c) => c.references('patients.id').onDelete('cascade'))
    .addColumn('start_at', 'text', instantColumn)
    .addColumn('end_at', 'text', instantColumn)
    .addColumn('color', 'text')
    .addColumn('notes', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('scheduled'))
    // Set by the consultations feature when a consultation is recorded for this appointment.
    .addColumn('consultation_id', 'text')
    // Reminder delivery: claimed by exactly one server instance (conditional UPDATE), then marked sent.
    .addColumn('reminder_claimed_at', 'text')
    .addColumn('reminder_sent_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('appointments_calendar_idx').on('appointments').columns(['nutritionist_id', 'start_at']).execute();
  await db.schema.createIndex('appointments_location_idx').on('appointments').columns(['location_id', 'start_at']).execute();
  await db.schema.createIndex('appointments_patient_idx').on('appointments').column('patient_id').execute();
  await db.schema.createIndex('appointments_reminder_idx').on('appointments').columns(['reminder_claimed_at', 'start_at']).execute();

  // At most one feed per nutritionist; only the SHA-256 of its secret token is stored.
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('nutritionist_id', 'text', (c) => c.primaryKey().references('nutritionists.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // The patients table (0002) may already carry the opt-out; add it only when missing.
  if (isPostgres) {
    await sql`alter table patients add column if not exists reminders_opt_out integer not null default 0`.execute(db);
  } else {
    const { rows } = await sql<{ name: string }>`select name from pragma_table_info('patients')`.execute(db);
    if (!rows.some((r) => r.name === 'reminders_opt_out')) {
      await db.schema
        .alterTable('patients')
        .addColumn('reminders_opt_out', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
    }
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['calendar_feeds', 'appointments', 'location_schedules', 'services', 'locations']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
  // reminders_opt_out stays: it may belong to the patients migration, and dropping data is not reversible.
}
