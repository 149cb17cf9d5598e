// Subscriptions end to end through the API (issue 12), on SQLite and on PostgreSQL: the public catalogue,
// a new account's trial, expiry (reads stay open, writes answer 402, the session says Usu_Baneado 2), a
// manual payment recorded by an operator restoring access, the operator-only routes (403), the audit log,
// the fiscal data with its CUIT check, cancel/reactivate, the processors' event sink (idempotent) with the
// rejected-payment notice, and an install with billing switched off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';

const ADMIN_EMAIL = 'operadora.facturacion@almendra.test';
const DAY = 24 * 3600;

let t: TestApp;
let operator: Awaited<ReturnType<typeof registerAndLogin>>;

beforeAll(async () => {
  t = await createTestApp({ BILLING_ENABLED: 'true', ADMIN_EMAILS: ADMIN_EMAIL, BILLING_MANUAL_INSTRUCTIONS: 'Transferencia al CBU 0000003100000000000001' });
  operator = await registerAndLogin(t, { email: ADMIN_EMAIL });
});
afterAll(async () => t.close());

/** A fresh access token (moving the clock by days expires the old ones). */
async function signIn(account: { body: { email: string; password: string } }): Promise<{ authorization: string }> {
  const answer = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: account.body.email, password: account.body.password } });
  if (answer.statusCode !== 200) throw new Error(`login failed: ${answer.body}`);
  return { authorization: `Bearer ${answer.json().accessToken}` };
}

