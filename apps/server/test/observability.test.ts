// Operating Almendra: request ids in answers and error bodies, liveness and readiness, Prometheus
// metrics behind a token (issue 15, observability).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

const TOKEN = 'metrics-token-0123456789abcdef';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await t.close();
});

describe('request ids', () => {
  it('answers every request with an X-Request-Id, keeps a proxy’s well-formed one, and puts it in error bodies', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    const forwarded = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'nginx-7f3a9c' } });
    expect(forwarded.headers['x-request-id']).toBe('nginx-7f3a9c');
    const hostile = await t.app.inject({ method: 'GET', url: '/api/v1/health', headers: { 'x-request-id': 'a b\u0000<script>' } });
    expect(hostile.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    for (const request of [
      { method: 'GET' as const, url: '/api/v1/no-such-route' },
      { method: 'POST' as const, url: '/api/v1/auth/login', payload: { email: 'x' } },
      { method: 'GET' as const, url: '/api/v1/patients' },
    ]) {
      const answer = await t.app.inject(request);
      expect(answer.statusCode, request.url).toBeGreaterThanOrEqual(400);
      const body = answer.json();
      expect(body.error.requestId, request.url).toBe(answer.headers['x-request-id']);
      expect(typeof body.error.code).toBe('string');
      expect(typeof body.error.message).toBe('string');
    }
  });
});

describe('health', () => {
  it('answers liveness and readiness', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health' })).json()).toMatchObject({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().database).toBe(t.database.kind);
  });

  it('reports not ready (503) while the database does not answer, and alive all the same', async () => {
    const other = await createTestApp();
    try {
      await other.database.db.destroy();
      const ready = await other.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().error).toMatchObject({ code: 'UNAVAILABLE', message: 'La base de datos no responde.' });
      expect((await other.app.inject({ method: 'GET', url: '/api/v1/health' })).statusCode).toBe(200);
    } finally {
      await other.close().catch(() => undefined);
    }
  });
});

describe('GET /metrics', () => {
  it('needs the configured token and reports latency per route template', async () => {
    await t.app.inject({ method: 'GET', url: '/api/v1/health' });
    await t.app.inject({ method: 'GET', url: '/api/v1/patients/0196a3b2-0000-7000-8000-000000000000' });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-0123456789abcd' } })).statusCode).toBe(401);
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toContain('text/plain');
    expect(metrics.body).toMatch(/almendra_http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/health",status_code="200"\} \d+/);
    // Route templates, never ids.
    expect(metrics.body).toContain('route="/api/v1/patients/:id"');
    expect(metrics.body).not.toContain('0196a3b2');
    expect(metrics.body).toContain('almendra_websocket_connections 0');
    expect(metrics.body).toMatch(/almendra_event_bus_info\{kind="(memory|redis)"\} 1/);
    expect(metrics.body).toContain('process_cpu_seconds_total');
    if (t.database.kind === 'postgres') expect(metrics.body).toMatch(/almendra_db_pool_connections\{state="total"\} \d+/);
  });

  it('does not exist unless a token is configured', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
