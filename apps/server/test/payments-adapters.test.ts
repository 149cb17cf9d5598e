// The processor adapters against recorded exchanges: Stripe through its injectable HTTP client
// (Stripe.createFetchHttpClient over a replaying fetch), Mercado Pago at the SDK client seam (its
// node-fetch transport is not injectable). Each test asserts the request the adapter sends.
import fs from 'node:fs';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError, type ProviderPlan } from '../src/modules/billing/payment-provider.js';
import { createMercadoPagoProvider, type MercadoPagoClients } from '../src/modules/payments/mercadopago-provider.js';
import { createStripeProvider } from '../src/modules/payments/stripe-provider.js';

const fixture = (name: string) =>
  JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'payments', name), 'utf8')) as {
    request: { method: string; path: string };
    response: { status: number; body: Record<string, unknown> };
  };

const plan: ProviderPlan = { key: 'profesional-mensual', name: 'Plan Profesional', period: 'mensual', intervalMonths: 1, priceCents: 1_500_000, currency: 'ARS' };
const semestral: ProviderPlan = { ...plan, key: 'profesional-semestral', period: 'semestral', intervalMonths: 6, priceCents: 9_000_000 };
const checkout = { subscriptionId: 'sub_almendra_1', nutritionistId: 'n1', payerEmail: 'lucia@consultorio.test', plan, successUrl: 'http://almendra.test/exitoso', failureUrl: 'http://almendra.test/pagar' };

function replayingStripe(names: string[]) {
  const sent: { method: string; url: URL; body: URLSearchParams; headers: Headers }[] = [];
  const queue = names.map(fixture);
  const fetchFn = async (input: string | URL | Request, init?: RequestInit) => {
    const next = queue.shift();
    if (!next) throw new Error('no recorded response left');
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    sent.push({ method, url, body: new URLSearchParams(String(init?.body ?? '')), headers: new Headers(init?.headers as ConstructorParameters<typeof Headers>[0]) });
    expect(method).toBe(next.request.method);
    expect(url.pathname).toBe(next.request.path);
    return new Response(JSON.stringify(next.response.body), { status: next.response.status, headers: { 'content-type': 'application/json', 'request-id': 'req_test' } });
  };
  const provider = createStripeProvider({ secretKey: 'sk_test_almendra', webhookSecret: 'whsec_almendra', httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch) });
  return { provider, sent, queue };
}