const call = (auth: Record<string, string> | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: auth ?? {}, ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('plan catalogue', () => {
  it('is public and per country, with the rest of the world on the default catalogue', async () => {
    const ar = await call(null, 'GET', '/api/v1/subscription-plans?country=AR');
    expect(ar.statusCode).toBe(200);
    expect(ar.json().items.map((p: { key: string }) => p.key)).toEqual(['ar-mensual', 'ar-semestral', 'ar-anual']);
    expect(ar.json().items[0]).toMatchObject({ period: 'mensual', currency: 'ARS', priceCents: 4_500_000, trialDays: 15 });
    const mx = await call(null, 'GET', '/api/v1/subscription-plans?country=MX');
    expect(mx.json().items.map((p: { key: string; currency: string }) => `${p.key}:${p.currency}`)).toEqual(['mensual:USD', 'semestral:USD', 'anual:USD']);
  });
});

describe('trial → expiry → manual payment → access restored', () => {
  it('walks the whole lifecycle without losing data', async () => {
    const start = t.clock.now();
    const lucia = await registerAndLogin(t);
    const mine = await call(lucia.auth, 'GET', '/api/v1/me/subscription');
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ billingEnabled: true, state: { status: 'trialing', activo: true, gratis: true, bannedStatus: 0, keyPlan: null }, manualPaymentInstructions: expect.stringContaining('CBU') });
    expect(mine.json().history.map((e: { type: string }) => e.type)).toEqual(['trial.started']);
    const patient = await call(lucia.auth, 'POST', '/api/v1/patients', { firstName: 'Sofía', lastName: 'Arce' });
    expect(patient.statusCode).toBe(201);

    t.clock.set(new Date(start.getTime() + 16 * DAY * 1000));
    lucia.auth = await signIn(lucia);
    operator.auth = await signIn(operator);
    const expired = await call(lucia.auth, 'GET', '/api/v1/me/subscription');
    expect(expired.json().state).toMatchObject({ status: 'expired', activo: false, bannedStatus: 2, alerta_tipo: 'danger' });
    // Expired, not suspended: the session says read-only, so the web guard lets her read every screen.
    expect((await call(lucia.auth, 'GET', '/api/v1/me')).json().user).toMatchObject({ bannedStatus: 2, readOnly: true });
    // Reads (and therefore exports) stay open; writes are refused with a clear code and nothing changes.
    const list = await call(lucia.auth, 'GET', '/api/v1/patients');
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((p: { firstName: string }) => p.firstName)).toEqual(['Sofía']);
    const refused = await call(lucia.auth, 'POST', '/api/v1/patients', { firstName: 'Tomás', lastName: 'Paz' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toMatchObject({ code: 'SUBSCRIPTION_INACTIVE', message: expect.stringContaining('exportar') });
    expect((await call(lucia.auth, 'GET', `/api/v1/patients/${patient.json().id}/export`)).statusCode).not.toBe(402);

    // She chooses a plan (still allowed) and the session now carries the plan key (→ /activar-cuenta).
    const chosen = await call(lucia.auth, 'POST', '/api/v1/me/subscription/plan', { planKey: 'ar-mensual' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().state).toMatchObject({ keyPlan: 'ar-mensual', frecuencia: 'mensual', activo: false, tour_documento: true });
    expect((await call(lucia.auth, 'GET', '/api/v1/me')).json().user).toMatchObject({ bannedStatus: 2, planKey: 'ar-mensual' });
    expect((await call(lucia.auth, 'POST', '/api/v1/me/subscription/plan', { planKey: 'mensual' })).statusCode).toBe(400);

    // The operator finds her and records the transfer.
    const found = await call(operator.auth, 'GET', `/api/v1/admin/users?q=${encodeURIComponent(lucia.body.email.slice(0, 12))}`);
    expect(found.statusCode).toBe(200);
    const row = found.json().items.find((u: { email: string }) => u.email === lucia.body.email);
    expect(row).toMatchObject({ name: 'Lucía Fernández', subscription: { status: 'expired', keyPlan: 'ar-mensual' } });
    const payment = { planKey: 'ar-mensual', amountCents: 4_500_000, currency: 'ARS', reference: 'TRF-0001', note: 'Transferencia recibida' };
    const paid = await call(operator.auth, 'POST', `/api/v1/admin/users/${row.userId}/payments`, payment);
    expect(paid.statusCode).toBe(201);
    const paidUntil = new Date(t.clock.now());
    paidUntil.setUTCMonth(paidUntil.getUTCMonth() + 1);
    expect(paid.json().state).toMatchObject({ status: 'active', activo: true, bannedStatus: 0, pago: true, procesador: 'manual', proximo_cobro: paidUntil.toISOString() });
    expect((await call(operator.auth, 'POST', `/api/v1/admin/users/${row.userId}/payments`, payment)).statusCode).toBe(409);

    // Access is back, her data intact.
    expect((await call(lucia.auth, 'GET', '/api/v1/me')).json().user.bannedStatus).toBe(0);
    expect((await call(lucia.auth, 'POST', '/api/v1/patients', { firstName: 'Tomás', lastName: 'Paz' })).statusCode).toBe(201);
    expect((await call(lucia.auth, 'GET', '/api/v1/patients')).json().items).toHaveLength(2);
    const history = (await call(lucia.auth, 'GET', '/api/v1/me/subscription')).json().history;
    expect(history.map((e: { type: string }) => e.type)).toEqual(['payment.approved', 'plan.chosen', 'trial.started']);
    expect(history[0]).toMatchObject({ amountCents: 4_500_000, currency: 'ARS', reference: 'TRF-0001', note: 'Transferencia recibida' });

    // Cancel keeps the paid month; reactivate undoes it.
    const cancelled = await call(lucia.auth, 'POST', '/api/v1/me/subscription/cancel');
    expect(cancelled.json().state).toMatchObject({ status: 'cancelled', activo: true, proximo_cobro: null });
    const reactivated = await call(lucia.auth, 'POST', '/api/v1/me/subscription/reactivate');
    expect(reactivated.json().state).toMatchObject({ status: 'active', proximo_cobro: paidUntil.toISOString() });

    // Every operator action is in the audit log, which nobody can edit.
    const audit = await call(operator.auth, 'GET', '/api/v1/admin/audit?limit=10');
    expect(audit.statusCode).toBe(200);
    expect(audit.json().items[0]).toMatchObject({ action: 'payment.record', targetType: 'payment', actorEmail: ADMIN_EMAIL });
    t.clock.set(start);
    operator.auth = await signIn(operator);
  });
});

describe('operator routes and bans', () => {
  it('answers 403 to nutritionists on every operator route', async () => {
    const n = await registerAndLogin(t);
    const routes: Array<['GET' | 'POST' | 'PUT' | 'PATCH', string, unknown?]> = [
      ['GET', '/api/v1/admin/users'],
      ['GET', `/api/v1/admin/users/${n.session.user.id}/subscription`],
      ['POST', `/api/v1/admin/users/${n.session.user.id}/payments`, { planKey: 'ar-mensual', amountCents: 1, currency: 'ARS', reference: 'x' }],
      ['GET', '/api/v1/admin/subscription-plans'],
      ['PUT', '/api/v1/admin/subscription-plans', { key: 'gratis', countryCode: null, name: 'Gratis', period: 'mensual', priceCents: 0, currency: 'USD', patientLimit: null, trialDays: 0, active: true }],
      ['GET', '/api/v1/admin/billing-figures'],
      ['GET', '/api/v1/admin/audit'],
      ['PATCH', `/api/v1/admin/users/${n.session.user.id}`, { bannedStatus: 2, reason: 'Prueba' }],
    ];
    for (const [method, url, body] of routes) {
      const answer = await call(n.auth, method, url, body);
      expect(answer.statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await call(n.auth, 'GET', '/api/v1/admin/audit')).json().error.code).toBe('FORBIDDEN');
  });

  it('a ban locks writes and is audited; unbanning restores them', async () => {
    const n = await registerAndLogin(t);
    const userId = n.session.user.id as string;
    expect((await call(operator.auth, 'PATCH', `/api/v1/admin/users/${userId}`, { bannedStatus: 2, reason: 'Deuda con el servidor' })).statusCode).toBe(200);
    // Suspended says so and why (not "activa"), and is not the read-only state of an expired subscription.
    expect((await call(n.auth, 'GET', '/api/v1/me')).json().user).toMatchObject({ bannedStatus: 2, readOnly: false, suspension: { reason: 'Deuda con el servidor' } });
    const listed = (await call(operator.auth, 'GET', `/api/v1/admin/users?q=${encodeURIComponent(n.body.email)}`)).json().items;
    expect(listed[0]).toMatchObject({ bannedStatus: 2, suspensionReason: 'Deuda con el servidor' });
    expect((await call(n.auth, 'GET', '/api/v1/me/subscription')).json().state).toMatchObject({ status: 'suspended', activo: false });
    const refused = await call(n.auth, 'POST', '/api/v1/patients', { firstName: 'Ana', lastName: 'Gil' });
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error.message).toContain('suspendida');
    expect((await call(operator.auth, 'PATCH', `/api/v1/admin/users/${userId}`, { bannedStatus: 0 })).statusCode).toBe(200);
    expect((await call(n.auth, 'POST', '/api/v1/patients', { firstName: 'Ana', lastName: 'Gil' })).statusCode).toBe(201);
    const audit = (await call(operator.auth, 'GET', `/api/v1/admin/audit?targetType=user&targetId=${userId}`)).json().items;
    expect(audit.map((e: { action: string }) => e.action)).toEqual(['user.unban', 'user.ban']);
    expect(audit[1].details).toMatchObject({ from: { bannedStatus: 0 }, to: { bannedStatus: 2, reason: 'Deuda con el servidor' } });
    expect(audit[0].details).toMatchObject({ from: { bannedStatus: 2, reason: 'Deuda con el servidor' }, to: { bannedStatus: 0 } });
    expect((await call(n.auth, 'GET', '/api/v1/me')).json().user.suspension).toBeNull();
  });

  it('operators edit the catalogue (audited) and read the platform figures', async () => {
    const plan = { key: 'cl-mensual', countryCode: 'CL', name: 'Mensual Chile', period: 'mensual', priceCents: 3_500_000, currency: 'CLP', patientLimit: 200, trialDays: 30, active: true };
    const saved = await call(operator.auth, 'PUT', '/api/v1/admin/subscription-plans', plan);
    expect(saved.statusCode).toBe(200);
    expect((await call(null, 'GET', '/api/v1/subscription-plans?country=CL')).json().items).toEqual([{ ...plan }]);
    expect((await call(operator.auth, 'PUT', '/api/v1/admin/subscription-plans', { ...plan, priceCents: -1 })).statusCode).toBe(400);
    const figures = await call(operator.auth, 'GET', '/api/v1/admin/billing-figures');
    expect(figures.statusCode).toBe(200);
    expect(figures.json()).toMatchObject({ accounts: expect.any(Number), trialing: expect.any(Number) });
    expect(figures.json().paymentsByMonth[0]).toMatchObject({ count: expect.any(Number) });
    const audit = (await call(operator.auth, 'GET', '/api/v1/admin/audit?targetType=subscription_plan')).json().items;
    expect(audit[0]).toMatchObject({ action: 'subscription_plan.create', targetId: 'cl-mensual' });
  });
});

