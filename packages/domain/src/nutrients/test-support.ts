// Test helpers for the nutrients module (imported only by *.test.ts files).
import fc from 'fast-check';
import { expect } from 'vitest';
import { NUTRIENT_KEYS } from './nutrient-keys.js';
import type { NutrientTotals } from './totals.js';

/** Equal up to floating-point rounding (relative 1e-9), with the same missing keys. */
export function expectTotalsClose(actual: NutrientTotals, expected: NutrientTotals): void {
  for (const key of NUTRIENT_KEYS) {
    const a = actual.values[key];
    const b = expected.values[key];
    const tolerance = 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
    if (Math.abs(a - b) > tolerance) expect.fail(`${key}: ${a} ≠ ${b}`);
  }
  expect([...actual.missing]).toEqual([...expected.missing]);
}

/** A per-100 g value map with a few keys set (values with up to 2 decimals, like the source). */
export const nutrientInputArbitrary = fc.dictionary(
  fc.constantFrom(...NUTRIENT_KEYS.slice(0, 12)),
  fc.integer({ min: 0, max: 90_000 }).map((v) => v / 100),
  { maxKeys: 12 },
);
