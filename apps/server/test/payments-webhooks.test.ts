// Webhook routes end to end (SQLite by default, PostgreSQL with TEST_DATABASE_URL): good signature →
// stored and applied once; bad signature → 400, nothing stored; replay and duplicate delivery → 200,
// nothing changes; a sink failure → 500 and the redelivery applies it; the rows are the audit trail.
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BillingEvent, BillingEventSink, PaymentProviderKey } from '../src/modules/billing/payment-provider.js';
import { createMercadoPagoProvider, type MercadoPagoClients } from '../src/modules/payments/mercadopago-provider.js';
import { createStripeProvider } from '../src/modules/payments/stripe-provider.js';
import { webhookEventsRepository } from '../src/modules/payments/webhook-events.repository.js';
import { createTestApp, type TestApp } from './helpers.js';

const received: { provider: PaymentProviderKey; event: BillingEvent }[] = [];
let failNext = false;
const sink: BillingEventSink = {
  async apply(provider, event) {
    if (failNext) {
      failNext = false;
      throw new Error('billing store unavailable');
    }
    received.push({ provider, event });
  },
};

const mpClients = {
  preApproval: { create: async () => ({}), update: async () => ({}), get: async () => ({}) },
  payment: {
    get: async ({ id }: { id: string }) => ({ id: Number(id), status: 'approved', external_reference: 'sub_1', transaction_amount: 150.5, currency_id: 'ARS', date_approved: '2026-03-10T13:00:00.000Z' }),
  },
} as unknown as MercadoPagoClients;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {
    billingEventSink: sink,
    paymentProviders: {
      stripe: createStripeProvider({ secretKey: 'sk_test_x', webhookSecret: 'whsec_test' }),
      mercadopago: createMercadoPagoProvider({ accessToken: 'TEST', webhookSecret: 'mp-secret', clients: mpClients }),
    },
  });
});
afterAll(async () => {
  await t.close();
});

const stripePayload = (id: string) =>
  JSON.stringify({ id, object: 'event', type: 'invoice.paid', created: 1773147600, data: { object: { id: `in_${id}`, object: 'invoice', amount_paid: 2500, currency: 'usd', parent: { subscription_details: { metadata: { subscriptionId: 'sub_1' } } } } } });

const postStripe = (payload: string, secret = 'whsec_test') =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/billing/webhooks/stripe',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    payload,
  });

const mpSignature = (dataId: string, requestId: string, ts: string, secret = 'mp-secret') =>
  `ts=${ts},v1=${createHmac('sha256', secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex')}`;

