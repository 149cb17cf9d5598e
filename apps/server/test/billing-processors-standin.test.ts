// The subscription lifecycle against local stand-ins of Stripe's and Mercado Pago's HTTP APIs (issue 25):
// the server is configured only by environment (STRIPE_* / MERCADOPAGO_* with STRIPE_API_BASE /
// MERCADOPAGO_API_BASE pointing at the stand-in), the official SDKs make real HTTP requests to it, and the
// tests assert the requests that reached it: checkout (the trial's days kept), the activation webhook,
// renewal, cancel, reactivate, change plan, a payment failure, the customer portal, a processor that
// refuses (nothing recorded), and webhook replays (duplicate, out of order, forged) that change nothing
// twice. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { practiceWithPortalPatient } from './portal-helpers.js';
import { standIn as sharedStandIn, type Received } from './processor-stand-in.js';

/** The shared stand-in (processor-stand-in.ts), told to refuse the next request with a 400 as a processor does. */
async function standIn(answer: (request: Received) => { status: number; body: unknown }) {
  const api = await sharedStandIn(answer, () => ({ error: { type: 'invalid_request_error', message: 'Refused by the stand-in' }, status: 400, message: 'Refused by the stand-in' }));
  return { ...api, failNext: () => api.next(400), since: (n: number) => api.received.slice(n) };
}

const form = (body: string) => new URLSearchParams(body);
const DAY = 86_400_000;

