// payment_webhook_events: one row per (provider, processor event id). Typed locally so the shared
// schema.ts stays untouched by this part (the coordinator may move the table type there).
import type { Kysely } from 'kysely';
import type { PaymentProviderKey } from '../billing/payment-provider.js';
import { newId } from '../../lib/ids.js';

export interface PaymentWebhookEventsTable {
  id: string;
  provider: string;
  event_id: string;
  event_type: string;
  payload: string;
  billing_events: string;
  result: 'received' | 'processed' | 'failed';
  error: string | null;
  delivery_count: number;
  received_at: string;
  processed_at: string | null;
}

export interface PaymentsDB {
  payment_webhook_events: PaymentWebhookEventsTable;
}

export type WebhookRow = PaymentWebhookEventsTable;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function webhookEventsRepository(anyDb: Kysely<any>) {
  const db = anyDb as Kysely<PaymentsDB>;
  return {
    /** Inserts the delivery; false when (provider, event id) was already stored (replay or duplicate). */
    async insertIfNew(entry: { provider: PaymentProviderKey; eventId: string; eventType: string; payload: string; billingEvents: unknown; now: string }) {
      const result = await db
        .insertInto('payment_webhook_events')
        .values({
          id: newId(),
          provider: entry.provider,
          event_id: entry.eventId,
          event_type: entry.eventType,
          payload: entry.payload,
          billing_events: JSON.stringify(entry.billingEvents),
          result: 'received',
          error: null,
          delivery_count: 1,
          received_at: entry.now,
          processed_at: null,
        })
        .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
    },
    find(provider: PaymentProviderKey, eventId: string) {
      return db.selectFrom('payment_webhook_events').selectAll().where('provider', '=', provider).where('event_id', '=', eventId).executeTakeFirst();
    },
    async countDelivery(provider: PaymentProviderKey, eventId: string) {
      await db
        .updateTable('payment_webhook_events')
        .set((eb) => ({ delivery_count: eb('delivery_count', '+', 1) }))
        .where('provider', '=', provider)
        .where('event_id', '=', eventId)
        .execute();
    },
    /** Claims a failed row for a retry (only one concurrent delivery wins). */
    async claimFailed(provider: PaymentProviderKey, eventId: string): Promise<boolean> {
      const result = await db
        .updateTable('payment_webhook_events')
        .set({ result: 'received', error: null })
        .where('provider', '=', provider)
        .where('event_id', '=', eventId)
        .where('result', '=', 'failed')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
    async finish(provider: PaymentProviderKey, eventId: string, outcome: { result: 'processed' | 'failed'; error: string | null; now: string }) {
      await db
        .updateTable('payment_webhook_events')
        .set({ result: outcome.result, error: outcome.error, processed_at: outcome.now })
        .where('provider', '=', provider)
        .where('event_id', '=', eventId)
        .execute();
    },
    list(provider?: PaymentProviderKey) {
      let query = db.selectFrom('payment_webhook_events').selectAll();
      if (provider) query = query.where('provider', '=', provider);
      return query.orderBy('received_at').orderBy('id').execute();
    },
  };
}
