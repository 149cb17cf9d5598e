// Error reporting (issue 15): off without SENTRY_DSN; with one, an unexpected error reaches the Sentry
// ingest endpoint (a local HTTP server standing in for it, speaking the SDK's envelope protocol) with
// its request id and route, and without the patient data of the request (body, query, headers).
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scrubEvent } from '../src/lib/error-reporting.js';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';

describe('scrubEvent', () => {
  it('keeps what leads to the logs and removes what could carry patient data', () => {
    const event = scrubEvent({
      type: undefined,
      request: {
        url: 'https://almendra.example/api/v1/patients?q=N%C3%BA%C3%B1ez',
        method: 'POST',
        data: { firstName: 'María José', lastName: 'Núñez' },
        query_string: 'q=Núñez',
        cookies: { almendra_refresh: 'secret' },
        headers: { authorization: 'Bearer x', 'user-agent': 'Chromium', 'x-request-id': 'r-1' },
      },
      user: { id: 'u-1', email: 'lucia@consultorio.test', ip_address: '10.0.0.1' },
      breadcrumbs: [{ category: 'http', message: 'GET /api/v1/patients?q=Núñez', data: { url: '?q=Núñez' } }],
      extra: { body: 'Núñez' },
    });
    expect(event.request).toEqual({ url: 'https://almendra.example/api/v1/patients', method: 'POST', headers: { 'user-agent': 'Chromium', 'x-request-id': 'r-1' } });
    expect(event.user).toEqual({ id: 'u-1' });
    expect(event.breadcrumbs).toEqual([{ category: 'http', level: undefined, timestamp: undefined, type: undefined }]);
    expect(JSON.stringify(event)).not.toContain('Núñez');
  });
});

describe('Sentry with a DSN', () => {
  let t: TestApp;
  let ingest: http.Server;
  const envelopes: string[] = [];
  let arrived: () => void = () => undefined;

  beforeAll(async () => {
    ingest = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        envelopes.push((req.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(raw) : raw).toString('utf8'));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        arrived();
      });
    });
    await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
    const port = (ingest.address() as { port: number }).port;
    t = await createTestApp({ SENTRY_DSN: `http://publickey@127.0.0.1:${port}/1`, SENTRY_ENVIRONMENT: 'test' });
    // A route that fails unexpectedly, as a bug would.
    t.app.post('/api/v1/test/boom', async (request) => {
      // As after the bearer guard: the event names the account by id only.
      request.auth = { userId: 'account-in-event', role: 'nutritionist', nutritionistId: 'practice-1' };
      throw new Error('unexpected failure while saving');
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => ingest.close(resolve));
  });

  it('reports an unexpected error with its request id and route, and no patient data', async () => {
    const user = await registerAndLogin(t);
    const received = new Promise<void>((resolve) => (arrived = resolve));
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/test/boom?q=N%C3%BA%C3%B1ez',
      headers: user.auth,
      payload: { firstName: 'María José', lastName: 'Núñez', notes: 'diabetes tipo 2' },
    });
    expect(answer.statusCode).toBe(500);
    const requestId = answer.json().error.requestId as string;
    await received;
    const envelope = envelopes.find((e) => e.includes('unexpected failure while saving'));
    expect(envelope).toBeDefined();
    expect(envelope).toContain(requestId);
    expect(envelope).toContain('/api/v1/test/boom');
    expect(envelope).toContain('"user":{"id":"account-in-event"}');
    expect(envelope).not.toContain('Núñez');
    expect(envelope).not.toContain('N%C3%BA%C3%B1ez');
    expect(envelope).not.toContain('diabetes');
    expect(envelope).not.toContain(user.accessToken);
    expect(envelope).not.toContain(user.body.email);
    // The browser gets the same DSN to report its own errors.
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/client-config' })).json().errorReporting).toMatchObject({
      dsn: expect.stringContaining('publickey@127.0.0.1'),
      environment: 'test',
      tracesSampleRate: 1,
    });
  });

  it('leaves 4xx answers (bad input) unreported', async () => {
    const before = envelopes.length;
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'x' } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/no-such-route' })).statusCode).toBe(404);
    // A known error afterwards proves the pipe is flowing: only it arrives.
    const received = new Promise<void>((resolve) => (arrived = resolve));
    await t.app.inject({ method: 'POST', url: '/api/v1/test/boom' });
    await received;
    expect(envelopes.slice(before).filter((e) => e.includes('"type":"event"'))).toHaveLength(1);
  });
});