describe('Stripe, through the official SDK, against a stand-in of its API', () => {
  const WEBHOOK_SECRET = 'whsec_standin';
  let stripeApi: Awaited<ReturnType<typeof standIn>>;
  let t: TestApp;
  const subscription = { cancel_at_period_end: false, price: 'price_1' };

  beforeAll(async () => {
    stripeApi = await standIn((request) => {
      if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
        return { status: 200, body: { id: 'cs_test_1', object: 'checkout.session', url: 'https://checkout.stripe.test/c/cs_test_1', customer: null } };
      }
      if (request.path === '/v1/subscriptions/sub_1') {
        if (request.method === 'POST') {
          const sent = form(request.body);
          if (sent.has('cancel_at_period_end')) subscription.cancel_at_period_end = sent.get('cancel_at_period_end') === 'true';
        }
        return { status: 200, body: { id: 'sub_1', object: 'subscription', cancel_at_period_end: subscription.cancel_at_period_end, items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', price: { id: subscription.price, object: 'price', product: 'prod_1' } }] } } };
      }
      if (request.method === 'POST' && request.path === '/v1/billing_portal/sessions') {
        return { status: 200, body: { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.stripe.test/p/session_1' } };
      }
      return { status: 404, body: { error: { type: 'invalid_request_error', message: `No stand-in for ${request.method} ${request.path}` } } };
    });
    t = await createTestApp({ BILLING_ENABLED: 'true', STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripeApi.url });
  });
  afterAll(async () => {
    await t.close();
    await stripeApi.close();
  });

  const webhook = (event: object) => {
    const payload = JSON.stringify({ object: 'event', created: Math.floor(t.clock.now().getTime() / 1000), ...event });
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/billing/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }) },
      payload,
    });
  };
  const invoice = (id: string, nutritionistId: string, amount: number, periodEnd: Date) => ({
    id,
    object: 'invoice',
    amount_paid: amount,
    amount_due: amount,
    currency: 'ars',
    lines: { data: [{ period: { start: Math.floor(t.clock.now().getTime() / 1000), end: Math.floor(periodEnd.getTime() / 1000) } }] },
    parent: { subscription_details: { metadata: { subscriptionId: nutritionistId } } },
  });

  it('checkout → activation → renewal → cancel → reactivate → change plan → failed payment → portal, each reaching Stripe first', async () => {
    const start = t.clock.now();
    const n = await registerAndLogin(t);
    const nutritionistId = n.session.nutritionist.id as string;
    const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: n.auth, ...(payload ? { payload } : {}) });
    const mine = async () => (await call('GET', '/api/v1/me/subscription')).json();

    // Checkout on day 1 of a 15-day trial: Stripe is asked to start charging when the trial ends.
    await call('POST', '/api/v1/me/subscription/plan', { planKey: 'ar-mensual' });
    expect(stripeApi.received).toHaveLength(0); // choosing during the trial changes nothing at Stripe
    const started = await call('POST', '/api/v1/me/subscription/checkout', { processor: 'stripe' });
    expect(started.json()).toEqual({ redirectUrl: 'https://checkout.stripe.test/c/cs_test_1' });
    const [checkout] = stripeApi.received;
    expect(checkout).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions', authorization: 'Bearer sk_test_standin' });
    const sent = form(checkout!.body);
    expect(sent.get('mode')).toBe('subscription');
    expect(sent.get('client_reference_id')).toBe(nutritionistId);
    expect(sent.get('line_items[0][price_data][unit_amount]')).toBe('4500000');
    expect(sent.get('line_items[0][price_data][recurring][interval_count]')).toBe('1');
    const trialEndsAt = (await mine()).state.vigencia as string;
    expect(sent.get('subscription_data[trial_end]')).toBe(String(Math.floor(Date.parse(trialEndsAt) / 1000)));

    // Activation webhook: the Stripe subscription and customer are kept; still on the trial, nothing paid.
    expect((await webhook({ id: 'evt_1', type: 'checkout.session.completed', data: { object: { id: 'cs_test_1', object: 'checkout.session', client_reference_id: nutritionistId, subscription: 'sub_1', customer: 'cus_1' } } })).statusCode).toBe(200);
    expect((await mine()).state).toMatchObject({ status: 'trialing', procesador: 'stripe' });
    // The trial's zero invoice pays for nothing.
    await webhook({ id: 'evt_2', type: 'invoice.paid', data: { object: invoice('in_0', nutritionistId, 0, new Date(Date.parse(trialEndsAt))) } });
    expect((await mine()).state.pago).toBe(false);

    // The trial ends and Stripe charges the first month: paid until the invoice's period end (trial days kept).
    t.clock.set(new Date(Date.parse(trialEndsAt)));
    n.auth = await relogin(t, n);
    const firstEnd = new Date(Date.parse(trialEndsAt) + 31 * DAY);
    expect((await webhook({ id: 'evt_3', type: 'invoice.paid', data: { object: invoice('in_1', nutritionistId, 4_500_000, firstEnd) } })).statusCode).toBe(200);
    expect((await mine()).state).toMatchObject({ status: 'active', proximo_cobro: firstEnd.toISOString() });

    // Cancel: Stripe is told first (cancel at period end), then it is recorded.
    const before = stripeApi.received.length;
    const cancelled = await call('POST', '/api/v1/me/subscription/cancel');
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().state).toMatchObject({ status: 'cancelled', proximo_cobro: null });
    expect(stripeApi.since(before).map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual(['POST /v1/subscriptions/sub_1 cancel_at_period_end=true']);

    // A renewal that arrives after her cancellation (out of order) never clears it.
    await webhook({ id: 'evt_4', type: 'invoice.paid', data: { object: invoice('in_2', nutritionistId, 4_500_000, new Date(firstEnd.getTime() + 30 * DAY)) } });
    expect((await mine()).state.status).toBe('cancelled');

    // Reactivate: Stripe first; and a later-delivered "deleted" notice dated before it is ignored.
    const reactivated = await call('POST', '/api/v1/me/subscription/reactivate');
    expect(reactivated.statusCode).toBe(200);
    expect(reactivated.json().state.status).toBe('active');
    expect(stripeApi.received.at(-1)).toMatchObject({ path: '/v1/subscriptions/sub_1', body: 'cancel_at_period_end=false' });
    const stale = { id: 'evt_5', type: 'customer.subscription.deleted', created: Math.floor((t.clock.now().getTime() - 60_000) / 1000), data: { object: { id: 'sub_1', object: 'subscription', metadata: { subscriptionId: nutritionistId } } } };
    expect((await webhook(stale)).statusCode).toBe(200);
    expect((await mine()).state.status).toBe('active');

    // Change plan to the semestral: Stripe swaps the price with proration invoiced now.
    const changeFrom = stripeApi.received.length;
    const changed = await call('POST', '/api/v1/me/subscription/plan', { planKey: 'ar-semestral' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().state).toMatchObject({ keyPlan: 'ar-semestral', status: 'active' });
    const change = stripeApi.since(changeFrom);
    expect(change.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/subscriptions/sub_1', 'POST /v1/subscriptions/sub_1']);
    const update = form(change[1]!.body);
    expect(update.get('proration_behavior')).toBe('always_invoice');
    expect(update.get('items[0][price_data][unit_amount]')).toBe('27000000');
    expect(update.get('items[0][price_data][recurring][interval_count]')).toBe('6');
    // The proration invoice covers the current period only: the paid period does not move.
    const paidUntil = (await mine()).state.proximo_cobro as string;
    await webhook({ id: 'evt_6', type: 'invoice.paid', data: { object: invoice('in_3', nutritionistId, 1_000_000, new Date(Date.parse(paidUntil))) } });
    expect((await mine()).state.proximo_cobro).toBe(paidUntil);

    // A failed charge: the rejected notice, once, however often Stripe redelivers it.
    const failed = { id: 'evt_7', type: 'invoice.payment_failed', data: { object: { ...invoice('in_4', nutritionistId, 27_000_000, new Date(Date.parse(paidUntil))), amount_paid: 0 } } };
    expect((await webhook(failed)).statusCode).toBe(200);
    expect((await webhook(failed)).json()).toMatchObject({ duplicate: true });
    const afterFailure = await mine();
    expect(afterFailure.rejectedNotice).not.toBeNull();
    expect(afterFailure.history.filter((e: { type: string }) => e.type === 'payment.rejected')).toHaveLength(1);

    // The customer portal opens Stripe's page for her customer.
    const portal = await call('POST', '/api/v1/me/subscription/portal');
    expect(portal.json()).toEqual({ url: 'https://billing.stripe.test/p/session_1' });
    const portalRequest = form(stripeApi.received.at(-1)!.body);
    expect(portalRequest.get('customer')).toBe('cus_1');
    expect(portalRequest.get('return_url')).toBe('http://almendra.test/cuenta?tab=facturacion');

    // Stripe refuses a cancel: nothing is recorded, she is told, the operator sees the failure.
    stripeApi.failNext();
    const refused = await call('POST', '/api/v1/me/subscription/cancel');
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toMatchObject({ code: 'PAYMENT_PROVIDER_ERROR', message: expect.stringContaining('Stripe no confirmó el cambio') });
    const afterRefusal = await mine();
    expect(afterRefusal.state.status).toBe('active');
    expect(afterRefusal.history[0]).toMatchObject({ type: 'processor.failed', processor: 'stripe' });

    // Forged and replayed webhooks change nothing.
    const forged = await t.app.inject({ method: 'POST', url: '/api/v1/billing/webhooks/stripe', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' }, payload: JSON.stringify({ id: 'evt_x', type: 'customer.subscription.deleted' }) });
    expect(forged.statusCode).toBe(400);
    expect((await webhook({ id: 'evt_3', type: 'invoice.paid', data: { object: invoice('in_1', nutritionistId, 4_500_000, firstEnd) } })).json()).toMatchObject({ duplicate: true });
    const final = await mine();
    expect(final.state).toMatchObject({ status: 'active', proximo_cobro: paidUntil });
    expect(final.history.filter((e: { type: string }) => e.type === 'payment.approved')).toHaveLength(3);
    t.clock.set(start);
  });
});

async function relogin(t: TestApp, account: { body: { email: string; password: string } }) {
  const answer = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: account.body.email, password: account.body.password } });
  return { authorization: `Bearer ${answer.json().accessToken}` };
}

