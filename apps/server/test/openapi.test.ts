// /api/openapi.json is what other tools generate clients from: every operation is named (operationId,
// unique) and summarised, guarded operations declare the bearer scheme, and the error statuses a
// client must handle are documented with the uniform error body.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdFor } from '../src/lib/openapi-conventions.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Operation = { operationId?: string; summary?: string; security?: unknown[]; responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };

describe('GET /api/openapi.json', () => {
  it('names, summarises and secures every operation and documents its error answers', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      components: { securitySchemes: Record<string, unknown> };
      paths: Record<string, Record<string, Operation>>;
    };
    expect(doc.components.securitySchemes.bearer).toEqual({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    const operations = Object.entries(doc.paths).flatMap(([route, methods]) => Object.entries(methods).map(([method, op]) => ({ route, method, op })));
    expect(operations.length).toBeGreaterThan(100);
    const ids = new Set<string>();
    for (const { route, method, op } of operations) {
      const where = `${method.toUpperCase()} ${route}`;
      expect(op.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(op.operationId!), `${where} duplicates ${op.operationId}`).toBe(false);
      ids.add(op.operationId!);
      expect(op.summary, where).toBeTruthy();
      for (const status of ['400', '404']) {
        const errorSchema = op.responses?.[status]?.content?.['application/json']?.schema as { properties?: Record<string, unknown> } | undefined;
        expect(errorSchema?.properties, `${where} ${status}`).toHaveProperty('error');
      }
    }
    const patients = doc.paths['/api/v1/patients']!.get!;
    expect(patients.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(patients.responses!)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409', '413', '429']));
    // Public operations ask for no token.
    expect(doc.paths['/api/v1/auth/login']!.post!.security).toEqual([]);
    expect(doc.paths['/api/v1/health']!.get!.security).toEqual([]);
  });

  it('derives readable operation ids from the method and path', () => {
    expect(operationIdFor('GET', '/api/v1/patients/:id/consultations')).toBe('getPatientsByIdConsultations');
    expect(operationIdFor('POST', '/api/v1/appointments/:id/notify-change')).toBe('postAppointmentsByIdNotifyChange');
    expect(operationIdFor('GET', '/api/v1/health/ready')).toBe('getHealthReady');
  });
});

describe('a typed client generated from the document', () => {
  it('type-checks a call against the patient list, and rejects a wrong one', async () => {
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const ts = await import('typescript');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-client-'));
    try {
      fs.writeFileSync(path.join(dir, 'api.d.ts'), astToString(await openapiTS(doc)));
      const call = (firstName: string) => `import type { paths } from './api';
type Page = paths['/api/v1/patients']['get']['responses'][200]['content']['application/json'];
type Query = NonNullable<paths['/api/v1/patients']['get']['parameters']['query']>;
const query: Query = { q: 'ana' };
declare const page: Page;
const name: string = page.items[0]!.firstName;
const typed: Page['items'][number]['firstName'] = ${firstName};
export { query, name, typed };
`;
      // One program for both calls (the 1.7 MB of generated types parsed and bound once), on the ES2022
      // library alone: the generated types need no DOM, and the DOM library was most of the parse.
      fs.writeFileSync(path.join(dir, 'right.ts'), call("'Ana'"));
      fs.writeFileSync(path.join(dir, 'wrong.ts'), call('42'));
      const program = ts.createProgram([path.join(dir, 'right.ts'), path.join(dir, 'wrong.ts')], { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es2022.d.ts'], types: [], module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, skipLibCheck: true });
      const diagnosticsOf = (file: string) => ts.getPreEmitDiagnostics(program, program.getSourceFile(path.join(dir, file))).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(diagnosticsOf('right.ts')).toEqual([]);
      // The generated types really constrain: a number is not a first name.
      expect(diagnosticsOf('wrong.ts').join('\n')).toMatch(/not assignable to type 'string'/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
