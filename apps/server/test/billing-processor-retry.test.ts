// A subscription change the processor could not confirm (issue 25): a transient failure (5xx, no answer)
// keeps her change pending — nothing recorded as done, she reads that it is being confirmed — and one
// 'billing.processor-sync' job in the outbox retries it on the injected clock until the processor answers
// (then the change is recorded), or fails for good on a 4xx or after its last attempt (then she reads why
// and nothing changed). The operator console lists the job and its "Reintentar" runs it again. Through the
// official SDKs against local stand-ins of Stripe's and Mercado Pago's HTTP APIs; SQLite and, with
// TEST_DATABASE_URL, PostgreSQL.
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { mercadoPagoError, standIn } from './processor-stand-in.js';

const OPERATOR = 'operadora.reintentos@almendra.test';
const SECOND = 1000;

async function relogin(t: TestApp, account: { body: { email: string; password: string } }) {
  const answer = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: account.body.email, password: account.body.password } });
  return { authorization: `Bearer ${answer.json().accessToken}` };
}

describe('Stripe: a change Stripe did not confirm is retried through the outbox', () => {
  const WEBHOOK_SECRET = 'whsec_retry';
  let stripeApi: Awaited<ReturnType<typeof standIn>>;
  let t: TestApp;
  const subscription = { cancel_at_period_end: false };
  let sessions = 0;
  let operator: Awaited<ReturnType<typeof registerAndLogin>>;

  beforeAll(async () => {
    stripeApi = await standIn(
      (request) => {
        if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
          sessions += 1;
          return { status: 200, body: { id: `cs_${sessions}`, object: 'checkout.session', url: `https://checkout.stripe.test/c/cs_${sessions}`, customer: null } };
        }
        const id = request.path.match(/^\/v1\/subscriptions\/(sub_r\d+)$/)?.[1];
        if (id) {
          if (request.method === 'POST') {
            const sent = new URLSearchParams(request.body);
            if (sent.has('cancel_at_period_end')) subscription.cancel_at_period_end = sent.get('cancel_at_period_end') === 'true';
          }
          return { status: 200, body: { id, object: 'subscription', cancel_at_period_end: subscription.cancel_at_period_end, items: { object: 'list', data: [{ id: 'si_1', object: 'subscription_item', price: { id: 'price_1', object: 'price', product: 'prod_1' } }] } } };
        }
        return { status: 404, body: { error: { type: 'invalid_request_error', message: `No stand-in for ${request.method} ${request.path}` } } };
      },
      (status) => ({ error: { type: status >= 500 ? 'api_error' : 'invalid_request_error', message: status >= 500 ? 'Stand-in: something went wrong on our end' : 'Stand-in: No such subscription' } }),
    );
    t = await createTestApp({ BILLING_ENABLED: 'true', ADMIN_EMAILS: OPERATOR, STRIPE_SECRET_KEY: 'sk_test_retry', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: stripeApi.url });
    operator = await registerAndLogin(t, { email: OPERATOR });
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

  /** A practice with an active Stripe subscription (checkout, activation, the first invoice paid). */
  async function activeOnStripe() {
    const n = await registerAndLogin(t);
    const nutritionistId = n.session.nutritionist.id as string;
    const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: n.auth, ...(payload ? { payload } : {}) });
    await call('POST', '/api/v1/me/subscription/plan', { planKey: 'ar-mensual' });
    const checkout = await call('POST', '/api/v1/me/subscription/checkout', { processor: 'stripe' });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const sub = `sub_r${sessions}`;
    await webhook({ id: `evt_a_${nutritionistId}`, type: 'checkout.session.completed', data: { object: { id: `cs_${sessions}`, object: 'checkout.session', client_reference_id: nutritionistId, subscription: sub, customer: 'cus_r' } } });
    const end = Math.floor((t.clock.now().getTime() + 31 * 86_400_000) / 1000);
    const paid = await webhook({
      id: `evt_p_${nutritionistId}`,
      type: 'invoice.paid',
      data: { object: { id: `in_${nutritionistId}`, object: 'invoice', amount_paid: 4_500_000, amount_due: 4_500_000, currency: 'ars', lines: { data: [{ period: { start: end - 31 * 86_400, end } }] }, parent: { subscription_details: { metadata: { subscriptionId: nutritionistId } } } } },
    });
    expect(paid.statusCode).toBe(200);
    const mine = async () => (await call('GET', '/api/v1/me/subscription')).json();
    expect((await mine()).state.status).toBe('active');
    return { n, nutritionistId, call, mine, sub };
  }

  it('500 then 200: pending (nothing recorded, she is told), the job retries on the clock and the cancellation is recorded; the operator sees the job meanwhile', async () => {
    const { n, nutritionistId, call, mine, sub } = await activeOnStripe();
    operator.auth = await relogin(t, operator);
    const asOperator = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: operator.auth });

    // Stripe answers 500 to the cancel and to the job's first try.
    stripeApi.next(500, 500);
    const before = stripeApi.received.length;
    const cancelled = await call('POST', '/api/v1/me/subscription/cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // One request only: the SDK's own retries are off, the outbox does the retrying.
    expect(stripeApi.received.slice(before).map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual([`POST /v1/subscriptions/${sub} cancel_at_period_end=true`]);
    const pending = cancelled.json();
    expect(pending.state.status).toBe('active'); // not recorded as done
    expect(pending.pendingChange).toMatchObject({ transition: 'cancel', status: 'pending', processor: 'stripe', message: null });
    expect(pending.history[0]).toMatchObject({ type: 'processor.pending', processor: 'stripe' });
    expect(pending.history.some((e: { type: string }) => e.type === 'subscription.cancelled')).toBe(false);
    // While it is being confirmed she cannot pile another change on it.
    const again = await call('POST', '/api/v1/me/subscription/reactivate');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('Todavía estamos confirmando tu cambio anterior con Stripe');
    expect((await call('POST', '/api/v1/me/subscription/pending-change/dismiss')).statusCode).toBe(409);
    // Another practice sees nothing of it.
    const other = await registerAndLogin(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/subscription', headers: other.auth })).json().pendingChange).toBeNull();

    // The operator console lists the job, due now, with her practice.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/jobs', headers: n.auth })).statusCode).toBe(403);
    const listed = (await asOperator('GET', '/api/v1/admin/jobs')).json().items.filter((j: { kind: string }) => j.kind === 'billing.processor-sync');
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ status: 'pending', attempts: 0, lastError: null, runAt: t.clock.now().toISOString(), practice: { nutritionistId, email: n.body.email } });

    // First try by the outbox: 500 again → back to pending, next attempt 30 s later, the error kept.
    expect(await t.jobs.runDue()).toBe(1);
    expect((await mine()).pendingChange).toMatchObject({ status: 'pending' });
    const [afterFirst] = (await asOperator('GET', '/api/v1/admin/jobs')).json().items.filter((j: { id: string }) => j.id === listed[0].id);
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('something went wrong'), runAt: new Date(t.clock.now().getTime() + 30 * SECOND).toISOString() });
    expect(await t.jobs.runDue()).toBe(0); // not due yet

    // 30 s later Stripe answers 200: the cancellation is recorded, the notice gone, the job done.
    t.clock.set(new Date(t.clock.now().getTime() + 30 * SECOND));
    n.auth = await relogin(t, n);
    expect(await t.jobs.runDue()).toBe(1);
    expect(stripeApi.received.at(-1)).toMatchObject({ method: 'POST', path: `/v1/subscriptions/${sub}`, body: 'cancel_at_period_end=true' });
    const done = await mine();
    expect(done.state.status).toBe('cancelled');
    expect(done.pendingChange).toBeNull();
    expect(done.history[0]).toMatchObject({ type: 'subscription.cancelled' });
    operator.auth = await relogin(t, operator);
    expect((await asOperator('GET', '/api/v1/admin/jobs')).json().items.filter((j: { id: string }) => j.id === listed[0].id)).toEqual([]);
    // She can reactivate again (Stripe answers at once): recorded directly.
    const reactivated = await call('POST', '/api/v1/me/subscription/reactivate');
    expect(reactivated.json().state.status).toBe('active');
  });

  it('a permanent 4xx on retry fails the change for good (she reads why, nothing changed); the operator\'s "Reintentar" runs it again and it converges', async () => {
    const { n, call, mine } = await activeOnStripe();
    operator.auth = await relogin(t, operator);
    const asOperator = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: operator.auth });

    // Change of plan: 500 on the request, then 400 from Stripe on the job's try.
    stripeApi.next(500, 400);
    const changed = await call('POST', '/api/v1/me/subscription/plan', { planKey: 'ar-semestral' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().state.keyPlan).toBe('ar-mensual');
    expect(changed.json().pendingChange).toMatchObject({ transition: 'change_plan', planKey: 'ar-semestral', planName: 'Semestral', status: 'pending' });
    expect(await t.jobs.runDue()).toBe(1);
    const failed = await mine();
    expect(failed.state.keyPlan).toBe('ar-mensual');
    expect(failed.pendingChange).toMatchObject({ status: 'failed', message: expect.stringContaining('Stripe rechazó el cambio, así que no cambiamos nada') });
    expect(failed.history[0]).toMatchObject({ type: 'processor.failed', processor: 'stripe' });
    // Her history says why in her words (a code the screen translates), never Stripe's English; the pending
    // entry before it (the 500) too. The operator's view of the same history keeps Stripe's words.
    expect(failed.history[0]).toMatchObject({ reasonCode: 'subscription_not_found', processorMessage: null, note: null });
    expect(failed.history[1]).toMatchObject({ type: 'processor.pending', reasonCode: 'processor_unavailable', processorMessage: null, note: null });
    expect(JSON.stringify(failed)).not.toContain('Stand-in:');
    const consoleView = (await asOperator('GET', `/api/v1/admin/users/${n.session.user.id}/subscription`)).json();
    expect(consoleView.history[0]).toMatchObject({ type: 'processor.failed', reasonCode: 'subscription_not_found', processorMessage: expect.stringContaining('No such subscription') });
    expect(consoleView.history[1]).toMatchObject({ type: 'processor.pending', reasonCode: 'processor_unavailable', processorMessage: expect.stringContaining('something went wrong') });
    const [job] = (await asOperator('GET', '/api/v1/admin/jobs')).json().items.filter((j: { kind: string; practice: { email: string } | null }) => j.kind === 'billing.processor-sync' && j.practice?.email === n.body.email);
    expect(job).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('No such subscription') });

    // The operator retries it (Stripe fine now): she is told it is being confirmed again, then it is recorded.
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/admin/jobs/${job.id}/retry`, headers: n.auth })).statusCode).toBe(403);
    expect((await asOperator('POST', `/api/v1/admin/jobs/${job.id}/retry`)).statusCode).toBe(204);
    expect((await mine()).pendingChange).toMatchObject({ status: 'pending', message: null });
    expect(await t.jobs.runDue()).toBe(1);
    const converged = await mine();
    expect(converged.state).toMatchObject({ keyPlan: 'ar-semestral', status: 'active' });
    expect(converged.pendingChange).toBeNull();
    expect(new URLSearchParams(stripeApi.received.at(-1)!.body).get('items[0][price_data][unit_amount]')).toBe('27000000');
    // A done job cannot be retried (409); an unknown one is a 404; the retry is in the audit log.
    expect((await asOperator('POST', `/api/v1/admin/jobs/${job.id}/retry`)).statusCode).toBe(409);
    expect((await asOperator('POST', '/api/v1/admin/jobs/no-such-job/retry')).statusCode).toBe(404);
    const audit = (await asOperator('GET', '/api/v1/admin/audit?limit=5')).json().items;
    expect(audit.some((a: { action: string; targetId: string }) => a.action === 'job.retry' && a.targetId === job.id)).toBe(true);

    // A 4xx on her own request is still an immediate refusal (nothing queued) …
    stripeApi.next(400);
    const refused = await call('POST', '/api/v1/me/subscription/cancel');
    expect(refused.statusCode).toBe(502);
    expect((await mine()).pendingChange).toBeNull();

    // … and when every try fails, the last one fails the change for good; she puts the notice away.
    stripeApi.next(503, 503, 503, 503, 503, 503, 503);
    expect((await call('POST', '/api/v1/me/subscription/cancel')).json().pendingChange).toMatchObject({ status: 'pending' });
    for (let i = 0; i < 6; i += 1) {
      expect(await t.jobs.runDue()).toBe(1);
      t.clock.set(new Date(t.clock.now().getTime() + 3600 * SECOND));
    }
    n.auth = await relogin(t, n);
    const exhausted = await mine();
    expect(exhausted.state.status).toBe('active');
    expect(exhausted.pendingChange).toMatchObject({ status: 'failed', message: expect.stringContaining('no respondió después de varios intentos') });
    const dismissed = await call('POST', '/api/v1/me/subscription/pending-change/dismiss');
    expect(dismissed.statusCode).toBe(200);
    expect(dismissed.json().pendingChange).toBeNull();
    expect((await mine()).pendingChange).toBeNull();
  });
});

describe('Mercado Pago: a preapproval update that answered 500 is retried through the outbox', () => {
  const WEBHOOK_SECRET = 'mp-retry-secret';
  let mpApi: Awaited<ReturnType<typeof standIn>>;
  let t: TestApp;
  const preapproval = { status: 'pending', external_reference: '' };
  const payments = new Map<string, object>();

  beforeAll(async () => {
    mpApi = await standIn(
      (request) => {
        if (request.method === 'POST' && request.path === '/preapproval/') {
          preapproval.external_reference = (JSON.parse(request.body) as { external_reference: string }).external_reference;
          return { status: 201, body: { id: 'pre_r', init_point: 'https://mp.test/checkout/pre_r', status: 'pending' } };
        }
        if (request.path === '/preapproval/pre_r') {
          if (request.method === 'PUT') {
            const body = JSON.parse(request.body) as { status?: string };
            if (body.status) preapproval.status = body.status;
          }
          return { status: 200, body: { id: 'pre_r', ...preapproval } };
        }
        const payment = request.path.startsWith('/v1/payments/') ? payments.get(request.path.slice('/v1/payments/'.length)) : undefined;
        if (payment) return { status: 200, body: payment };
        return { status: 404, body: { status: 404, message: `No stand-in for ${request.method} ${request.path}` } };
      },
      mercadoPagoError,
    );
    t = await createTestApp({ BILLING_ENABLED: 'true', MERCADOPAGO_ACCESS_TOKEN: 'TEST-retry', MERCADOPAGO_WEBHOOK_SECRET: WEBHOOK_SECRET, MERCADOPAGO_API_BASE: mpApi.url });
  });
  afterAll(async () => {
    await t.close();
    await mpApi.close();
  });

  let notification = 0;
  const webhook = (type: string, dataId: string) => {
    notification += 1;
    const requestId = `retry-req-${notification}`;
    const ts = String(Math.floor(t.clock.now().getTime() / 1000));
    const v1 = createHmac('sha256', WEBHOOK_SECRET).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
    return t.app.inject({
      method: 'POST',
      url: `/api/v1/billing/webhooks/mercadopago?data.id=${dataId}&type=${type}`,
      headers: { 'content-type': 'application/json', 'x-signature': `ts=${ts},v1=${v1}`, 'x-request-id': requestId },
      payload: JSON.stringify({ id: `notif-${notification}`, type, action: `${type}.updated`, data: { id: dataId } }),
    });
  };

  it('cancel: 500 → pending; the job pauses the preapproval and the cancellation is recorded', async () => {
    const n = await registerAndLogin(t);
    const nutritionistId = n.session.nutritionist.id as string;
    const call = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: n.auth, ...(payload ? { payload } : {}) });
    const mine = async () => (await call('GET', '/api/v1/me/subscription')).json();
    await call('POST', '/api/v1/me/subscription/plan', { planKey: 'ar-mensual' });
    await call('POST', '/api/v1/me/subscription/checkout', { processor: 'mercadopago' });
    preapproval.status = 'authorized';
    expect((await webhook('subscription_preapproval', 'pre_r')).statusCode).toBe(200);
    payments.set('8001', { id: 8001, status: 'approved', external_reference: nutritionistId, transaction_amount: 45000, currency_id: 'ARS', date_approved: t.clock.now().toISOString() });
    expect((await webhook('payment', '8001')).statusCode).toBe(200);
    expect((await mine()).state.status).toBe('active');

    mpApi.next(500);
    const before = mpApi.received.length;
    const started = Date.now();
    const cancelled = await call('POST', '/api/v1/me/subscription/cancel');
    // The SDK's own sleeping retries are off: one request, answered at once.
    expect(Date.now() - started).toBeLessThan(900);
    expect(mpApi.received.slice(before).map((r) => `${r.method} ${r.path}`)).toEqual(['PUT /preapproval/pre_r']);
    expect(cancelled.json().state.status).toBe('active');
    expect(cancelled.json().pendingChange).toMatchObject({ transition: 'cancel', status: 'pending', processor: 'mercadopago' });
    expect(preapproval.status).toBe('authorized');

    expect(await t.jobs.runDue()).toBe(1);
    expect(preapproval.status).toBe('paused');
    expect(JSON.parse(mpApi.received.at(-1)!.body)).toEqual({ status: 'paused' });
    const done = await mine();
    expect(done.state.status).toBe('cancelled');
    expect(done.pendingChange).toBeNull();
  });
});