describe('Mercado Pago, through the official SDK, against a stand-in of its API', () => {
  const WEBHOOK_SECRET = 'mp-secret-standin';
  let mpApi: Awaited<ReturnType<typeof standIn>>;
  let t: TestApp;
  const preapproval = { status: 'pending', external_reference: '', last_modified: '2026-03-10T13:00:00.000Z' };
  const payments = new Map<string, object>();
  const OPERATOR = 'operadora.standin@almendra.test';
  let operator: Awaited<ReturnType<typeof registerAndLogin>>;

  beforeAll(async () => {
    mpApi = await standIn((request) => {
      if (request.method === 'POST' && request.path === '/preapproval/') {
        preapproval.external_reference = (JSON.parse(request.body) as { external_reference: string }).external_reference;
        return { status: 201, body: { id: 'pre_1', init_point: 'https://mp.test/checkout/pre_1', status: 'pending' } };
      }
      if (request.path === '/preapproval/pre_1') {
        if (request.method === 'PUT') {
          const body = JSON.parse(request.body) as { status?: string };
          if (body.status) preapproval.status = body.status;
        }
        return { status: 200, body: { id: 'pre_1', ...preapproval } };
      }
      const payment = request.path.startsWith('/v1/payments/') ? payments.get(request.path.slice('/v1/payments/'.length)) : undefined;
      if (payment) return { status: 200, body: payment };
      return { status: 404, body: { status: 404, message: `No stand-in for ${request.method} ${request.path}` } };
    });
    t = await createTestApp({ BILLING_ENABLED: 'true', ADMIN_EMAILS: OPERATOR, MERCADOPAGO_ACCESS_TOKEN: 'TEST-standin', MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET, MERCADOPAGO_API_BASE: mpApi.url });
    operator = await registerAndLogin(t, { email: OPERATOR });
  });
  afterAll(async () => {
    await t.close();
    await mpApi.close();
  });

  let notification = 0;
  const webhook = (type: string, dataId: string, secret = WEBHOOK_SECRET) => {
    notification += 1;
    const requestId = `req-${notification}`;
    const ts = String(Math.floor(t.clock.now().getTime() / 1000));
    const v1 = createHmac('sha256', secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/webhooks/mercadopago?data.id=${dataId}&type=${type}`,
      headers: { 'content-type': 'application/json', 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
      payload: JSON.stringify({ id: `notif-${type}-${dataId}`, type, action: `${type}.updated`, data: { id: dataId } }),
    });
  };

  it('checkout → authorization → debits → cancel (paused) → reactivate → change of amount → rejected debit, each reaching Mercado Pago first', async () => {
    const n = await registerAndLogin(t);
    const nutritionistId = n.session.nutritionist.id as string;
    const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: n.auth, ...(payload ? { payload } : {}) });
    const mine = async () => (await call('GET', '/api/v1/me/subscription')).json();

    await call('POST', '/api/v1/me/subscription/plan', { planKey: 'ar-mensual' });
    const started = await call('POST', '/api/v1/me/subscription/checkout', { processor: 'mercadopago' });
    expect(started.json()).toEqual({ redirectUrl: 'https://mp.test/checkout/pre_1' });
    const [create] = mpApi.received;
    expect(create).toMatchObject({ method: 'POST', path: '/preapproval/', authorization: 'Bearer TEST-standin' });
    const body = JSON.parse(create!.body) as { external_reference: string; auto_recurring: Record<string, unknown> };
    expect(body.external_reference).toBe(nutritionistId);
    const trialEndsAt = (await mine()).state.vigencia as string;
    // The first debit waits for the trial's end (her trial days are kept).
    expect(body.auto_recurring).toMatchObject({ frequency: 1, frequency_type: 'months', transaction_amount: 45000, currency_id: 'ARS', start_date: trialEndsAt });

    // She authorizes it at Mercado Pago: the notice names the preapproval, which the server reads back.
    preapproval.status = 'authorized';
    expect((await webhook('subscription_preapproval', 'pre_1')).statusCode).toBe(200);
    expect(mpApi.received.at(-1)).toMatchObject({ method: 'GET', path: '/preapproval/pre_1' });

    // The first debit, when the trial ends.
    t.clock.set(new Date(Date.parse(trialEndsAt)));
    n.auth = await relogin(t, n);
    payments.set('9001', { id: 9001, status: 'approved', external_reference: nutritionistId, transaction_amount: 45000, currency_id: 'ARS', date_approved: t.clock.now().toISOString() });
    const debit = await webhook('payment', '9001');
    expect(debit.statusCode, debit.body).toBe(200);
    const active = await mine();
    expect(active.state).toMatchObject({ status: 'active', procesador: 'mercadopago' });
    const paidUntil = active.state.proximo_cobro as string;
    expect(paidUntil.slice(0, 7)).not.toBe(trialEndsAt.slice(0, 7)); // a month after the trial's end

    // Cancel: the preapproval is paused first (Mercado Pago can resume a paused one, never a cancelled one).
    expect((await call('POST', '/api/v1/me/subscription/cancel')).json().state.status).toBe('cancelled');
    expect(mpApi.received.at(-1)).toMatchObject({ method: 'PUT', path: '/preapproval/pre_1' });
    expect(JSON.parse(mpApi.received.at(-1)!.body)).toEqual({ status: 'paused' });

    // Reactivate: authorized again at Mercado Pago first.
    expect((await call('POST', '/api/v1/me/subscription/reactivate')).json().state.status).toBe('active');
    expect(JSON.parse(mpApi.received.at(-1)!.body)).toEqual({ status: 'authorized' });

    // Change plan: a different frequency is refused (Mercado Pago cannot change it), nothing sent.
    const count = mpApi.received.length;
    const refused = await call('POST', '/api/v1/me/subscription/plan', { planKey: 'ar-anual' });
    expect(refused.statusCode).toBe(422);
    expect(mpApi.received).toHaveLength(count);
    // Mercado Pago refuses the update: nothing recorded.
    mpApi.failNext();
    // (the operator adds a monthly plan at another price)
    const plan = await t.app.inject({ method: 'PUT', url: '/api/v1/admin/subscription-plans', headers: await relogin(t, operator), payload: { key: 'ar-mensual-plus', countryCode: 'AR', name: 'Mensual Plus', period: 'mensual', priceCents: 6_000_000, currency: 'ARS', patientLimit: null, trialDays: 15, active: true } });
    expect(plan.statusCode).toBe(200);
    const down = await call('POST', '/api/v1/me/subscription/plan', { planKey: 'ar-mensual-plus' });
    expect(down.statusCode).toBe(502);
    expect((await mine()).state.keyPlan).toBe('ar-mensual');
    // The same frequency, a new amount from the next debit: the preapproval's amount is updated first.
    const changed = await call('POST', '/api/v1/me/subscription/plan', { planKey: 'ar-mensual-plus' });
    expect(changed.statusCode).toBe(200);
    expect(JSON.parse(mpApi.received.at(-1)!.body)).toEqual({ reason: 'Mensual Plus', auto_recurring: { transaction_amount: 60000, currency_id: 'ARS' } });
    expect(changed.json().state).toMatchObject({ keyPlan: 'ar-mensual-plus', proximo_cobro: paidUntil });

    // A rejected debit, delivered twice: one notice.
    payments.set('9002', { id: 9002, status: 'rejected', status_detail: 'cc_rejected_insufficient_amount', external_reference: nutritionistId, transaction_amount: 60000, currency_id: 'ARS', date_last_updated: t.clock.now().toISOString() });
    expect((await webhook('payment', '9002')).statusCode).toBe(200);
    expect((await webhook('payment', '9002')).json()).toMatchObject({ duplicate: true });
    const rejected = await mine();
    expect(rejected.rejectedNotice).toMatchObject({ reasonCode: 'insufficient_funds' });
    expect(rejected.history.find((e: { type: string }) => e.type === 'payment.rejected')).toMatchObject({ reasonCode: 'insufficient_funds', note: null, processorMessage: null });
    expect(rejected.history.filter((e: { type: string }) => e.type === 'payment.rejected')).toHaveLength(1);

    // A forged notice is refused before anything is read from Mercado Pago.
    const before = mpApi.received.length;
    expect((await webhook('payment', '9001', 'wrong-secret')).statusCode).toBe(400);
    expect(mpApi.received).toHaveLength(before);
    // A replay of the first debit (same notification id) changes nothing.
    expect((await webhook('payment', '9001')).json()).toMatchObject({ duplicate: true });
    expect((await mine()).state.proximo_cobro).toBe(paidUntil);
    // Mercado Pago has no customer portal.
    expect((await call('POST', '/api/v1/me/subscription/portal')).statusCode).toBe(422);
  });
});


describe("Patients' payment links: Checkout Pro with the practice's own Mercado Pago account, through the SDK, against the stand-in", () => {
  const SECRET_A = 'practice-a-webhook-secret';
  const SECRET_B = 'practice-b-webhook-secret';
  let mpApi: Awaited<ReturnType<typeof standIn>>;
  let t: TestApp;
  const payments = new Map<string, object>();
  let preferences = 0;

  beforeAll(async () => {
    mpApi = await standIn((request) => {
      // The token check when she connects her account (GET /users/me with the token she pasted).
      if (request.method === 'GET' && request.path === '/users/me') return { status: 200, body: { id: 123456, nickname: 'CONSULTORIO' } };
      if (request.method === 'POST' && request.path === '/checkout/preferences/') {
        preferences += 1;
        return { status: 201, body: { id: `pref-${preferences}`, init_point: `https://mp.test/checkout/v1/redirect?pref_id=pref-${preferences}` } };
      }
      const payment = request.path.startsWith('/v1/payments/') ? payments.get(request.path.slice('/v1/payments/'.length)) : undefined;
      if (payment) return { status: 200, body: payment };
      return { status: 404, body: { status: 404, message: `No stand-in for ${request.method} ${request.path}` } };
    });
    // Only the base URL: the practices bring their own credentials (no server-wide Mercado Pago account).
    t = await createTestApp({ MERCADOPAGO_API_BASE: mpApi.url });
  });
  afterAll(async () => {
    await t.close();
    await mpApi.close();
  });

  let notification = 0;
  const webhook = (nutritionistId: string, dataId: string, secret: string) => {
    notification += 1;
    const requestId = `link-req-${notification}`;
    const ts = String(Math.floor(t.clock.now().getTime() / 1000));
    const v1 = createHmac('sha256', secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/payment-links/webhooks/mercadopago/${nutritionistId}?data.id=${dataId}&type=payment`,
      headers: { 'content-type': 'application/json', 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
      payload: JSON.stringify({ id: notification, type: 'payment', action: 'payment.updated', data: { id: dataId } }),
    });
  };

  it('creates the preference with her token and the amount; the verified webhook records one Cobro with its receipt, whatever the replays, forgeries or other practices', async () => {
    const { nutritionist: a, call, patientId, asPatient } = await practiceWithPortalPatient(t);
    const practiceA = a.session.nutritionist.id as string;
    const b = await registerAndLogin(t);
    const practiceB = b.session.nutritionist.id as string;
    const callB = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, headers: b.auth, ...(payload ? { payload } : {}) });

    // Not connected yet: the list says so and creating a link explains what to do.
    expect((await call('GET', `/api/v1/patients/${patientId}/payment-links`)).json()).toMatchObject({ items: [], mercadoPagoConfigured: false });
    const refused = await call('POST', `/api/v1/patients/${patientId}/payment-links`, { amountCents: 1_500_050 });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toContain('conecta primero tu cuenta de Mercado Pago');
    expect(mpApi.received).toHaveLength(0);

    // She connects her own account; a malformed token is a 400 with the field; the token is stored sealed.
    const bad = await call('PUT', '/api/v1/me/mercadopago', { accessToken: 'sk_live_nope', webhookSecret: SECRET_A });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0].path).toBe('accessToken');
    const saved = await call('PUT', '/api/v1/me/mercadopago', { accessToken: 'APP_USR-practice-a-token-1234', webhookSecret: SECRET_A });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ configured: true, tokenHint: '1234' });
    expect(saved.json().webhookUrl).toMatch(new RegExp(`/api/v1/payment-links/webhooks/mercadopago/${practiceA}$`));
    expect(JSON.stringify(saved.json())).not.toContain('practice-a-token');
    const stored = await t.database.db.selectFrom('practice_mercadopago').selectAll().where('nutritionist_id', '=', practiceA).executeTakeFirstOrThrow();
    expect(stored.access_token_enc).not.toContain('practice-a-token');
    expect(stored.webhook_secret_enc).not.toContain(SECRET_A);
    expect((await callB('PUT', '/api/v1/me/mercadopago', { accessToken: 'TEST-practice-b-token-9876', webhookSecret: SECRET_B })).statusCode).toBe(200);

    // The link: a Checkout Pro preference for the amount, with her token, the reference and her webhook URL.
    const created = await call('POST', `/api/v1/patients/${patientId}/payment-links`, { amountCents: 1_500_050, description: 'Consulta de control' });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json();
    expect(link).toMatchObject({ patientId, amountCents: 1_500_050, currency: 'ARS', status: 'pending', url: 'https://mp.test/checkout/v1/redirect?pref_id=pref-1', paymentId: null });
    const preference = mpApi.received.find((r) => r.path === '/checkout/preferences/');
    expect(preference).toMatchObject({ method: 'POST', path: '/checkout/preferences/', authorization: 'Bearer APP_USR-practice-a-token-1234' });
    const body = JSON.parse(preference!.body);
    expect(body.items).toEqual([{ id: link.id, title: 'Consulta de control', quantity: 1, unit_price: 15000.5, currency_id: 'ARS' }]);
    expect(body.external_reference).toBe(`almendra:${practiceA}:${patientId}:${link.id}`);
    expect(body.notification_url).toMatch(new RegExp(`/api/v1/payment-links/webhooks/mercadopago/${practiceA}$`));
    // The patient sees it in her portal; another practice cannot list or create links for this patient.
    expect((await asPatient('GET', '/api/v1/portal/payment-links')).json().items.map((l: { id: string }) => l.id)).toEqual([link.id]);
    expect((await callB('GET', `/api/v1/patients/${patientId}/payment-links`)).statusCode).toBe(404);
    expect((await callB('POST', `/api/v1/patients/${patientId}/payment-links`, { amountCents: 100 })).statusCode).toBe(404);

    // A forged notice: refused before anything is read from Mercado Pago.
    payments.set('7001', { id: 7001, status: 'approved', external_reference: body.external_reference, transaction_amount: 15000.5, currency_id: 'ARS', date_approved: t.clock.now().toISOString() });
    let count = mpApi.received.length;
    expect((await webhook(practiceA, '7001', 'not-her-secret')).statusCode).toBe(400);
    expect(mpApi.received).toHaveLength(count);
    // Practice B's URL and secret, naming A's link: read with B's token, ignored (A's reference is not B's).
    const crossed = await webhook(practiceB, '7001', SECRET_B);
    expect(crossed.statusCode).toBe(200);
    expect(crossed.json()).toMatchObject({ status: 'ignored' });
    expect(mpApi.received.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payments/7001', authorization: 'Bearer TEST-practice-b-token-9876' });
    // A payment still pending records nothing.
    payments.set('7002', { id: 7002, status: 'in_process', external_reference: body.external_reference, transaction_amount: 15000.5, currency_id: 'ARS' });
    expect((await webhook(practiceA, '7002', SECRET_A)).json()).toMatchObject({ status: 'ignored' });

    // The real notice, delivered twice: one Cobro, numbered, method Mercado Pago, linked to the link.
    const first = await webhook(practiceA, '7001', SECRET_A);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'recorded' });
    expect(mpApi.received.at(-1)).toMatchObject({ method: 'GET', path: '/v1/payments/7001', authorization: 'Bearer APP_USR-practice-a-token-1234' });
    count = mpApi.received.length;
    expect((await webhook(practiceA, '7001', SECRET_A)).json()).toMatchObject({ status: 'duplicate' });
    expect(mpApi.received).toHaveLength(count);
    const list = (await call('GET', `/api/v1/patients/${patientId}/payments`)).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ number: 1, amountCents: 1_500_050, currency: 'ARS', method: 'mercadopago', voided: false });
    expect((await call('GET', `/api/v1/patients/${patientId}/payment-links`)).json().items[0]).toMatchObject({ status: 'paid', paymentId: list.items[0].id });
    expect((await asPatient('GET', '/api/v1/portal/payment-links')).json().items).toEqual([]);
    const receipt = await call('GET', `/api/v1/payments/${list.items[0].id}/receipt.pdf`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toContain('application/pdf');
    // Practice B recorded nothing; A's next manual payment takes number 2 (no gaps).
    expect((await callB('GET', '/api/v1/payments')).json().items).toEqual([]);
    expect((await call('POST', `/api/v1/patients/${patientId}/payments`, { amountCents: 100, method: 'cash' })).json().number).toBe(2);
  });
});
