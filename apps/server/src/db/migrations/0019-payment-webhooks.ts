// Payment processor webhooks (issue 12, part 2): every verified delivery is stored once per
// (provider, event_id) — a replay or duplicate delivery finds the row and changes nothing — with its
// payload, the result of applying it and when it was received and processed: the audit trail.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    /** The normalised BillingEvents handed to the billing sink (JSON array). */
    .addColumn('billing_events', 'text', (c) => c.notNull().defaultTo('[]'))
    /** 'received' while being applied, then 'processed' or 'failed' (a failed one is retried on redelivery). */
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('delivery_count', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('processed_at', 'text')
    .addUniqueConstraint('payment_webhook_events_provider_event_unique', ['provider', 'event_id'])
    .execute();
  await db.schema.createIndex('payment_webhook_events_received_idx').on('payment_webhook_events').columns(['received_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payment_webhook_events').execute();
}
