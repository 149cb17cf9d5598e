// Issue 25: a payment link the nutritionist cancels (the patient no longer owes it, the amount was wrong):
// expired at Mercado Pago and marked cancelled here, with when and by whom. A payment Mercado Pago still
// approves afterwards (paid before the expiry reached it) is recorded all the same: money received is a Cobro.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('patient_payment_links').addColumn('cancelled_at', 'text').execute();
  await db.schema.alterTable('patient_payment_links').addColumn('cancelled_by', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('patient_payment_links').dropColumn('cancelled_by').execute();
  await db.schema.alterTable('patient_payment_links').dropColumn('cancelled_at').execute();
}