describe('content edits are audited too', () => {
  it('writes news.create in the audit log with the operator who published it', async () => {
    const created = await call(operator.auth, 'POST', '/api/v1/admin/news', { title: 'Facturación disponible', bodyHtml: '<p>Ya podés pagar desde la app.</p>' });
    expect(created.statusCode).toBe(201);
    const audit = (await call(operator.auth, 'GET', '/api/v1/admin/audit?targetType=news')).json().items;
    expect(audit[0]).toMatchObject({ action: 'news.create', targetId: created.json().id, actorEmail: ADMIN_EMAIL });
  });
});

describe('fiscal data (PUT /api/v1/me/fiscal)', () => {
  it('checks the CUIT digit and the DNI length, keeps digits only, and ends the billing popup', async () => {
    const n = await registerAndLogin(t);
    await call(n.auth, 'POST', '/api/v1/me/subscription/plan', { planKey: 'ar-anual' });
    expect((await call(n.auth, 'GET', '/api/v1/me/subscription')).json().state.tour_documento).toBe(true);
    const badDigit = await call(n.auth, 'PUT', '/api/v1/me/fiscal', { documentType: 'CUIT', documentNumber: '30-50001091-3' });
    expect(badDigit.statusCode).toBe(400);
    expect(badDigit.json().error.details).toEqual([{ path: 'documentNumber', message: 'El CUIT no es válido: el dígito verificador no coincide.' }]);
    const noType = await call(n.auth, 'PUT', '/api/v1/me/fiscal', { documentType: '0', documentNumber: '12345678' });
    expect(noType.statusCode).toBe(400);
    expect(noType.json().error.details[0]).toMatchObject({ path: 'documentType', message: 'Por favor, selecciona el tipo de documento.' });
    expect((await call(n.auth, 'PUT', '/api/v1/me/fiscal', { documentType: 'DNI', documentNumber: '123456' })).json().error.details[0].message).toBe('El DNI tiene 7 u 8 números.');
    expect((await call(n.auth, 'GET', '/api/v1/me/fiscal')).json()).toMatchObject({ documentType: null, documentNumber: null });
    const saved = await call(n.auth, 'PUT', '/api/v1/me/fiscal', { documentType: 'CUIT', documentNumber: '30-50001091-2' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ documentType: 'CUIT', documentNumber: '30500010912' });
    const mine = (await call(n.auth, 'GET', '/api/v1/me/subscription')).json();
    expect(mine.state.tour_documento).toBe(false);
    // Her document travels with the subscription, so the operator who bills her sees it in the console.
    expect(mine.fiscalDocument).toEqual({ type: 'CUIT', number: '30500010912' });
    expect((await call(operator.auth, 'GET', `/api/v1/admin/users/${n.session.user.id}/subscription`)).json().fiscalDocument).toEqual({ type: 'CUIT', number: '30500010912' });
  });
});

