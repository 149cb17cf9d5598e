// POST /api/v1/billing/webhooks/{mercadopago,stripe}: no session (the processor calls), the raw body
// kept for the signature. A bad signature answers 400 and stores nothing; a verified delivery is stored
// once per (provider, event id) and its BillingEvents handed to the sink; a replay or duplicate answers
// 200 and changes nothing. A sink failure answers 500 so the processor retries; the retry re-applies.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../../lib/clock.js';
import { WebhookSignatureError, type BillingEventSink, type PaymentProvider, type PaymentProviderKey } from '../billing/payment-provider.js';
import { webhookEventsRepository } from './webhook-events.repository.js';

export interface PaymentWebhookRoutesOptions {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  db: Kysely<any>;
  clock: Clock;
  /** The configured processors; a route answers 404 for one that is not configured. */
  providers: Partial<Record<'mercadopago' | 'stripe', PaymentProvider>>;
  /** Applies each verified event (the billing service); absent → events are stored and marked failed. */
  sink?: BillingEventSink | null;
}

const WEBHOOK_BODY_LIMIT = 256 * 1024;

export async function paymentWebhookRoutes(app: FastifyInstance, options: PaymentWebhookRoutesOptions): Promise<void> {
  const events = webhookEventsRepository(options.db);
  // This plugin's own context: JSON (and anything else) arrives as the exact bytes that were signed.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  for (const key of ['mercadopago', 'stripe'] as const) {
    app.post(`/billing/webhooks/${key}`, { schema: { hide: true } }, async (request, reply) => {
      const provider = options.providers[key];
      if (!provider) {
        return reply.status(404).send({ error: { requestId: request.id, code: 'PAYMENT_PROVIDER_NOT_CONFIGURED', message: 'Este procesador de pagos no está configurado.' } });
      }
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      let verified;
      try {
        verified = await provider.verifyWebhook({
          headers: request.headers,
          rawBody,
          query: request.query as Record<string, string | undefined>,
        });
      } catch (error) {
        if (error instanceof WebhookSignatureError) {
          request.log.warn({ provider: key, reason: error.message }, 'payment webhook rejected: bad signature');
          return reply.status(400).send({ error: { requestId: request.id, code: 'WEBHOOK_SIGNATURE_INVALID', message: 'La firma del aviso de pago no es válida.' } });
        }
        throw error;
      }
      const now = () => options.clock.now().toISOString();
      const providerKey: PaymentProviderKey = key;
      const inserted = await events.insertIfNew({
        provider: providerKey,
        eventId: verified.eventId,
        eventType: verified.eventType,
        payload: rawBody.toString('utf8'),
        billingEvents: verified.events,
        now: now(),
      });
      if (!inserted) {
        await events.countDelivery(providerKey, verified.eventId);
        // A delivery whose first attempt failed is applied again; anything else is a no-op.
        if (!(await events.claimFailed(providerKey, verified.eventId))) {
          return reply.status(200).send({ received: true, duplicate: true });
        }
      }
      try {
        if (!options.sink) throw new Error('no billing event sink configured');
        for (const event of verified.events) await options.sink.apply(providerKey, event);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await events.finish(providerKey, verified.eventId, { result: 'failed', error: message, now: now() });
        request.log.error({ err: error, provider: key, eventId: verified.eventId }, 'payment webhook could not be applied');
        return reply.status(500).send({ error: { requestId: request.id, code: 'WEBHOOK_NOT_APPLIED', message: 'No se pudo aplicar el aviso de pago; se reintentará.' } });
      }
      await events.finish(providerKey, verified.eventId, { result: 'processed', error: null, now: now() });
      return reply.status(200).send({ received: true, duplicate: false });
    });
  }
}
