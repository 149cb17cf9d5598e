// Single sign-on against a real OpenID provider on loopback: the code flow with PKCE, state and nonce;
// linking by verified email, account creation, and every way a callback is refused.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createTestApp, type TestApp } from './helpers.js';
import { followToCallback, startTestProvider, type TestProvider } from './oidc-test-provider.js';

const CALLBACK = 'http://almendra.test/callback';
let provider: TestProvider;
let t: TestApp | undefined;

beforeAll(async () => {
  provider = await startTestProvider(CALLBACK);
});
afterAll(async () => provider.close());
afterEach(async () => {
  await t?.close();
  t = undefined;
  provider.nextError = null;
});

const ssoApp = (extra: Record<string, string> = {}) =>
  createTestApp({ OIDC_ISSUER_URL: provider.issuer, OIDC_CLIENT_ID: 'almendra', OIDC_CLIENT_SECRET: 'almendra-test-secret', OIDC_BUTTON_LABEL: 'Ingresar con Clínica SSO', ...extra });

const cookieOf = (response: { headers: Record<string, unknown> }, name: string) => {
  const raw = response.headers['set-cookie'];
  const all = Array.isArray(raw) ? raw : [raw];
  const found = all.find((c): c is string => typeof c === 'string' && c.startsWith(`${name}=`));
  return found?.split(';')[0];
};

/** start → provider → the query string it returns at /callback, plus the pending cookie. */
async function signInAtProvider(app: TestApp, to = '/pacientes') {
  const start = await app.app.inject({ method: 'POST', url: '/api/v1/auth/oidc/start', payload: { to } });
  expect(start.statusCode).toBe(200);
  const pending = cookieOf(start, 'almendra_oidc')!;
  expect(pending).toBeTruthy();
  const authorizationUrl = new URL(start.json().authorizationUrl);
  expect(authorizationUrl.searchParams.get('scope')).toBe('openid profile email');
  expect(authorizationUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizationUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);
  expect(authorizationUrl.searchParams.get('state')).toBeTruthy();
  expect(authorizationUrl.searchParams.get('nonce')).toBeTruthy();
  const callback = await followToCallback(authorizationUrl.href, CALLBACK);
  return { query: callback.search, pending };
}

const finish = (app: TestApp, query: string, pending: string | undefined) =>
  app.app.inject({ method: 'POST', url: '/api/v1/auth/oidc/callback', payload: { query }, headers: pending ? { cookie: pending } : {} });

