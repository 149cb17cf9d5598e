// Issue 25, the rest of "money": why an operator suspended an account (shown to the nutritionist), and
// Mercado Pago payment links for patients — the practice's own Mercado Pago credentials (encrypted at
// rest) and one row per link (a Checkout Pro preference) whose verified payment becomes a Cobro.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const sortable = (c: ColumnDefinitionBuilder) => (isPostgres ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull());

  /** The operator's reason, shown to the suspended nutritionist; cleared when the account is re-enabled. */
  await db.schema.alterTable('users').addColumn('suspension_reason', 'text').execute();
  await db.schema.alterTable('users').addColumn('suspended_at', 'text').execute();

  await db.schema
    .createTable('practice_mercadopago')
    .addColumn('nutritionist_id', 'text', (c) => c.primaryKey().references('nutritionists.id').onDelete('cascade'))
    /** AES-256-GCM (key derived from the server's secret): 'v1.<iv>.<tag>.<ciphertext>' in base64url. */
    .addColumn('access_token_enc', 'text', (c) => c.notNull())
    .addColumn('webhook_secret_enc', 'text', (c) => c.notNull())
    /** Last four characters of the token, to show which one is saved without decrypting it. */
    .addColumn('token_hint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('patient_payment_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('nutritionist_id', 'text', (c) => c.notNull().references('nutritionists.id').onDelete('cascade'))
    .addColumn('patient_id', 'text', (c) => c.notNull().references('patients.id').onDelete('cascade'))
    .addColumn('appointment_id', 'text', (c) => c.references('appointments.id').onDelete('set null'))
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    /** The Checkout Pro preference and the page the patient opens. */
    .addColumn('preference_id', 'text', (c) => c.notNull())
    .addColumn('init_point', 'text', (c) => c.notNull())
    /** pending | paid | cancelled */
    .addColumn('status', 'text', (c) => c.notNull())
    /** The Cobro its approved payment became. */
    .addColumn('payment_id', 'text', (c) => c.references('patient_payments.id').onDelete('set null'))
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', sortable)
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('patient_payment_links_patient_idx').on('patient_payment_links').columns(['nutritionist_id', 'patient_id']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('patient_payment_links').execute();
  await db.schema.dropTable('practice_mercadopago').execute();
  await db.schema.alterTable('users').dropColumn('suspended_at').execute();
  await db.schema.alterTable('users').dropColumn('suspension_reason').execute();
}
