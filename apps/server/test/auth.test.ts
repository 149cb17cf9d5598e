// Integration tests of the auth API through app.inject(), on SQLite (and on PostgreSQL in CI).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, newRegistration, refreshCookieOf, registerAndLogin, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: '60', LOGIN_RATE_LIMIT_PER_EMAIL: '5', LOGIN_RATE_LIMIT_PER_IP: '40' });
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as never, headers });

describe('POST /api/v1/auth/register', () => {
  it('creates the account and its practice, answers a session and sets the refresh cookie', async () => {
    const body = newRegistration({ email: 'Mixed.Case@Consultorio.Test ' });
    const response = await post('/api/v1/auth/register', body);
    expect(response.statusCode).toBe(201);
    const session = response.json();
    expect(session.user).toMatchObject({ email: 'mixed.case@consultorio.test', role: 'nutritionist', locale: 'es', theme: 'light' });
    expect(session.nutritionist).toMatchObject({ firstName: 'Lucía', lastName: 'Fernández', countryCode: 'AR', timeZone: 'America/Argentina/Buenos_Aires' });
    expect(new Date(session.expiresAt).getTime()).toBe(t.clock.now().getTime() + 60_000);
    const cookie = response.cookies.find((c) => c.name === 'almendra_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
  });

  it('defaults the country to Argentina', async () => {
    const { countryCode: _omit, ...body } = newRegistration();
    const response = await post('/api/v1/auth/register', body);
    expect(response.json().nutritionist.countryCode).toBe('AR');
  });

  it('answers 409 EMAIL_TAKEN for an email that already has an account, whatever its case', async () => {
    const body = newRegistration();
    expect((await post('/api/v1/auth/register', body)).statusCode).toBe(201);
    const again = await post('/api/v1/auth/register', { ...body, email: body.email.toUpperCase() });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Ya existe una cuenta con ese correo electrónico.' });
  });

  it('answers 400 with the path and a Spanish message of every invalid field', async () => {
    const response = await post('/api/v1/auth/register', { firstName: ' ', email: 'no-es-un-correo', password: 'corta' });
    expect(response.statusCode).toBe(400);
    const error = response.json().error;
    expect(error.code).toBe('VALIDATION_ERROR');
    const byPath = Object.fromEntries(error.details.map((d: { path: string; message: string }) => [d.path, d.message]));
    expect(byPath).toMatchObject({
      firstName: 'Ingresa tu nombre.',
      lastName: 'Ingresa tu apellido.',
      email: 'Ingresa un correo electrónico válido.',
      password: 'La contraseña debe tener al menos 8 caracteres.',
    });
  });

  it('answers 400 INVALID_JSON for a malformed body and 413 for an oversize one, never 500', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('INVALID_JSON');
    const huge = await post('/api/v1/auth/register', { ...newRegistration(), firstName: 'x'.repeat(2 * 1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().error.code).toBe('PAYLOAD_TOO_LARGE');
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(wrongType.statusCode).toBe(415);
  });
});

describe('POST /api/v1/auth/login and GET /api/v1/me', () => {
  it('signs in with the registered password and the token opens /me', async () => {
    const { body } = await registerAndLogin(t);
    const login = await post('/api/v1/auth/login', { email: body.email, password: body.password });
    expect(login.statusCode).toBe(200);
    const session = login.json();
    expect(Object.keys(session).sort()).toEqual(['accessToken', 'expiresAt', 'nutritionist', 'user']);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.email).toBe(body.email);
    expect(me.json().nutritionist.firstName).toBe('Lucía');
  });

  it('rejects a wrong password and an unknown email with the same Spanish 401', async () => {
    const { body } = await registerAndLogin(t);
    const wrong = await post('/api/v1/auth/login', { email: body.email, password: 'otra-clave-mala' });
    const unknown = await post('/api/v1/auth/login', { email: 'nadie@consultorio.test', password: 'otra-clave-mala' });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().error).toEqual({ code: 'INVALID_CREDENTIALS', message: 'Correo electrónico o contraseña incorrectos.' });
    }
  });

  it('answers 401 without a token, with a forged token, and TOKEN_EXPIRED after the access lifetime', async () => {
    const { auth } = await registerAndLogin(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me' })).json().error.code).toBe('UNAUTHENTICATED');
    const forged = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `${auth.authorization}x` } });
    expect(forged.statusCode).toBe(401);
    t.clock.advanceSeconds(61);
    const expired = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: auth });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('TOKEN_EXPIRED');
  });

  it('limits login attempts per email with a Spanish 429 and Retry-After', async () => {
    const { body } = await registerAndLogin(t);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await post('/api/v1/auth/login', { email: body.email, password: 'mala-clave-123' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = await post('/api/v1/auth/login', { email: body.email, password: body.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatchObject({ code: 'RATE_LIMITED', message: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // A new window lets the owner in again.
    t.clock.advanceSeconds(15 * 60);
    expect((await post('/api/v1/auth/login', { email: body.email, password: body.password })).statusCode).toBe(200);
  });
});

describe('POST /api/v1/auth/refresh', () => {
  it('rotates the refresh token and answers a new access token', async () => {
    const { refreshToken } = await registerAndLogin(t);
    t.clock.advanceSeconds(5);
    const first = await post('/api/v1/auth/refresh', undefined, { cookie: `almendra_refresh=${refreshToken}` });
    expect(first.statusCode).toBe(200);
    const rotated = refreshCookieOf(first);
    expect(rotated).toBeDefined();
    expect(rotated).not.toBe(refreshToken);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${first.json().accessToken}` } });
    expect(me.statusCode).toBe(200);
  });

  it('revokes the whole family when an already-used refresh token is presented again', async () => {
    const { refreshToken } = await registerAndLogin(t);
    const first = await post('/api/v1/auth/refresh', { refreshToken });
    const second = refreshCookieOf(first)!;
    const reuse = await post('/api/v1/auth/refresh', { refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('REFRESH_TOKEN_REUSED');
    // The legitimate successor is dead too: the thief and the victim both have to sign in again.
    const successor = await post('/api/v1/auth/refresh', { refreshToken: second });
    expect(successor.statusCode).toBe(401);
  });

  it('rejects a missing, unknown or expired refresh token', async () => {
    expect((await post('/api/v1/auth/refresh')).json().error.code).toBe('INVALID_REFRESH_TOKEN');
    expect((await post('/api/v1/auth/refresh', { refreshToken: 'no-existe' })).statusCode).toBe(401);
    const { refreshToken } = await registerAndLogin(t);
    t.clock.advanceSeconds(31 * 24 * 3600);
    expect((await post('/api/v1/auth/refresh', { refreshToken })).statusCode).toBe(401);
  });

  it('logout revokes the session family and clears the cookie', async () => {
    const { refreshToken } = await registerAndLogin(t);
    const logout = await post('/api/v1/auth/logout', undefined, { cookie: `almendra_refresh=${refreshToken}` });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'almendra_refresh')?.value).toBe('');
    expect((await post('/api/v1/auth/refresh', { refreshToken })).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  const lastEmailTo = async (to: string) =>
    t.database.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', to).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();

  it('emails a single-use link through the outbox; the new password works, the old one and old sessions do not', async () => {
    const { body, refreshToken } = await registerAndLogin(t);
    const forgot = await post('/api/v1/auth/forgot-password', { email: body.email });
    expect(forgot.statusCode).toBe(202);
    const email = await lastEmailTo(body.email);
    expect(email?.status).toBe('logged');
    expect(email?.subject).toBe('Almendra: restablece tu contraseña');
    const token = decodeURIComponent(/reset-password\?token=([^\s]+)/.exec(email!.text_body)![1]!);
    expect(email!.text_body).toContain('http://almendra.test/pages/reset-password?token=');

    expect((await post('/api/v1/auth/reset-password', { token, password: 'nueva-clave-99' })).statusCode).toBe(204);
    const reused = await post('/api/v1/auth/reset-password', { token, password: 'otra-clave-99' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('INVALID_RESET_TOKEN');

    expect((await post('/api/v1/auth/login', { email: body.email, password: body.password })).statusCode).toBe(401);
    expect((await post('/api/v1/auth/login', { email: body.email, password: 'nueva-clave-99' })).statusCode).toBe(200);
    expect((await post('/api/v1/auth/refresh', { refreshToken })).statusCode).toBe(401);
  });

  it('answers the same for unknown emails and sends nothing', async () => {
    const response = await post('/api/v1/auth/forgot-password', { email: 'fantasma@consultorio.test' });
    expect(response.statusCode).toBe(202);
    expect(await lastEmailTo('fantasma@consultorio.test')).toBeUndefined();
  });

  it('rejects an expired link', async () => {
    const { body } = await registerAndLogin(t);
    await post('/api/v1/auth/forgot-password', { email: body.email });
    const email = await lastEmailTo(body.email);
    const token = decodeURIComponent(/token=([^\s]+)/.exec(email!.text_body)![1]!);
    t.clock.advanceSeconds(3601);
    expect((await post('/api/v1/auth/reset-password', { token, password: 'nueva-clave-99' })).json().error.code).toBe('INVALID_RESET_TOKEN');
  });
});

describe('account: password, preferences, lock screen', () => {
  it('changes the password only with the right current one and signs other devices out', async () => {
    const { body, auth, refreshToken } = await registerAndLogin(t);
    const otherDevice = await post('/api/v1/auth/login', { email: body.email, password: body.password });
    const otherRefresh = refreshCookieOf(otherDevice)!;

    const wrong = await post('/api/v1/me/password', { currentPassword: 'no-es-esta', newPassword: 'nueva-clave-77' }, auth);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('La contraseña actual no es correcta.');

    const ok = await post('/api/v1/me/password', { currentPassword: body.password, newPassword: 'nueva-clave-77' }, {
      ...auth,
      cookie: `almendra_refresh=${refreshToken}`,
    });
    expect(ok.statusCode).toBe(204);
    expect((await post('/api/v1/auth/refresh', { refreshToken: otherRefresh })).statusCode).toBe(401);
    expect((await post('/api/v1/auth/refresh', { refreshToken })).statusCode).toBe(200);
    expect((await post('/api/v1/auth/login', { email: body.email, password: 'nueva-clave-77' })).statusCode).toBe(200);
  });

  it('verifies the password for the lock screen', async () => {
    const { body, auth } = await registerAndLogin(t);
    expect((await post('/api/v1/auth/verify-password', { password: body.password }, auth)).statusCode).toBe(204);
    const wrong = await post('/api/v1/auth/verify-password', { password: 'equivocada' }, auth);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    expect((await post('/api/v1/auth/verify-password', { password: body.password })).statusCode).toBe(401);
  });

  it('saves locale, theme, primary colour and starred pages to the account', async () => {
    const { auth } = await registerAndLogin(t);
    const patch = (payload: unknown) => t.app.inject({ method: 'PATCH', url: '/api/v1/me/preferences', headers: auth, payload: payload as never });
    const saved = await patch({ locale: 'en', theme: 'dark', primaryColor: 'violet', starredPages: ['/citas', '/pacientes', '/citas'] });
    expect(saved.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: auth });
    expect(me.json().user).toMatchObject({ locale: 'en', theme: 'dark', primaryColor: 'violet', starredPages: ['/citas', '/pacientes'] });

    const tooMany = await patch({ starredPages: Array.from({ length: 11 }, (_, i) => `/p${i}`) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error.details[0].path).toBe('starredPages');
    const badTheme = await patch({ theme: 'neon' });
    expect(badTheme.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: auth })).json().user.theme).toBe('dark');
  });
});
