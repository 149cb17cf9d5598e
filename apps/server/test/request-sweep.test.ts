// Sweeps over every operation of /api/openapi.json: what one route got wrong, its siblings would too.
// Each sweep sends the same kind of bad request everywhere and checks the answer a client would get.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { practiceWithPortalPatient } from './portal-helpers.js';

interface Operation {
  method: string;
  path: string;
  parameters: Array<{ in: string; name: string; required?: boolean; schema?: { pattern?: string } }>;
  requestBody?: { content: Record<string, unknown> };
  security?: unknown[];
  /** The roles the operation's guard admits (installGuardsFirst). */
  'x-roles'?: string[];
}

let t: TestApp;
let operations: Operation[];
let portal: Awaited<ReturnType<typeof practiceWithPortalPatient>>;
let adminAuth: Record<string, string>;
const ADMIN_EMAIL = 'operadora.barrido@almendra.test';

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ ...op, method: method.toUpperCase(), path, parameters: op.parameters ?? [] })),
  );
  portal = await practiceWithPortalPatient(t);
  adminAuth = (await registerAndLogin(t, { email: ADMIN_EMAIL })).auth;
});
afterAll(async () => {
  await t.close();
});

/** The URL of an operation with every path parameter filled (ids of this test's own practice). */
const urlOf = (op: Operation) => op.path.replace(/\{id\}/g, portal.patientId).replace(/\{[^}]+\}/g, 'x');
/** Who normally calls it: the portal as the patient, the admin console as the operator, the public pages as nobody, the rest as the nutritionist. */
const ownerAuth = (op: Operation): Record<string, string> =>
  op.path.startsWith('/api/v1/portal')
    ? portal.patientAuth
    : op.path.startsWith('/api/v1/admin')
      ? adminAuth
      : op.path.startsWith('/api/v1/public')
        ? {}
        : portal.nutritionist.auth;

const CALENDAR_DATE_PATTERN = '^(\\d{4})-(\\d{2})-(\\d{2})$';

describe('impossible calendar dates in query strings', () => {
  it('every date query parameter of the API refuses 2026-02-30, 2026-13-45 and 0000-00-00 with 400 naming it', async () => {
    const dated = operations.filter((op) => op.parameters.some((p) => p.in === 'query' && p.schema?.pattern === CALENDAR_DATE_PATTERN));
    // The daily log (practice and portal), the photo upload and both slot pickers.
    expect(dated.length).toBeGreaterThanOrEqual(5);
    for (const op of dated) {
      const dateParams = op.parameters.filter((p) => p.in === 'query' && p.schema?.pattern === CALENDAR_DATE_PATTERN);
      for (const param of dateParams) {
        for (const value of ['2026-02-30', '2026-13-45', '0000-00-00', '2026-04-31']) {
          const query = new URLSearchParams(dateParams.map((p): [string, string] => [p.name, p === param ? value : '2026-03-10']));
          const response = await t.app.inject({ method: op.method, url: `${urlOf(op)}?${query}`, headers: ownerAuth(op) });
          const where = `${op.method} ${op.path} ${param.name}=${value}`;
          expect(response.statusCode, where).toBe(400);
          expect(response.json().error, where).toMatchObject({ code: 'VALIDATION_ERROR', details: expect.arrayContaining([{ path: `querystring.${param.name}`, message: 'No es una fecha válida.' }]) });
        }
      }
    }
  });

  it('no query parameter of any operation answers 500 to a value it does not expect', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.parameters.some((p) => p.in === 'query'))) {
      for (const param of op.parameters.filter((p) => p.in === 'query')) {
        for (const value of ['2026-02-30', '0000-00-00', '-1', '0x10', '1e400', 'x'.repeat(300), '%00', '|', '[]', 'true']) {
          const response = await t.app.inject({ method: op.method, url: `${urlOf(op)}?${new URLSearchParams({ [param.name]: value })}`, headers: ownerAuth(op) });
          if (response.statusCode >= 500) failures.push(`${op.method} ${op.path} ${param.name}=${value.slice(0, 12)} → ${response.statusCode}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("the record's daily log: impossible days answer 400 in Spanish, a real one 200", async () => {
    const url = `/api/v1/patients/${portal.patientId}/daily-log`;
    for (const query of ['to=2026-13-45', 'to=0000-00-00', 'from=2026-02-30', 'from=2026-02-29&to=2026-03-10']) {
      const response = await portal.call('GET', `${url}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.message).toBe('Revisa los datos ingresados.');
    }
    expect((await portal.call('GET', `${url}?from=2026-02-28&to=2026-03-10`)).statusCode).toBe(200);
  });
});

