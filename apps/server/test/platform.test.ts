// Health, OpenAPI, security headers, roles and the tenant-scoped marketing badge.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: 'operadora@almendra.test' });
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
    expect(denied.json().error).toEqual({ code: 'FORBIDDEN', message: 'No tienes permiso para hacer esto.' });

    const admin = await registerAndLogin(t, { email: 'operadora@almendra.test' });
    expect(admin.session.user.role).toBe('admin');
    const summary = await t.app.inject({ method: 'GET', url: '/api/v1/admin/summary', headers: admin.auth });
    expect(summary.statusCode).toBe(200);
    expect(summary.json().admins).toBe(1);
    expect(summary.json().users).toBeGreaterThanOrEqual(2);
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