describe("processors' events", () => {
  it('applies each event once and shows a rejected payment until its notice is seen', async () => {
    const n = await registerAndLogin(t);
    const nutritionistId = n.session.nutritionist.id as string;
    await call(n.auth, 'POST', '/api/v1/me/subscription/plan', { planKey: 'ar-mensual' });
    const rejected = { type: 'payment.rejected', subscriptionId: nutritionistId, providerPaymentId: 'mp-1', amountCents: 4_500_000, currency: 'ARS', occurredAt: t.clock.now().toISOString(), reason: 'Fondos insuficientes' } as const;
    // The sink the processors' webhook routes feed, called directly here.
    const billing = t.billingSink;
    await billing.apply('mercadopago', rejected);
    await billing.apply('mercadopago', rejected);
    const withNotice = (await call(n.auth, 'GET', '/api/v1/me/subscription')).json();
    // The processor's words are not hers to read: the notice and the history carry the reason's code.
    expect(withNotice.rejectedNotice).toMatchObject({ reasonCode: 'unknown' });
    expect(withNotice.history.find((e: { type: string }) => e.type === 'payment.rejected')).toMatchObject({ reasonCode: 'unknown', note: null, processorMessage: null });
    expect(withNotice.history.filter((e: { type: string }) => e.type === 'payment.rejected')).toHaveLength(1);
    expect(withNotice.state.alerta_tipo).toBe('danger');
    expect((await call(n.auth, 'POST', '/api/v1/me/subscription/rejected-notice/seen', { eventId: withNotice.rejectedNotice.eventId })).statusCode).toBe(204);
    expect((await call(n.auth, 'GET', '/api/v1/me/subscription')).json().rejectedNotice).toBeNull();

    const approved = { type: 'payment.approved', subscriptionId: nutritionistId, providerPaymentId: 'mp-2', amountCents: 4_500_000, currency: 'ARS', occurredAt: t.clock.now().toISOString() } as const;
    await billing.apply('mercadopago', approved);
    await billing.apply('mercadopago', approved);
    const after = (await call(n.auth, 'GET', '/api/v1/me/subscription')).json();
    expect(after.state).toMatchObject({ status: 'active', procesador: 'mercadopago' });
    expect(after.history.filter((e: { type: string }) => e.type === 'payment.approved')).toHaveLength(1);
  });
});

