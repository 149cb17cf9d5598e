// Issue 25: a subscription change (cancel, reactivate, change plan) that the payment processor could not
// confirm yet because it failed transiently (5xx, network). Nothing is recorded as done: the change waits
// here, JSON {id, transition, planKey, userId, processor, requestedAt, status: pending|failed, message},
// while a 'billing.processor-sync' job in the outbox retries it; the nutritionist reads it on /cuenta.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subscriptions').addColumn('pending_change', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('subscriptions').dropColumn('pending_change').execute();
}