describe('bodies that are not the object a route reads', () => {
  const jsonBodied = () => operations.filter((op) => op.requestBody && 'application/json' in op.requestBody.content);

  /**
   * Operations whose body is optional by design (schema .nullish()): null means "nothing sent" — the refresh
   * token from the cookie, mark every news item seen, copy a dish under its own name, approve a food request
   * as it was asked. They must still never answer 5xx.
   */
  const OPTIONAL_BODY = new Set(['POST /api/v1/auth/refresh', 'POST /api/v1/news/seen', 'POST /api/v1/dishes/{id}/copy', 'POST /api/v1/admin/food-requests/{id}/approve']);

  it('a JSON null body answers 400 in Spanish on every operation that takes a JSON body, never 500', async () => {
    const failures: string[] = [];
    expect(jsonBodied().length).toBeGreaterThan(60);
    for (const op of jsonBodied()) {
      const response = await t.app.inject({ method: op.method, url: urlOf(op), headers: { ...ownerAuth(op), 'content-type': 'application/json' }, payload: 'null' });
      const error = response.json().error as { code: string; message: string } | undefined;
      const name = `${op.method} ${op.path}`;
      if (OPTIONAL_BODY.has(name) ? response.statusCode >= 500 : response.statusCode !== 400 || error?.code !== 'VALIDATION_ERROR' || error.message !== 'Revisa los datos ingresados.') {
        failures.push(`${name} → ${response.statusCode} ${error?.code}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('an empty object, or every field of the wrong type, never answers 500', async () => {
    const failures: string[] = [];
    const wrongTypes = JSON.stringify(Object.fromEntries(['date', 'name', 'title', 'value', 'version', 'ids', 'items', 'content', 'email', 'start', 'end', 'patientId', 'locationId'].map((k) => [k, { nested: [null] }])));
    for (const op of jsonBodied()) {
      for (const payload of ['{}', wrongTypes]) {
        const response = await t.app.inject({ method: op.method, url: urlOf(op), headers: { ...ownerAuth(op), 'content-type': 'application/json' }, payload });
        if (response.statusCode >= 500) failures.push(`${op.method} ${op.path} ${payload.slice(0, 10)} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('a lab result posted or patched with null or as multipart: 400 in Spanish, nothing saved', async () => {
    const url = `/api/v1/patients/${portal.patientId}/labs`;
    const created = await portal.call('POST', url, { date: '2026-03-01', analyte: 'Glucemia', value: 92 });
    expect(created.statusCode).toBe(201);
    const lab = created.json() as { id: string; value: number };
    for (const [method, target] of [['POST', url], ['PATCH', `/api/v1/labs/${lab.id}`]] as const) {
      const nullBody = await t.app.inject({ method, url: target, headers: { ...portal.nutritionist.auth, 'content-type': 'application/json' }, payload: 'null' });
      expect(nullBody.statusCode, method).toBe(400);
      expect(nullBody.json().error.details).toEqual([{ path: '(body)', message: expect.stringMatching(/objeto/) }]);
      const multipart = await t.app.inject({
        method,
        url: target,
        headers: { ...portal.nutritionist.auth, 'content-type': 'multipart/form-data; boundary=x' },
        payload: '--x\r\nContent-Disposition: form-data; name="value"\r\n\r\n1\r\n--x--\r\n',
      });
      expect(multipart.statusCode, method).toBe(400);
      expect(multipart.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'Envía los datos como JSON (Content-Type: application/json).' });
    }
    const labs = (await portal.call('GET', url)).json() as Array<{ value: number }> | { items: Array<{ value: number }> };
    expect((Array.isArray(labs) ? labs : labs.items).map((l) => l.value)).toEqual([92]);
  });

  it('a multipart body where JSON is expected answers 400, an array or a string 4xx, never 500', async () => {
    const boundary = '----almendra-sweep';
    const multipartBody = `--${boundary}\r\nContent-Disposition: form-data; name="date"\r\n\r\n2026-03-10\r\n--${boundary}--\r\n`;
    const failures: string[] = [];
    for (const op of jsonBodied()) {
      for (const [contentType, payload] of [[`multipart/form-data; boundary=${boundary}`, multipartBody], ['application/json', '[]'], ['application/json', '"texto"'], ['text/plain', 'hola']] as const) {
        const response = await t.app.inject({ method: op.method, url: urlOf(op), headers: { ...ownerAuth(op), 'content-type': contentType }, payload });
        // A multipart body where JSON is expected is a 400 on every such route (issue 24), the rest any 4xx.
        const refused = contentType.startsWith('multipart/') ? response.statusCode === 400 : response.statusCode >= 400 && response.statusCode < 500;
        if (!refused) failures.push(`${op.method} ${op.path} ${contentType} ${payload.slice(0, 10)} → ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe('who may call is decided before what they sent', () => {
  const ROLES = ['patient', 'nutritionist', 'admin'] as const;
  const tokenOf = (role: (typeof ROLES)[number]) => (role === 'patient' ? portal.patientAuth : role === 'nutritionist' ? portal.nutritionist.auth : adminAuth);

  it('every operation behind a sign-in documents the roles it admits (x-roles)', () => {
    const guarded = operations.filter((op) => JSON.stringify(op.security) === JSON.stringify([{ bearer: [] }]));
    expect(guarded.length).toBeGreaterThan(150);
    expect(guarded.filter((op) => !op['x-roles']?.length).map((op) => `${op.method} ${op.path}`)).toEqual([]);
    const rolesOf = (method: string, path: string) => operations.find((op) => op.method === method && op.path === path)?.['x-roles'];
    expect(rolesOf('POST', '/api/v1/patients/{id}/labs')).toEqual(['nutritionist', 'admin']);
    expect(rolesOf('GET', '/api/v1/portal/plan')).toEqual(['patient']);
    expect(rolesOf('GET', '/api/v1/admin/users')).toEqual(['admin']);
  });

  it('a role an operation does not admit gets 403 for any request, never 400 for what it sent (patient, nutritionist and admin tokens)', async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const op of operations) {
      const admitted = op['x-roles'];
      if (!admitted) continue;
      const takesBody = op.requestBody !== undefined;
      for (const role of ROLES.filter((r) => !admitted.includes(r))) {
        // Everything it sends is wrong too: an id that is no id, impossible query values, a null body.
        const response = await t.app.inject({
          method: op.method,
          url: `${urlOf(op)}?limit=abc&page=-1&date=2026-02-30&from=0000-00-00&to=nada`,
          headers: { ...tokenOf(role), ...(takesBody ? { 'content-type': 'application/json' } : {}) },
          ...(takesBody ? { payload: 'null' } : {}),
        });
        refused++;
        const error = response.json().error as { code: string; message: string } | undefined;
        if (response.statusCode !== 403 || error?.code !== 'FORBIDDEN') failures.push(`${role} ${op.method} ${op.path} → ${response.statusCode} ${error?.code}`);
      }
    }
    expect(failures).toEqual([]);
    // Patients on every practice route, nutritionists on the admin and portal routes, admins on the portal.
    expect(refused).toBeGreaterThan(150);
  });

  it("a patient's token on a nutritionist-only route with a bad body: 403 in Spanish, and nothing is created", async () => {
    const response = await portal.asPatient('POST', `/api/v1/patients/${portal.patientId}/labs`, { date: '2026-02-30', value: 'mucho' });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({ code: 'FORBIDDEN', message: 'No tienes permiso para hacer esto.' });
    const withValidBody = await portal.asPatient('POST', `/api/v1/patients/${portal.patientId}/labs`, { date: '2026-03-01', analyte: 'Glucemia', value: 90 });
    expect(withValidBody.statusCode).toBe(403);
    const labs = (await portal.call('GET', `/api/v1/patients/${portal.patientId}/labs`)).json() as Array<{ value: number }> | { items: Array<{ value: number }> };
    expect((Array.isArray(labs) ? labs : labs.items).filter((l) => l.value === 90)).toEqual([]);
    const photo = await portal.asPatient('GET', `/api/v1/patients/${'x'.repeat(100)}/photo?v=${'9'.repeat(40)}`);
    expect(photo.statusCode).toBe(403);
  });
});