describe('single sign-on (OpenID Connect)', () => {
  it('is off by default: no button in client-config, both routes 404 OIDC_DISABLED', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/client-config' })).json().sso).toBeNull();
    const start = await t.app.inject({ method: 'POST', url: '/api/v1/auth/oidc/start', payload: {} });
    expect(start.statusCode).toBe(404);
    expect(start.json().error.code).toBe('OIDC_DISABLED');
  });

  it('refuses half a configuration and a plain-http provider elsewhere than this machine', () => {
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'https://id.example.org' })).toThrow(/OIDC_CLIENT_ID/);
    expect(() => loadConfig({ OIDC_ISSUER_URL: 'http://id.example.org', OIDC_CLIENT_ID: 'x' })).toThrow(/OIDC_ISSUER_URL: must be an https URL/);
  });

  it('creates a nutritionist account on a first sign-in with a verified email, then signs the same identity in again', async () => {
    t = await ssoApp();
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/client-config' })).json().sso).toEqual({ label: 'Ingresar con Clínica SSO' });
    provider.nextAccount = { sub: 'sub-lucia', email: 'Lucia.Paz@clinica.example', email_verified: true, given_name: 'Lucía', family_name: 'Paz', locale: 'es-AR' };
    const first = await signInAtProvider(t);
    const response = await finish(t, first.query, first.pending);
    expect(response.statusCode).toBe(200);
    const session = response.json();
    expect(session.to).toBe('/pacientes');
    expect(session.user).toMatchObject({ email: 'lucia.paz@clinica.example', role: 'nutritionist', locale: 'es-AR' });
    expect(session.nutritionist).toMatchObject({ firstName: 'Lucía', lastName: 'Paz', countryCode: 'AR' });
    expect(cookieOf(response, 'almendra_refresh')).toBeTruthy();
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(me.json().user.id).toBe(session.user.id);

    // The provider changes the email: the identity (issuer + subject) still names the same account.
    provider.nextAccount = { ...provider.nextAccount, email: 'lucia@otra.example' };
    const second = await signInAtProvider(t);
    const again = await finish(t, second.query, second.pending);
    expect(again.statusCode).toBe(200);
    expect(again.json().user.id).toBe(session.user.id);
    const rows = await t.database.db.selectFrom('oidc_identities').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ issuer: provider.issuer, subject: 'sub-lucia', user_id: session.user.id, email: 'lucia@otra.example' });
  });

  it('links to the existing account with the same verified email (its data and password stay)', async () => {
    t = await ssoApp();
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email: 'marta@consultorio.example', password: 'una-clave-larga-123', firstName: 'Marta', lastName: 'Gil', countryCode: 'UY' },
    });
    expect(registered.statusCode).toBe(201);
    provider.nextAccount = { sub: 'sub-marta', email: 'marta@consultorio.example', email_verified: true, given_name: 'Otra' };
    const flow = await signInAtProvider(t);
    const response = await finish(t, flow.query, flow.pending);
    expect(response.statusCode).toBe(200);
    expect(response.json().user.id).toBe(registered.json().user.id);
    expect(response.json().nutritionist).toMatchObject({ firstName: 'Marta', countryCode: 'UY' });
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'marta@consultorio.example', password: 'una-clave-larga-123' } });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an unverified email (no account is linked or created)', async () => {
    t = await ssoApp();
    provider.nextAccount = { sub: 'sub-x', email: 'x@clinica.example', email_verified: false };
    const flow = await signInAtProvider(t);
    const response = await finish(t, flow.query, flow.pending);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('OIDC_EMAIL_NOT_VERIFIED');
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', 'x@clinica.example').execute()).toHaveLength(0);
  });

  it('with OIDC_CREATE_ACCOUNTS=false only existing accounts sign in', async () => {
    t = await ssoApp({ OIDC_CREATE_ACCOUNTS: 'false' });
    provider.nextAccount = { sub: 'sub-new', email: 'nueva@clinica.example', email_verified: true };
    const flow = await signInAtProvider(t);
    const response = await finish(t, flow.query, flow.pending);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('OIDC_NO_ACCOUNT');
  });

  it('refuses a callback without the pending cookie, with another state, or used twice (state, PKCE, one use)', async () => {
    t = await ssoApp();
    provider.nextAccount = { sub: 'sub-y', email: 'y@clinica.example', email_verified: true };
    const flow = await signInAtProvider(t);
    const noCookie = await finish(t, flow.query, undefined);
    expect(noCookie.statusCode).toBe(400);
    expect(noCookie.json().error.code).toBe('OIDC_STATE_INVALID');
    // Another browser's pending sign-in (login CSRF: an attacker's code delivered to a victim).
    const other = await t.app.inject({ method: 'POST', url: '/api/v1/auth/oidc/start', payload: {} });
    const wrongState = await finish(t, flow.query, cookieOf(other, 'almendra_oidc'));
    expect(wrongState.json().error.code).toBe('OIDC_STATE_INVALID');
    expect(wrongState.statusCode).toBe(400);
    const tampered = await finish(t, flow.query, `${flow.pending}x`);
    expect(tampered.json().error.code).toBe('OIDC_STATE_INVALID');
    const ok = await finish(t, flow.query, flow.pending);
    expect(ok.statusCode).toBe(200);
    expect(cookieOf(ok, 'almendra_oidc')).toMatch(/^almendra_oidc=$/);
    // The same code again: the provider refuses it (authorization codes are single use).
    const replay = await finish(t, flow.query, flow.pending);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.code).toBe('OIDC_PROVIDER_ERROR');
  });

  it('a pending sign-in expires after 10 minutes', async () => {
    t = await ssoApp();
    provider.nextAccount = { sub: 'sub-z', email: 'z@clinica.example', email_verified: true };
    const flow = await signInAtProvider(t);
    t.clock.advanceSeconds(11 * 60);
    const response = await finish(t, flow.query, flow.pending);
    expect(response.json().error.code).toBe('OIDC_STATE_INVALID');
  });

  it('the provider refusing (access_denied) answers OIDC_PROVIDER_ERROR with its code', async () => {
    t = await ssoApp();
    provider.nextError = 'access_denied';
    const flow = await signInAtProvider(t);
    const response = await finish(t, flow.query, flow.pending);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'OIDC_PROVIDER_ERROR', details: [{ path: 'error', message: 'access_denied' }, expect.anything()] });
  });

  it('a provider that does not answer gives 502 OIDC_UNAVAILABLE', async () => {
    t = await createTestApp({ OIDC_ISSUER_URL: 'http://127.0.0.1:9/', OIDC_CLIENT_ID: 'almendra' });
    const start = await t.app.inject({ method: 'POST', url: '/api/v1/auth/oidc/start', payload: {} });
    expect(start.statusCode).toBe(502);
    expect(start.json().error.code).toBe('OIDC_UNAVAILABLE');
  });
});