describe('payment webhooks', () => {
  it('Stripe: a good signature is stored, applied once, and a duplicate delivery changes nothing', async () => {
    received.length = 0;
    const payload = stripePayload('evt_good');
    const first = await postStripe(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true, duplicate: false });
    expect(received).toEqual([{ provider: 'stripe', event: expect.objectContaining({ type: 'payment.approved', subscriptionId: 'sub_1', amountCents: 2500, currency: 'USD' }) }]);
    // The same event delivered again (a fresh signature, as Stripe's retries carry) and replayed verbatim.
    const again = await postStripe(payload);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ received: true, duplicate: true });
    expect(received).toHaveLength(1);
    const rows = (await webhookEventsRepository(t.database.db).list('stripe')).filter((r) => r.event_id === 'evt_good');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: 'stripe', event_type: 'invoice.paid', result: 'processed', error: null, delivery_count: 2, received_at: '2026-03-10T13:00:00.000Z', processed_at: '2026-03-10T13:00:00.000Z' });
    expect(JSON.parse(rows[0]!.payload)).toMatchObject({ id: 'evt_good' });
    expect(JSON.parse(rows[0]!.billing_events)).toHaveLength(1);
  });

  it('Stripe: a replay of the exact same request (same signature header) is a no-op', async () => {
    received.length = 0;
    const payload = stripePayload('evt_replay');
    const headers = { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' }) };
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/billing/webhooks/stripe', headers, payload });
    const replay = await t.app.inject({ method: 'POST', url: '/api/v1/billing/webhooks/stripe', headers, payload });
    expect([first.statusCode, replay.statusCode]).toEqual([200, 200]);
    expect(replay.json()).toMatchObject({ duplicate: true });
    expect(received).toHaveLength(1);
  });

  it('Stripe: a bad signature or a tampered body answers 400 with a code and stores nothing', async () => {
    received.length = 0;
    const payload = stripePayload('evt_bad');
    const wrongSecret = await postStripe(payload, 'whsec_attacker');
    expect(wrongSecret.statusCode).toBe(400);
    expect(wrongSecret.json().error).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID', message: 'La firma del aviso de pago no es válida.' });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_test' });
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload: payload.replace('2500', '1'),
    });
    expect(tampered.statusCode).toBe(400);
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/v1/billing/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload });
    expect(unsigned.statusCode).toBe(400);
    expect(received).toHaveLength(0);
    expect((await webhookEventsRepository(t.database.db).list('stripe')).some((r) => r.event_id === 'evt_bad')).toBe(false);
  });

  it('a sink failure answers 500, is recorded as failed, and the redelivery applies it', async () => {
    received.length = 0;
    failNext = true;
    const payload = stripePayload('evt_retry');
    const first = await postStripe(payload);
    expect(first.statusCode).toBe(500);
    expect(first.json().error.code).toBe('WEBHOOK_NOT_APPLIED');
    const repo = webhookEventsRepository(t.database.db);
    expect((await repo.find('stripe', 'evt_retry'))).toMatchObject({ result: 'failed', error: 'billing store unavailable' });
    const retry = await postStripe(payload);
    expect(retry.statusCode).toBe(200);
    expect(received).toHaveLength(1);
    expect(await repo.find('stripe', 'evt_retry')).toMatchObject({ result: 'processed', error: null, delivery_count: 2 });
  });

  it('Mercado Pago: good signature applied once; duplicate and bad signature', async () => {
    received.length = 0;
    const body = JSON.stringify({ id: 555001, type: 'payment', action: 'payment.updated', data: { id: '1319455550' } });
    const post = (signature: string, requestId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/billing/webhooks/mercadopago?data.id=1319455550&type=payment',
        headers: { 'content-type': 'application/json', 'x-signature': signature, 'x-request-id': requestId },
        payload: body,
      });
    const good = await post(mpSignature('1319455550', 'mp-req-1', '1773147600'), 'mp-req-1');
    expect(good.statusCode).toBe(200);
    expect(received).toEqual([{ provider: 'mercadopago', event: expect.objectContaining({ type: 'payment.approved', subscriptionId: 'sub_1', amountCents: 15050 }) }]);
    const duplicate = await post(mpSignature('1319455550', 'mp-req-2', '1773147700'), 'mp-req-2');
    expect(duplicate.json()).toMatchObject({ duplicate: true });
    const replay = await post(mpSignature('1319455550', 'mp-req-1', '1773147600'), 'mp-req-1');
    expect(replay.json()).toMatchObject({ duplicate: true });
    const bad = await post(mpSignature('1319455550', 'mp-req-3', '1773147800', 'not-the-secret'), 'mp-req-3');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(received).toHaveLength(1);
    const rows = await webhookEventsRepository(t.database.db).list('mercadopago');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ event_id: '555001', event_type: 'payment.updated', result: 'processed', delivery_count: 3 });
  });

  it('a processor that is not configured answers 404', async () => {
    const other = await createTestApp();
    try {
      const response = await other.app.inject({ method: 'POST', url: '/api/v1/billing/webhooks/stripe', headers: { 'content-type': 'application/json' }, payload: '{}' });
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('PAYMENT_PROVIDER_NOT_CONFIGURED');
    } finally {
      await other.close();
    }
  });
});
