// Cobros (issue 25, part 2): what patients pay the practice. One row per payment, numbered per practice
// without gaps by a counter row that the insert's transaction increments (patient_payment_counters), so
// two payments recorded at the same moment never share a receipt number. A payment is never deleted:
// voiding stamps voided_at and keeps its number.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // Byte order on PostgreSQL too, so ISO instants and dates sort the same on both databases.
  const sortable = (c: ColumnDefinitionBuilder) => (isPostgres ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull());

  await db.schema
    .createTable('patient_payment_counters')
    .addColumn('nutritionist_id', 'text', (c) => c.primaryKey().references('nutritionists.id').onDelete('cascade'))
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('patient_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    /** The appointment it pays for; an appointment deleted later leaves the payment without it. */
    .addColumn('appointment_id', 'text', (c) => c.references('appointments.id').onDelete('set null'))
    /** Receipt number, 1, 2, 3… per practice. */
    .addColumn('number', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    /** cash | transfer | mercadopago | card | insurance */
    .addColumn('method', 'text', (c) => c.notNull())
    /** The calendar day it was paid (YYYY-MM-DD, the practice's). */
    .addColumn('payment_date', 'text', sortable)
    .addColumn('note', 'text')
    /** The processor's payment id when it was paid online (Mercado Pago): one payment per processor payment. */
    .addColumn('external_ref', 'text')
    .addColumn('created_by', 'text')
    .addColumn('voided_at', 'text')
    .addColumn('voided_by', 'text')
    .addColumn('created_at', 'text', sortable)
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('patient_payments_number_unique', ['nutritionist_id', 'number'])
    .addUniqueConstraint('patient_payments_external_ref_unique', ['nutritionist_id', 'external_ref'])
    .execute();
  await db.schema.createIndex('patient_payments_patient_idx').on('patient_payments').columns(['nutritionist_id', 'patient_id']).execute();
  await db.schema.createIndex('patient_payments_date_idx').on('patient_payments').columns(['nutritionist_id', 'payment_date']).execute();
  await db.schema.createIndex('patient_payments_appointment_idx').on('patient_payments').columns(['appointment_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('patient_payments').execute();
  await db.schema.dropTable('patient_payment_counters').execute();
}
