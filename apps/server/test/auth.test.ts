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
    expect(session.user).toMatchObject({ email: 'mixed.case@consultorio.test', role: 'nutritionist', locale: 'es-AR', theme: 'system' });
    expect(session.nutritionist).toMatchObject({ firstName: 'Lucía', lastName: 'Fernández', countryCode: 'AR', timeZone: 'America/Argentina/Buenos_Aires' });
    expect(new Date(session.expiresAt).getTime()).toBe(t.clock.now().getTime() + 60_000);
    const cookie = response.cookies.find((c) => c.name === 'almendra_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/v1/auth' });
  });

  it('speaks the Spanish of the country (voseo for Argentina and Uruguay, neutral tú elsewhere) unless English is asked for', async () => {
    const localeFor = async (countryCode: string, locale?: string) =>
      (await post('/api/v1/auth/register', newRegistration({ countryCode, ...(locale ? { locale } : {}) }))).json().user.locale;
    expect(await localeFor('AR')).toBe('es-AR');
    expect(await localeFor('UY', 'es')).toBe('es-AR');
    expect(await localeFor('MX', 'es-AR')).toBe('es');
    expect(await localeFor('ES')).toBe('es');
    expect(await localeFor('AR', 'en')).toBe('en');
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
      expect(response.json().error).toMatchObject({ code: 'INVALID_CREDENTIALS', message: 'Correo electrónico o contraseña incorrectos.' });
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

describe('bad input on every auth endpoint', () => {
  const detailsOf = (response: { statusCode: number; json: () => { error: { code: string; details: { path: string; message: string }[] } } }) => {
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    return Object.fromEntries(response.json().error.details.map((d) => [d.path, d.message]));
  };

  it('login: an empty body and a malformed email answer 400 with field paths', async () => {
    expect(detailsOf(await post('/api/v1/auth/login', {}))).toEqual({
      email: 'Ingresa tu correo electrónico.',
      password: 'Ingresa tu contraseña.',
    });
    expect(detailsOf(await post('/api/v1/auth/login', { email: 'lucia-arroba-correo', password: 'clave-segura-1' }))).toEqual({
      email: 'Ingresa un correo electrónico válido.',
    });
  });

  it('forgot-password: a missing or malformed email answers 400 and sends nothing', async () => {
    expect(detailsOf(await post('/api/v1/auth/forgot-password', {}))).toEqual({ email: 'Ingresa tu correo electrónico.' });
    expect(detailsOf(await post('/api/v1/auth/forgot-password', { email: 'no es un correo' }))).toEqual({
      email: 'Ingresa un correo electrónico válido.',
    });
    expect(await t.database.db.selectFrom('outbox_emails').select('id').where('to_address', '=', 'no es un correo').execute()).toHaveLength(0);
  });

  it('reset-password: a missing token and a short password answer 400 with field paths', async () => {
    expect(detailsOf(await post('/api/v1/auth/reset-password', { password: 'corta' }))).toEqual({
      token: 'El enlace para restablecer la contraseña no es válido. Pide uno nuevo.',
      password: 'La contraseña debe tener al menos 8 caracteres.',
    });
    expect(detailsOf(await post('/api/v1/auth/reset-password', { token: 'x'.repeat(43), password: 'corta' }))).toEqual({
      password: 'La contraseña debe tener al menos 8 caracteres.',
    });
  });

  it('refresh, verify-password and change-password reject wrong types with field paths', async () => {
    expect(Object.keys(detailsOf(await post('/api/v1/auth/refresh', { refreshToken: 5 })))).toEqual(['refreshToken']);
    const { auth } = await registerAndLogin(t);
    expect(detailsOf(await post('/api/v1/auth/verify-password', {}, auth))).toEqual({ password: 'Ingresa tu contraseña.' });
    expect(detailsOf(await post('/api/v1/me/password', { newPassword: 'corta' }, auth))).toEqual({
      currentPassword: 'Ingresa tu contraseña actual.',
      newPassword: 'La contraseña debe tener al menos 8 caracteres.',
    });
  });
});

describe('rate limits per IP', () => {
  // Its own app: a low per-IP limit with a high per-email one, so only the IP counter can trip.
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_RATE_LIMIT_PER_IP: '3', LOGIN_RATE_LIMIT_PER_EMAIL: '100' });
  });
  afterAll(async () => {
    await limited.close();
  });
  const from = (ip: string, url: string, payload: unknown) =>
    limited.app.inject({ method: 'POST', url, payload: payload as never, remoteAddress: ip });
  const spanish429 = { code: 'RATE_LIMITED', message: 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.' };

  it('login: a fourth attempt from one IP with different emails is refused with 429; another IP is not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await from('203.0.113.7', '/api/v1/auth/login', { email: `nadie.${i}@consultorio.test`, password: 'clave-mala-1' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const blocked = await from('203.0.113.7', '/api/v1/auth/login', { email: 'otra@consultorio.test', password: 'clave-mala-1' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error).toMatchObject(spanish429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('198.51.100.9', '/api/v1/auth/login', { email: 'otra@consultorio.test', password: 'clave-mala-1' })).statusCode).toBe(401);
  });

  it('forgot-password: a fourth request from one IP is refused with 429; another IP is not', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await from('203.0.113.8', '/api/v1/auth/forgot-password', { email: `nadie.${i}@consultorio.test` })).statusCode);
    }
    expect(statuses).toEqual([202, 202, 202, 429]);
    const blocked = await from('203.0.113.8', '/api/v1/auth/forgot-password', { email: 'otra@consultorio.test' });
    expect(blocked.json().error).toMatchObject(spanish429);
    expect((await from('198.51.100.10', '/api/v1/auth/forgot-password', { email: 'otra@consultorio.test' })).statusCode).toBe(202);
  });

  it('forgot-password: repeated requests for one email are refused with 429 even from different IPs', async () => {
    const email = 'misma.persona@consultorio.test';
    const statuses: number[] = [];
    // The per-email reset limit is max(3, ceil(perEmail / 2)) = 50 here; use the addresses of many IPs.
    for (let i = 0; i < 51; i += 1) statuses.push((await from(`192.0.2.${i}`, '/api/v1/auth/forgot-password', { email })).statusCode);
    expect(statuses.slice(0, 50).every((s) => s === 202)).toBe(true);
    expect(statuses[50]).toBe(429);
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
    // Past the 10-second grace for lost answers (next test), a second presentation is theft.
    t.clock.advanceSeconds(11);
    const reuse = await post('/api/v1/auth/refresh', { refreshToken });
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().error.code).toBe('REFRESH_TOKEN_REUSED');
    // The legitimate successor is dead too: the thief and the victim both have to sign in again.
    const successor = await post('/api/v1/auth/refresh', { refreshToken: second });
    expect(successor.statusCode).toBe(401);
  });

  it('within 10 s of a rotation, the old token is a lost answer (page left mid-refresh), not theft', async () => {
    const { refreshToken } = await registerAndLogin(t);
    const first = await post('/api/v1/auth/refresh', { refreshToken });
    expect(first.statusCode).toBe(200);
    const successor = refreshCookieOf(first)!;
    // The browser never stored `successor` (the answer was lost) and presents the old token again.
    t.clock.advanceSeconds(9);
    const retry = await post('/api/v1/auth/refresh', { refreshToken });
    expect(retry.statusCode).toBe(200);
    const retried = refreshCookieOf(retry)!;
    expect(retried).not.toBe(successor);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${retry.json().accessToken}` } });
    expect(me.statusCode).toBe(200);
    // Both branches of the family still work once each, then rotation rules apply as usual.
    expect((await post('/api/v1/auth/refresh', { refreshToken: retried })).statusCode).toBe(200);
    expect((await post('/api/v1/auth/refresh', { refreshToken: successor })).statusCode).toBe(200);
    // A logged-out family gets no grace.
    const other = await registerAndLogin(t);
    const rotated = refreshCookieOf(await post('/api/v1/auth/refresh', { refreshToken: other.refreshToken }))!;
    expect((await post('/api/v1/auth/logout', undefined, { cookie: `almendra_refresh=${rotated}` })).statusCode).toBeLessThan(300);
    expect((await post('/api/v1/auth/refresh', { refreshToken: other.refreshToken })).statusCode).toBe(401);
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
    expect(email?.subject).toBe('Almendra: restablecé tu contraseña');
    expect(email?.text_body).toContain('Si no fuiste vos, ignorá este mensaje');
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
    expect((await patch({ locale: 'es' })).json().user.locale).toBe('es');
    expect((await patch({ locale: 'es-AR' })).json().user.locale).toBe('es-AR');
    expect((await patch({ locale: 'pt' })).statusCode).toBe(400);
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

  it('saves the practice time zone (Buenos Aires by default) and refuses names that are not IANA zones', async () => {
    const { auth, session } = await registerAndLogin(t);
    expect(session.nutritionist.timeZone).toBe('America/Argentina/Buenos_Aires');
    const patch = (payload: unknown) => t.app.inject({ method: 'PATCH', url: '/api/v1/me/preferences', headers: auth, payload: payload as never });
    const me = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: auth })).json();

    for (const bad of ['Marte/Olympus_Mons', '-03:00', '', 'America/Argentina/Buenos_Aires; drop table', 42]) {
      const response = await patch({ timeZone: bad });
      expect(response.statusCode, String(bad)).toBe(400);
      expect(response.json().error.code).toBe('VALIDATION_ERROR');
      expect(response.json().error.details).toEqual([
        { path: 'timeZone', message: 'Elige una zona horaria válida (por ejemplo, America/Argentina/Buenos_Aires).' },
      ]);
    }
    expect((await me()).nutritionist.timeZone).toBe('America/Argentina/Buenos_Aires');

    const saved = await patch({ timeZone: 'Europe/Madrid' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().nutritionist.timeZone).toBe('Europe/Madrid');
    expect((await me()).nutritionist.timeZone).toBe('Europe/Madrid');
    // Other preferences are untouched by a zone-only change, and the zone by a theme-only one.
    expect((await patch({ theme: 'semi-dark' })).json().nutritionist.timeZone).toBe('Europe/Madrid');
    // Slots and today's agenda follow the new zone.
    const today = await t.app.inject({ method: 'GET', url: '/api/v1/appointments/today', headers: auth });
    expect(today.json().timeZone).toBe('Europe/Madrid');
  });

  it('edits the professional profile printed on plans and reports; bad values change nothing', async () => {
    const { auth } = await registerAndLogin(t);
    const patch = (payload: unknown) => t.app.inject({ method: 'PATCH', url: '/api/v1/me/profile', headers: auth, payload: payload as never });
    const me = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: auth })).json();
    const before = (await me()).nutritionist;

    const bad = await patch({ firstName: '  ', phone: 'llamame', countryCode: 'Argentina', licenceNumber: 'x'.repeat(41) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_ERROR');
    const paths = (bad.json().error.details as { path: string }[]).map((d) => d.path).sort();
    expect(paths).toEqual(['countryCode', 'firstName', 'licenceNumber', 'phone']);
    expect(bad.json().error.details.find((d: { path: string }) => d.path === 'phone').message).toBe(
      'Escribe el teléfono solo con números, espacios, +, ( ) o guiones.',
    );
    expect((await me()).nutritionist).toEqual(before);

    const saved = await patch({ firstName: ' Lucía ', licenceNumber: 'MN 4521', phone: '+54 11 4444-5555', countryCode: 'UY' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().nutritionist).toMatchObject({ firstName: 'Lucía', lastName: before.lastName, licenceNumber: 'MN 4521', phone: '+54 11 4444-5555', countryCode: 'UY' });
    expect((await me()).nutritionist.licenceNumber).toBe('MN 4521');

    // An empty string clears the optional fields; absent fields stay as they were.
    const cleared = await patch({ phone: '', licenceNumber: '' });
    expect(cleared.json().nutritionist).toMatchObject({ firstName: 'Lucía', phone: null, licenceNumber: null, countryCode: 'UY' });

    // Without a session there is nothing to edit.
    const anonymous = await t.app.inject({ method: 'PATCH', url: '/api/v1/me/profile', payload: { firstName: 'X' } });
    expect(anonymous.statusCode).toBe(401);
  });
});
