// Health, OpenAPI, security headers, roles and the tenant-scoped marketing badge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'operadora@almendra.test,soporte@almendra.test' });
});
afterAll(async () => {
  await t.close();
});

describe('platform', () => {
  it('reports health with the database kind', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite' });
  });

  it('publishes an OpenAPI document generated from the contracts', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/auth/login', '/api/v1/auth/refresh', '/api/v1/me']));
    expect(doc.paths['/api/v1/auth/login'].post.requestBody.content['application/json'].schema.required).toEqual(['email', 'password']);
  });

  it('serves the browsable API documentation at /api/docs as HTML', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<title>Swagger UI</title>');
  });

  it('sends helmet headers and a content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API routes with the uniform 404 body', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/no-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.code).toBe('NOT_FOUND');
  });
});

describe('roles', () => {
  it('answers 403 to nutritionists on admin routes and 200 to configured admins', async () => {
    const nutritionist = await registerAndLogin(t);
    const denied = await t.app.inject({ method: 'GET', url: '/api/v1/admin/summary', headers: nutritionist.auth });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'No tienes permiso para hacer esto.' });

    const admin = await registerAndLogin(t, { email: 'operadora@almendra.test' });
    expect(admin.session.user.role).toBe('admin');
    const summary = await t.app.inject({ method: 'GET', url: '/api/v1/admin/summary', headers: admin.auth });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().admins).toBe(1);
    expect(summary.json().users).toBeGreaterThanOrEqual(2);
  });
});

describe('PATCH /api/v1/admin/users/{id}', () => {
  it('lets an operator mark an account banned (2) with or without a plan key, and active again', async () => {
    const admin = await registerAndLogin(t, { email: 'soporte@almendra.test' });
    const nutritionist = await registerAndLogin(t);
    const id = nutritionist.session.user.id as string;
    const patch = (headers: Record<string, string>, userId: string, payload: unknown) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/admin/users/${userId}`, headers, payload: payload as never });
    const me = async () => (await t.app.inject({ method: 'GET', url: '/api/v1/me', headers: nutritionist.auth })).json().user;

    // Suspending needs a reason, which she is shown.
    const noReason = await patch(admin.auth, id, { bannedStatus: 2 });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.details[0]).toEqual({ path: 'reason', message: 'Escribe el motivo de la suspensión: la profesional lo verá.' });
    expect((await me()).bannedStatus).toBe(0);
    const banned = await patch(admin.auth, id, { bannedStatus: 2, reason: '  Pagos con una tarjeta denunciada.  ' });
    expect(banned.statusCode).toBe(200);
    expect(banned.json()).toMatchObject({ id, bannedStatus: 2, planKey: null });
    expect(await me()).toMatchObject({ bannedStatus: 2, planKey: null, suspension: { reason: 'Pagos con una tarjeta denunciada.', since: expect.any(String) } });

    expect((await patch(admin.auth, id, { planKey: 'plan-anual' })).json()).toMatchObject({ bannedStatus: 2, planKey: 'plan-anual' });
    expect((await patch(admin.auth, id, { bannedStatus: 0, planKey: null })).json()).toMatchObject({ bannedStatus: 0, planKey: null });
    // Re-enabled: the reason is gone.
    expect((await me()).suspension).toBeNull();

    const bad = await patch(admin.auth, id, { bannedStatus: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toEqual({ path: 'bannedStatus', message: 'El estado debe ser 0 (activa) o 2 (suspendida o vencida).' });
    expect((await patch(admin.auth, id, {})).statusCode).toBe(400);
    const unknown = await patch(admin.auth, newId(), { bannedStatus: 2, reason: 'Prueba' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('NOT_FOUND');
    // Nutritionists cannot use it, not even on themselves.
    expect((await patch(nutritionist.auth, id, { bannedStatus: 0 })).statusCode).toBe(403);
  });
});

describe('GET /api/v1/marketing/unseen-count', () => {
  it("counts only the signed-in nutritionist's unseen appointment requests", async () => {
    const mine = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const now = t.clock.now().toISOString();
    const request = (nutritionistId: string, seen: number) => ({
      id: newId(),
      nutritionist_id: nutritionistId,
      first_name: 'Paciente',
      last_name: 'Nuevo',
      email: null,
      phone: null,
      message: null,
      requested_start: null,
      status: 'pending' as const,
      seen,
      created_at: now,
      updated_at: now,
    });
    await t.database.db
      .insertInto('appointment_requests')
      .values([request(mine.session.nutritionist.id, 0), request(mine.session.nutritionist.id, 1), request(other.session.nutritionist.id, 0), request(other.session.nutritionist.id, 0)])
      .execute();
    const count = await t.app.inject({ method: 'GET', url: '/api/v1/marketing/unseen-count', headers: mine.auth });
    expect(count.json()).toEqual({ count: 1 });
    const theirs = await t.app.inject({ method: 'GET', url: '/api/v1/marketing/unseen-count', headers: other.auth });
    expect(theirs.json()).toEqual({ count: 2 });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/marketing/unseen-count' })).statusCode).toBe(401);
  });
});
