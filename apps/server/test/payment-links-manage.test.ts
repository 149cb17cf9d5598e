// Payment links, the practice's side (issue 25), through the Mercado Pago SDK against a stand-in of its
// API: the Access Token she saves is checked with Mercado Pago first (GET /users/me with it) — a token it
// refuses is a 400 on the field and nothing is saved, not even over what was saved before — and a link
// still to pay can be cancelled: the preference expires at Mercado Pago first, then the link is cancelled
// here and leaves the patient's portal; Mercado Pago failing changes nothing; a paid link is a Cobro (409);
// another practice's link is a 404. SQLite and, with TEST_DATABASE_URL, PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { practiceWithPortalPatient } from './portal-helpers.js';
import { mercadoPagoError, standIn } from './processor-stand-in.js';

const GOOD_TOKENS = new Set(['APP_USR-practice-good-token-1111', 'APP_USR-practice-good-token-2222', 'TEST-other-practice-token-3333']);

describe('Mercado Pago for payment links: the token is checked before it is stored; a link can be cancelled', () => {
  let mpApi: Awaited<ReturnType<typeof standIn>>;
  let t: TestApp;
  const preferences = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    mpApi = await standIn((request) => {
      const token = request.authorization?.replace(/^Bearer /, '') ?? '';
      if (!GOOD_TOKENS.has(token)) return { status: 401, body: { status: 401, error: 'unauthorized', message: 'invalid access token', cause: [] } };
      if (request.method === 'GET' && request.path === '/users/me') return { status: 200, body: { id: 4242, nickname: 'CONSULTORIO' } };
      if (request.method === 'POST' && request.path === '/checkout/preferences/') {
        const id = `pref-${preferences.size + 1}`;
        preferences.set(id, { id, expires: false });
        return { status: 201, body: { id, init_point: `https://mp.test/checkout/v1/redirect?pref_id=${id}` } };
      }
      const preference = request.path.startsWith('/checkout/preferences/') ? preferences.get(request.path.slice('/checkout/preferences/'.length)) : undefined;
      if (preference && request.method === 'PUT') {
        Object.assign(preference, JSON.parse(request.body) as object);
        return { status: 200, body: preference };
      }
      return { status: 404, body: { status: 404, message: `No stand-in for ${request.method} ${request.path}` } };
    }, mercadoPagoError);
    t = await createTestApp({ MERCADOPAGO_API_BASE: mpApi.url });
  });
  afterAll(async () => {
    await t.close();
    await mpApi.close();
  });

  it('a token Mercado Pago refuses is a 400 on the field and never replaces the saved one; an unreachable Mercado Pago saves nothing either', async () => {
    const n = await registerAndLogin(t);
    const put = (accessToken: string) => t.app.inject({ method: 'PUT', url: '/api/v1/me/mercadopago', headers: n.auth, payload: { accessToken, webhookSecret: 'webhook-secret-1' } });
    const settings = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/me/mercadopago', headers: n.auth })).json();

    // Well-formed but not a token Mercado Pago knows: checked with it, refused, nothing stored.
    const before = mpApi.received.length;
    const refused = await put('APP_USR-revoked-or-mistyped-9999');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ path: 'accessToken', message: expect.stringContaining('Mercado Pago no acepta ese Access Token') }] });
    expect(mpApi.received.slice(before).map((r) => `${r.method} ${r.path} ${r.authorization}`)).toEqual(['GET /users/me Bearer APP_USR-revoked-or-mistyped-9999']);
    expect(await settings()).toMatchObject({ configured: false, tokenHint: null });

    // A good one is stored…
    const saved = await put('APP_USR-practice-good-token-1111');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ configured: true, tokenHint: '1111' });
    // …and a bad one later leaves it as it was (bad input never loses saved data).
    expect((await put('APP_USR-revoked-or-mistyped-8888')).statusCode).toBe(400);
    expect(await settings()).toMatchObject({ configured: true, tokenHint: '1111' });

    // Mercado Pago answering 500: a 502 that says nothing was saved; the saved token stays.
    mpApi.next(500);
    const down = await put('APP_USR-practice-good-token-2222');
    expect(down.statusCode).toBe(502);
    expect(down.json().error.message).toContain('No pudimos comprobar el Access Token con Mercado Pago');
    expect(await settings()).toMatchObject({ tokenHint: '1111' });
  });

  it('cancelling a pending link expires its preference at Mercado Pago first, then it is cancelled and leaves the portal; failures change nothing', async () => {
    const { call, patientId, asPatient } = await practiceWithPortalPatient(t);
    expect((await call('PUT', '/api/v1/me/mercadopago', { accessToken: 'APP_USR-practice-good-token-1111', webhookSecret: 'webhook-secret-1' })).statusCode).toBe(200);
    const created = await call('POST', `/api/v1/patients/${patientId}/payment-links`, { amountCents: 2_000_000, description: 'Consulta' });
    expect(created.statusCode, created.body).toBe(201);
    const link = created.json();
    expect((await asPatient('GET', '/api/v1/portal/payment-links')).json().items).toHaveLength(1);
    const cancelUrl = `/api/v1/patients/${patientId}/payment-links/${link.id}/cancel`;

    // Another practice: 404, and nothing reaches Mercado Pago.
    const other = await registerAndLogin(t);
    const before = mpApi.received.length;
    expect((await t.app.inject({ method: 'POST', url: cancelUrl, headers: other.auth })).statusCode).toBe(404);
    expect(mpApi.received).toHaveLength(before);
    // An unknown link: 404.
    expect((await call('POST', `/api/v1/patients/${patientId}/payment-links/no-such-link/cancel`)).statusCode).toBe(404);

    // Mercado Pago down: 502, the link still pending (it still works at Mercado Pago).
    mpApi.next(500);
    const down = await call('POST', cancelUrl);
    expect(down.statusCode).toBe(502);
    expect(down.json().error.message).toContain('el link sigue activo');
    expect((await call('GET', `/api/v1/patients/${patientId}/payment-links`)).json().items[0].status).toBe('pending');

    // Cancelled: the preference expires at Mercado Pago (with her token), then the link is cancelled here.
    const cancelled = await call('POST', cancelUrl);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ id: link.id, status: 'cancelled', cancelledAt: t.clock.now().toISOString() });
    const expiry = mpApi.received.at(-1)!;
    expect(expiry).toMatchObject({ method: 'PUT', path: '/checkout/preferences/pref-1', authorization: 'Bearer APP_USR-practice-good-token-1111' });
    expect(JSON.parse(expiry.body)).toMatchObject({ expires: true, expiration_date_to: t.clock.now().toISOString() });
    expect(preferences.get('pref-1')).toMatchObject({ expires: true });
    expect((await asPatient('GET', '/api/v1/portal/payment-links')).json().items).toEqual([]);
    // Cancelling again answers the same, without asking Mercado Pago again.
    const count = mpApi.received.length;
    expect((await call('POST', cancelUrl)).json().status).toBe('cancelled');
    expect(mpApi.received).toHaveLength(count);

    // A paid link is a Cobro: 409, nothing sent.
    const second = (await call('POST', `/api/v1/patients/${patientId}/payment-links`, { amountCents: 100 })).json();
    await t.database.db.updateTable('patient_payment_links').set({ status: 'paid' }).where('id', '=', second.id).execute();
    const paid = await call('POST', `/api/v1/patients/${patientId}/payment-links/${second.id}/cancel`);
    expect(paid.statusCode).toBe(409);
    expect(mpApi.received.filter((r) => r.method === 'PUT' && r.path === '/checkout/preferences/pref-2')).toHaveLength(0);
  });
});
