// The API document passes a third-party linter: Redocly's "recommended" ruleset (@redocly/openapi-core,
// the engine of the Redocly CLI) reports no errors on /api/openapi.json. Warnings are printed, not failed.
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('OpenAPI lint', () => {
  it("has no errors under Redocly's recommended rules", async () => {
    const source = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).body;
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'http://almendra.test/api/openapi.json', config });
    const describe = (p: (typeof problems)[number]) => `${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer).join(', ')}`;
    const errors = problems.filter((p) => p.severity === 'error').map(describe);
    const warnings = problems.filter((p) => p.severity === 'warn');
    if (warnings.length > 0) console.info(`Redocly recommended: ${warnings.length} warnings, e.g. ${warnings.slice(0, 3).map(describe).join(' | ')}`);
    expect(errors).toEqual([]);
  });
});
