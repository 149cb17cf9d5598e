// Test apps for the foods, dishes and food-requests suites: createTestApp() with a chosen food table — the
// 30-food fixture by default (loads in milliseconds), the full shipped table for foods-full.test.ts.
import { fileURLToPath } from 'node:url';
import { createTestApp, type TestApp } from './helpers.js';

export const FOODS_FIXTURE_FILE = fileURLToPath(new URL('./fixtures/foods-fixture.json.gz', import.meta.url));

/** foodTable 'fixture' (default): the 30-food fixture; 'full': the shipped table (data/foods/usda-sr24.json.gz). */
export function createFoodsTestApp(env: Record<string, string> = {}, options: { foodTable?: 'fixture' | 'full' } = {}): Promise<TestApp> {
  return createTestApp(env, { foodReferenceFile: options.foodTable === 'full' ? undefined : FOODS_FIXTURE_FILE });
}