describe('Stripe adapter (recorded exchanges)', () => {
  it('creates a Checkout session in subscription mode with our id and the plan price', async () => {
    const { provider, sent, queue } = replayingStripe(['stripe-checkout-session.json']);
    const session = await provider.createCheckout(checkout);
    expect(session).toEqual({ provider: 'stripe', redirectUrl: 'https://checkout.stripe.com/c/pay/cs_test_a1B2c3D4e5', externalId: 'cs_test_a1B2c3D4e5', externalCustomerId: null });
    expect(queue).toHaveLength(0);
    const { body, url, headers } = sent[0]!;
    expect(url.host).toBe('api.stripe.com');
    expect(headers.get('authorization')).toBe('Bearer sk_test_almendra');
    expect(body.get('mode')).toBe('subscription');
    expect(body.get('client_reference_id')).toBe('sub_almendra_1');
    expect(body.get('customer_email')).toBe('lucia@consultorio.test');
    expect(body.get('success_url')).toBe('http://almendra.test/exitoso');
    expect(body.get('cancel_url')).toBe('http://almendra.test/pagar');
    expect(body.get('line_items[0][price_data][unit_amount]')).toBe('1500000');
    expect(body.get('line_items[0][price_data][currency]')).toBe('ars');
    expect(body.get('line_items[0][price_data][recurring][interval]')).toBe('month');
    expect(body.get('line_items[0][price_data][recurring][interval_count]')).toBe('1');
    expect(body.get('subscription_data[metadata][subscriptionId]')).toBe('sub_almendra_1');
  });

  it('cancels at period end, reactivates, and changes the plan on the subscription item', async () => {
    const { provider, sent, queue } = replayingStripe([
      'stripe-subscription-update.json',
      'stripe-subscription-update.json',
      'stripe-subscription-retrieve.json',
      'stripe-subscription-update.json',
    ]);
    await provider.cancel('sub_1StripeX');
    await provider.reactivate('sub_1StripeX');
    await provider.changePlan('sub_1StripeX', semestral);
    expect(queue).toHaveLength(0);
    expect(sent[0]!.body.get('cancel_at_period_end')).toBe('true');
    expect(sent[1]!.body.get('cancel_at_period_end')).toBe('false');
    const change = sent[3]!.body;
    expect(change.get('items[0][id]')).toBe('si_1Item');
    expect(change.get('items[0][price_data][product]')).toBe('prod_1Plan');
    expect(change.get('items[0][price_data][unit_amount]')).toBe('9000000');
    expect(change.get('items[0][price_data][recurring][interval_count]')).toBe('6');
    expect(change.get('proration_behavior')).toBe('always_invoice');
  });

  it('opens the billing portal for a customer', async () => {
    const { provider, sent } = replayingStripe(['stripe-billing-portal-session.json']);
    expect(await provider.customerPortalUrl('cus_Q1', 'http://almendra.test/cuenta?tab=facturacion')).toBe('https://billing.stripe.com/p/session/test_YWNjdF8x');
    expect(sent[0]!.body.get('customer')).toBe('cus_Q1');
    expect(sent[0]!.body.get('return_url')).toBe('http://almendra.test/cuenta?tab=facturacion');
  });

  it('verifies a signed webhook and translates invoice.paid; rejects a wrong signature', async () => {
    const { provider } = replayingStripe([]);
    const payload = JSON.stringify({
      id: 'evt_1', object: 'event', type: 'invoice.paid', created: 1773147600,
      data: { object: { id: 'in_1', object: 'invoice', amount_paid: 1500000, currency: 'ars', parent: { subscription_details: { metadata: { subscriptionId: 'sub_almendra_1' } } } } },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_almendra' });
    const verified = await provider.verifyWebhook({ headers: { 'stripe-signature': signature }, rawBody: Buffer.from(payload), query: {} });
    expect(verified.eventId).toBe('evt_1');
    expect(verified.events).toEqual([{ type: 'payment.approved', subscriptionId: 'sub_almendra_1', providerPaymentId: 'in_1', amountCents: 1500000, currency: 'ARS', occurredAt: '2026-03-10T13:00:00.000Z', periodEnd: null, card: null }]);
    const forged = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    await expect(provider.verifyWebhook({ headers: { 'stripe-signature': forged }, rawBody: Buffer.from(payload), query: {} })).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider.verifyWebhook({ headers: {}, rawBody: Buffer.from(payload), query: {} })).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

function replayingMercadoPago(responses: Record<string, string>) {
  const calls: { method: string; args: unknown }[] = [];
  const answer = (key: string) => {
    const name = responses[key];
    if (!name) throw new Error(`no recorded response for ${key}`);
    return fixture(name).response.body;
  };
  const clients = {
    preApproval: {
      create: async (args: unknown) => (calls.push({ method: 'preApproval.create', args }), answer('preApproval.create')),
      update: async (args: unknown) => (calls.push({ method: 'preApproval.update', args }), { id: (args as { id: string }).id }),
      get: async (args: { id: string }) => (calls.push({ method: 'preApproval.get', args }), answer(`preApproval.get:${args.id}`)),
    },
    payment: { get: async (args: { id: string | number }) => (calls.push({ method: 'payment.get', args }), answer(`payment.get:${args.id}`)) },
  } as unknown as MercadoPagoClients;
  return { provider: createMercadoPagoProvider({ accessToken: 'TEST-token', webhookSecret: 'mp-secret', clients }), calls };
}

function signMercadoPago(dataId: string, requestId: string, ts: string, secret = 'mp-secret') {
  const v1 = createHmac('sha256', secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
  return `ts=${ts},v1=${v1}`;
}

describe('Mercado Pago adapter (recorded responses)', () => {
  it('creates a preapproval with our id as external_reference and the plan amount', async () => {
    const { provider, calls } = replayingMercadoPago({ 'preApproval.create': 'mercadopago-preapproval-create.json' });
    const session = await provider.createCheckout({ ...checkout, plan: semestral });
    expect(session.redirectUrl).toContain('preapproval_id=2c938084726fca480172750000000000');
    expect(session.externalId).toBe('2c938084726fca480172750000000000');
    expect(calls[0]).toEqual({
      method: 'preApproval.create',
      args: { body: { reason: 'Plan Profesional', external_reference: 'sub_almendra_1', payer_email: 'lucia@consultorio.test', back_url: 'http://almendra.test/exitoso', status: 'pending', auto_recurring: { frequency: 6, frequency_type: 'months', transaction_amount: 90000, currency_id: 'ARS' } } },
    });
  });

  it('cancels, reactivates and changes plan on the preapproval; no portal', async () => {
    const { provider, calls } = replayingMercadoPago({});
    await provider.cancel('pre_1');
    await provider.reactivate('pre_1');
    await provider.changePlan('pre_1', semestral);
    expect(calls.map((c) => c.args)).toEqual([
      { id: 'pre_1', body: { status: 'paused' } },
      { id: 'pre_1', body: { status: 'authorized' } },
      { id: 'pre_1', body: { reason: 'Plan Profesional', auto_recurring: { transaction_amount: 90000, currency_id: 'ARS' } } },
    ]);
    expect(await provider.customerPortalUrl('x', 'http://almendra.test')).toBeNull();
  });

  it('verifies x-signature, fetches the payment and translates approved and rejected', async () => {
    const { provider, calls } = replayingMercadoPago({ 'payment.get:1319455550': 'mercadopago-payment-approved.json', 'payment.get:1319455551': 'mercadopago-payment-rejected.json' });
    const body = { id: 987001, type: 'payment', action: 'payment.updated', data: { id: '1319455550' } };
    const verified = await provider.verifyWebhook({
      headers: { 'x-signature': signMercadoPago('1319455550', 'req-1', '1773147600'), 'x-request-id': 'req-1' },
      rawBody: Buffer.from(JSON.stringify(body)),
      query: { 'data.id': '1319455550', type: 'payment' },
    });
    expect(verified.eventId).toBe('987001');
    expect(verified.events).toEqual([
      { type: 'payment.approved', subscriptionId: 'sub_almendra_1', providerPaymentId: '1319455550', amountCents: 1_500_000, currency: 'ARS', occurredAt: '2026-03-10T14:00:00.000Z', card: { token: '8951', brand: 'visa', last4: '4242' } },
    ]);
    expect(calls).toEqual([{ method: 'payment.get', args: { id: '1319455550' } }]);
    const rejected = await provider.verifyWebhook({
      headers: { 'x-signature': signMercadoPago('1319455551', 'req-2', '1773147601'), 'x-request-id': 'req-2' },
      rawBody: Buffer.from(JSON.stringify({ ...body, id: 987002, data: { id: '1319455551' } })),
      query: {},
    });
    expect(rejected.events[0]).toMatchObject({ type: 'payment.rejected', reason: 'cc_rejected_insufficient_amount' });
  });

  it('translates an authorized preapproval into subscription.activated', async () => {
    const id = '2c938084726fca480172750000000000';
    const { provider } = replayingMercadoPago({ [`preApproval.get:${id}`]: 'mercadopago-preapproval-authorized.json' });
    const verified = await provider.verifyWebhook({
      headers: { 'x-signature': signMercadoPago(id, 'req-3', '1773147602'), 'x-request-id': 'req-3' },
      rawBody: Buffer.from(JSON.stringify({ id: 987003, type: 'subscription_preapproval', data: { id } })),
      query: {},
    });
    expect(verified.events).toEqual([{ type: 'subscription.activated', subscriptionId: 'sub_almendra_1', externalSubscriptionId: id, occurredAt: '2026-03-10T13:59:00.000Z' }]);
  });

  it('rejects a wrong, tampered or missing signature before fetching anything', async () => {
    const { provider, calls } = replayingMercadoPago({});
    const raw = Buffer.from(JSON.stringify({ id: 1, type: 'payment', data: { id: '1319455550' } }));
    for (const headers of [
      { 'x-signature': signMercadoPago('1319455550', 'req-1', '1', 'wrong-secret'), 'x-request-id': 'req-1' },
      { 'x-signature': signMercadoPago('1319455550', 'req-1', '1'), 'x-request-id': 'req-other' },
      { 'x-signature': signMercadoPago('999', 'req-1', '1'), 'x-request-id': 'req-1' },
      { 'x-request-id': 'req-1' },
      { 'x-signature': 'ts=1,v1=zz', 'x-request-id': 'req-1' },
    ]) {
      await expect(provider.verifyWebhook({ headers, rawBody: raw, query: {} })).rejects.toBeInstanceOf(WebhookSignatureError);
    }
    expect(calls).toHaveLength(0);
  });
});
