import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NUTRIENT_KEYS, NUTRIENTS } from './nutrient-keys.js';
import { isNutrientKey, per100gValue, roundTo, toNutrientNumber } from './values.js';

describe('nutrient keys (generated from data/foods/nutrients.json)', () => {
  it('has the 71 keys of the food table, unique, starting with the macros', () => {
    expect(NUTRIENT_KEYS).toHaveLength(71);
    expect(new Set(NUTRIENT_KEYS).size).toBe(71);
    expect(NUTRIENT_KEYS.slice(0, 4)).toEqual(['energyKcal', 'proteinG', 'fatG', 'carbohydrateG']);
    expect(NUTRIENTS.find((n) => n.key === 'cholesterolMg')).toMatchObject({ unit: 'mg', group: 'fats', nameEs: 'Colesterol' });
    expect(isNutrientKey('omega3G')).toBe(true);
    expect(isNutrientKey('Proteinas')).toBe(false);
  });
});

describe('toNutrientNumber (seed 1 §5: empty or non-numeric counts as 0)', () => {
  it.each([
    [12.5, 12.5],
    [0, 0],
    ['12.5', 12.5],
    ['12,5', 12.5],
    [' 3 ', 3],
    ['.5', 0.5],
    ['', 0],
    ['   ', 0],
    ['abc', 0],
    ['12abc', 0],
    ['1.2.3', 0],
    [null, 0],
    [undefined, 0],
    [Number.NaN, 0],
    [Number.POSITIVE_INFINITY, 0],
    [true, 0],
    [{}, 0],
  ])('%j → %j', (raw, expected) => {
    expect(toNutrientNumber(raw)).toBe(expected);
  });
});

describe('roundTo (half away from zero, immune to binary noise)', () => {
  it.each([
    [14.66, 1, 14.7],
    [1.45, 1, 1.5],
    [2.25, 1, 2.3],
    [0.05, 1, 0.1],
    [0.04, 1, 0],
    [-1.45, 1, -1.5],
    [-0.04, 1, 0],
    [1.005, 2, 1.01],
    [160, 1, 160],
  ])('roundTo(%d, %d) = %d', (value, decimals, expected) => {
    expect(roundTo(value, decimals)).toBe(expected);
  });

  it('never returns -0', () => {
    expect(Object.is(roundTo(-0.01, 1), 0)).toBe(true);
  });

  it('property: the result is within half a unit of the last place and has at most that many decimals', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e6, max: 1e6, noNaN: true }), (value) => {
        const rounded = roundTo(value, 1);
        expect(Math.abs(rounded - value)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(Math.abs(Number((rounded * 10).toFixed(6)) % 1)).toBe(0);
      }),
    );
  });

  // The string-only version roundTo had before it skipped toPrecision away from ties: every answer
  // must stay bit for bit the same (including the sign of zero).
  const stringRoundTo = (value: number, decimals: number): number => {
    if (!Number.isFinite(value)) return value;
    const factor = 10 ** decimals;
    const scaled = Number((Math.abs(value) * factor).toPrecision(15));
    const rounded = (Math.sign(value) * Math.round(scaled)) / factor;
    return rounded === 0 ? 0 : rounded;
  };
  const bits = new Float64Array(1);
  const asInt = new BigInt64Array(bits.buffer);
  /** `value` moved by `steps` units in the last place (toward +∞ for positive steps on positives). */
  const ulpStep = (value: number, steps: number): number => {
    bits[0] = value;
    asInt[0] = asInt[0]! + BigInt(steps);
    return bits[0]!;
  };
  const sameAsString = (value: number, decimals: number): void => {
    const fast = roundTo(value, decimals);
    const slow = stringRoundTo(value, decimals);
    if (!Object.is(fast, slow)) expect.fail(`roundTo(${value}, ${decimals}) = ${fast}, the string path gives ${slow}`);
  };

  it('property: identical to the toPrecision-only rounding for any double', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true }), fc.integer({ min: 0, max: 4 }), sameAsString),
      { numRuns: 20_000 },
    );
    for (const value of [0, -0, 1e15, 1e16 + 2, 123456789012345.67, -99999999999999.95, Number.MIN_VALUE, Number.MAX_VALUE, Infinity, -Infinity]) {
      for (const decimals of [0, 1, 2, 4]) sameAsString(value, decimals);
    }
  });

  it('property: identical at and a few ulps around every half-unit tie (where binary noise decides)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -2_000_000_000, max: 2_000_000_000 }),
        fc.integer({ min: 0, max: 4 }),
        fc.integer({ min: -6, max: 6 }),
        (units, decimals, steps) => {
          // (units + 0.5) / 10^decimals written as a decimal literal, e.g. 1.45, 0.05, -2.25, 1.005.
          const tie = Number(`${units < 0 ? '-' : ''}${Math.abs(units) + 0.5}e-${decimals}`);
          sameAsString(ulpStep(tie, steps), decimals);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('property: identical for values with up to 3 decimals as the food table and forms write them', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), fc.integer({ min: 0, max: 3 }), (thousandths, decimals) => {
        sameAsString(thousandths / 1000, decimals);
        sameAsString((thousandths / 1000) * 1.5, decimals);
      }),
      { numRuns: 20_000 },
    );
  });

  it('per100gValue reads leniently then rounds to 1 decimal', () => {
    expect(per100gValue('14,66')).toBe(14.7);
    expect(per100gValue('x')).toBe(0);
  });
});