describe('payment receipts (manual processor)', () => {
  const upload = (auth: Record<string, string>, name: string, contentType: string, bytes: Buffer) => {
    const boundary = 'almendra-receipt-boundary';
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${contentType}\r\n\r\n`),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return t.app.inject({ method: 'POST', url: '/api/v1/me/subscription/receipts', headers: { ...auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
  };

  it('she uploads an image or a PDF, anything else is refused; the operator opens them; another practice cannot', async () => {
    const { default: sharp } = await import('sharp');
    const lucia = await registerAndLogin(t);
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const image = await upload(lucia.auth, 'transferencia.png', 'image/png', png);
    expect(image.statusCode).toBe(201);
    expect(image.json()).toMatchObject({ contentType: 'image/webp' });
    const pdf = await upload(lucia.auth, 'comprobante.pdf', 'application/pdf', Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'));
    expect(pdf.statusCode).toBe(201);
    // A script renamed .pdf is not a PDF, nor an image: 415, nothing stored.
    const fake = await upload(lucia.auth, 'comprobante.pdf', 'application/pdf', Buffer.from('<script>alert(1)</script>'));
    expect(fake.statusCode).toBe(415);
    expect(fake.json().error.message).toBe('El comprobante debe ser una imagen (JPEG, PNG o WebP) o un PDF.');
    const mine = (await call(lucia.auth, 'GET', '/api/v1/me/subscription')).json();
    expect(mine.receipts.map((r: { contentType: string }) => r.contentType)).toEqual(['application/pdf', 'image/webp']);
    expect(mine.history.filter((e: { type: string }) => e.type === 'receipt.uploaded')).toHaveLength(2);

    const own = await call(lucia.auth, 'GET', `/api/v1/me/subscription/receipts/${pdf.json().id}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.body.startsWith('%PDF-')).toBe(true);
    const other = await registerAndLogin(t);
    expect((await call(other.auth, 'GET', `/api/v1/me/subscription/receipts/${pdf.json().id}`)).statusCode).toBe(404);
    expect((await call(other.auth, 'GET', `/api/v1/admin/users/${lucia.session.user.id}/subscription/receipts/${pdf.json().id}`)).statusCode).toBe(403);

    operator.auth = await signIn(operator);
    const seen = await call(operator.auth, 'GET', `/api/v1/admin/users/${lucia.session.user.id}/subscription`);
    expect(seen.json().receipts).toHaveLength(2);
    const opened = await call(operator.auth, 'GET', `/api/v1/admin/users/${lucia.session.user.id}/subscription/receipts/${image.json().id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('image/webp');
    expect(opened.rawPayload.subarray(8, 12).toString('latin1')).toBe('WEBP');
  });
});

describe('billing switched off (self-hosted)', () => {
  it('is the default: a fresh install with no BILLING_ENABLED charges nothing', () => {
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/almendra-config-default' }).billing.enabled).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/almendra-config-default', BILLING_ENABLED: 'true' }).billing.enabled).toBe(true);
  });

  it('says so, keeps every account active and refuses nothing', async () => {
    // No BILLING_ENABLED at all: the install's default, not the test helper's.
    const off = await createTestApp({ BILLING_ENABLED: undefined as unknown as string });
    try {
      const n = await registerAndLogin(off);
      off.clock.set(new Date(off.clock.now().getTime() + 400 * DAY * 1000));
      const login = await off.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: n.body.email, password: n.body.password } });
      n.auth = { authorization: `Bearer ${login.json().accessToken}` };
      expect((await off.app.inject({ method: 'POST', url: '/api/v1/patients', headers: n.auth, payload: { firstName: 'Ana', lastName: 'Gil' } })).statusCode).toBe(201);
      const mine = await off.app.inject({ method: 'GET', url: '/api/v1/me/subscription', headers: n.auth });
      expect(mine.json()).toMatchObject({ billingEnabled: false, state: null });
      const me = await off.app.inject({ method: 'GET', url: '/api/v1/me', headers: n.auth });
      expect(me.json().user.bannedStatus).toBe(0);
    } finally {
      await off.close();
    }
  });
});

describe('a processor webhook reaches the subscription', () => {
  it('a signed Stripe invoice.paid activates the practice once, whatever the redeliveries', async () => {
    const { default: Stripe } = await import('stripe');
    const { createStripeProvider } = await import('../src/modules/payments/stripe-provider.js');
    const app = await createTestApp({ BILLING_ENABLED: 'true' }, { paymentProviders: { stripe: createStripeProvider({ secretKey: 'sk_test_x', webhookSecret: 'whsec_billing' }) } });
    try {
      const n = await registerAndLogin(app);
      const nutritionistId = n.session.nutritionist.id as string;
      await app.app.inject({ method: 'POST', url: '/api/v1/me/subscription/plan', headers: n.auth, payload: { planKey: 'ar-mensual' } });
      const payload = JSON.stringify({
        id: 'evt_paid_1',
        object: 'event',
        type: 'invoice.paid',
        created: Math.floor(app.clock.now().getTime() / 1000),
        data: { object: { id: 'in_1', object: 'invoice', amount_paid: 4_500_000, currency: 'ars', parent: { subscription_details: { metadata: { subscriptionId: nutritionistId } } } } },
      });
      const post = () =>
        app.app.inject({
          method: 'POST',
          url: '/api/v1/billing/webhooks/stripe',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_billing' }) },
          payload,
        });
      expect((await post()).statusCode).toBe(200);
      expect((await post()).statusCode).toBe(200);
      const mine = (await app.app.inject({ method: 'GET', url: '/api/v1/me/subscription', headers: n.auth })).json();
      expect(mine.state).toMatchObject({ status: 'active', activo: true, procesador: 'stripe', pago: true });
      expect(mine.history.filter((e: { type: string }) => e.type === 'payment.approved')).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});

describe('checkout with a configured processor', () => {
  it('/pagar offers it, and starting it answers the hosted page and records the session', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const { default: Stripe } = await import('stripe');
    const { createStripeProvider } = await import('../src/modules/payments/stripe-provider.js');
    const recorded = JSON.parse(fs.readFileSync(path.join(import.meta.dirname, 'fixtures', 'payments', 'stripe-checkout-session.json'), 'utf8')) as { response: { status: number; body: unknown } };
    const sent: URLSearchParams[] = [];
    const fetchFn = async (_input: string | URL | Request, init?: RequestInit) => {
      sent.push(new URLSearchParams(String(init?.body ?? '')));
      return new Response(JSON.stringify(recorded.response.body), { status: recorded.response.status, headers: { 'content-type': 'application/json' } });
    };
    const stripe = createStripeProvider({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', httpClient: Stripe.createFetchHttpClient(fetchFn as typeof fetch) });
    const app = await createTestApp({ BILLING_ENABLED: 'true' }, { paymentProviders: { stripe } });
    try {
      const n = await registerAndLogin(app);
      const call = (method: 'GET' | 'POST', url: string, payload?: object) => app.app.inject({ method, url, headers: n.auth, ...(payload ? { payload } : {}) });
      expect((await call('GET', '/api/v1/me/subscription')).json().checkoutProcessors).toEqual(['stripe']);
      expect((await call('POST', '/api/v1/me/subscription/checkout', { processor: 'stripe' })).statusCode).toBe(422);
      await call('POST', '/api/v1/me/subscription/plan', { planKey: 'ar-mensual' });
      const started = await call('POST', '/api/v1/me/subscription/checkout', { processor: 'stripe' });
      expect(started.statusCode).toBe(200);
      expect(started.json().redirectUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
      expect(sent[0]!.get('client_reference_id')).toBe(n.session.nutritionist.id);
      expect(sent[0]!.get('success_url')).toBe('http://almendra.test/exitoso');
      expect((await call('POST', '/api/v1/me/subscription/checkout', { processor: 'mercadopago' })).statusCode).toBe(422);
      const mine = (await call('GET', '/api/v1/me/subscription')).json();
      expect(mine.history[0]).toMatchObject({ type: 'checkout.started', processor: 'stripe' });
    } finally {
      await app.close();
    }
  });
});
