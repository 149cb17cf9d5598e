// Links in emails and shared links when PUBLIC_URL is unset: the address the request came in on (Host, or
// X-Forwarded-Host/-Proto with TRUST_PROXY=true), never http://localhost:PORT; a password reset, which anyone
// can ask for someone else's mailbox, follows the request's address only on a local network.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateHost, publicUrlWarning } from '../src/lib/link-origin.js';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { caller, validPatient } from './patients-helpers.js';

const lastEmailTo = (t: TestApp, to: string) =>
  t.database.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', to).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();

async function practice(t: TestApp, host: string, extra: Record<string, string> = {}) {
  const session = await registerAndLogin(t);
  const call = caller(t, { ...session.auth, host, ...extra });
  return { session, call };
}

describe('without PUBLIC_URL, without a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: '', PORT: '3000' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('the portal invitation, the calendar feed and the public profile link use the address she is using', async () => {
    const { call } = await practice(t, 'consultorio.example:8443');
    const patient = (await call('POST', '/api/v1/patients', validPatient({ email: 'ana.link@correo.test' }))).json() as { id: string };
    const invite = await call('POST', `/api/v1/patients/${patient.id}/portal-invite`);
    expect(invite.json().inviteUrl).toMatch(/^http:\/\/consultorio\.example:8443\/portal\/aceptar\?code=/);
    const email = await lastEmailTo(t, 'ana.link@correo.test');
    expect(email.text_body).toContain('http://consultorio.example:8443/portal/aceptar?code=');
    expect(email.text_body).not.toContain('localhost');
    const feed = await call('POST', '/api/v1/calendar-feed');
    expect(feed.json().url).toMatch(/^http:\/\/consultorio\.example:8443\/api\/v1\/calendar-feed\//);
  });

  it('X-Forwarded-Host and -Proto are ignored unless TRUST_PROXY=true; a malformed Host falls back', async () => {
    const { call } = await practice(t, '192.168.1.20:3000', { 'x-forwarded-host': 'phishing.example', 'x-forwarded-proto': 'https' });
    expect((await call('POST', '/api/v1/calendar-feed')).json().url).toMatch(/^http:\/\/192\.168\.1\.20:3000\//);
    const odd = await practice(t, 'consultorio.example/<script>');
    expect((await odd.call('POST', '/api/v1/calendar-feed')).json().url).toMatch(/^http:\/\/localhost:3000\//);
  });

  it('a password reset asked through a local-network address links there; through a public name, the fallback (no poisoning)', async () => {
    const session = await registerAndLogin(t);
    const ask = (host: string) => t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', headers: { host }, payload: { email: session.body.email }, remoteAddress: `10.0.0.${host.length}` });
    expect((await ask('192.168.1.20:3000')).statusCode).toBe(202);
    expect((await lastEmailTo(t, session.body.email)).text_body).toContain('http://192.168.1.20:3000/pages/reset-password?token=');
    expect((await ask('atacante.example')).statusCode).toBe(202);
    const poisoned = (await lastEmailTo(t, session.body.email)).text_body;
    expect(poisoned).toContain('http://localhost:3000/pages/reset-password?token=');
    expect(poisoned).not.toContain('atacante.example');
  });

  it('the operator is warned at start', () => {
    expect(publicUrlWarning({ publicUrl: 'http://localhost:3000', publicUrlConfigured: false, trustProxy: false })).toMatch(/^PUBLIC_URL is not set: .*Host header.*http:\/\/localhost:3000/);
    expect(publicUrlWarning({ publicUrl: 'https://consultorio.example', publicUrlConfigured: true, trustProxy: false })).toBeNull();
  });
});

describe('without PUBLIC_URL, behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: '', TRUST_PROXY: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  it("links follow the proxy's X-Forwarded-Host and -Proto", async () => {
    const { call } = await practice(t, '10.0.0.5:3000', { 'x-forwarded-host': 'consultorio.example', 'x-forwarded-proto': 'https' });
    const patient = (await call('POST', '/api/v1/patients', validPatient({ email: 'bea.link@correo.test' }))).json() as { id: string };
    expect((await call('POST', `/api/v1/patients/${patient.id}/portal-invite`)).json().inviteUrl).toMatch(/^https:\/\/consultorio\.example\/portal\/aceptar/);
  });
});

describe('with PUBLIC_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://almendra.consultorio.example' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('every link uses it, whatever Host the request carries', async () => {
    const { call } = await practice(t, 'otro.example');
    expect((await call('POST', '/api/v1/calendar-feed')).json().url).toMatch(/^https:\/\/almendra\.consultorio\.example\/api\/v1\/calendar-feed\//);
  });
});

describe('local-network addresses', () => {
  it.each([
    ['http://localhost:3000', true],
    ['http://127.0.0.1:3000', true],
    ['http://10.1.2.3', true],
    ['http://172.20.0.4:3000', true],
    ['http://192.168.0.10', true],
    ['http://[::1]:3000', true],
    ['http://almendra:3000', true],
    ['http://consultorio.local', true],
    ['http://172.32.0.1', false],
    ['http://203.0.113.5', false],
    ['https://consultorio.example', false],
  ])('%s → %s', (origin, expected) => {
    expect(isPrivateHost(origin)).toBe(expected);
  });
});
