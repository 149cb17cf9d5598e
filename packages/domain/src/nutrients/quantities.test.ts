import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NUTRIENT_KEYS } from './nutrient-keys.js';
import { findMeasure, nutrientAmount, roundedPer100g, scaleNutrients, unitFactor, UnknownUnitError, type HouseholdMeasure } from './quantities.js';
import { addTotals, scaleTotals } from './totals.js';
import { expectTotalsClose, nutrientInputArbitrary } from './test-support.js';

// USDA SR24 09037 "Avocados, raw, all commercial varieties" (data/foods/usda-sr24.json.gz).
const avocado = {
  nutrients: { energyKcal: 160, proteinG: 2, fatG: 14.66, carbohydrateG: 8.53, fiberG: 6.7 },
  measures: [
    { position: 1, amount: 1, description: 'cup, cubes', gramWeight: 150 },
    { position: 2, amount: 1, description: 'cup, pureed', gramWeight: 230 },
    { position: 3, amount: 0.5, description: 'avocado, NS as to Florida or California', gramWeight: 100.5 },
  ] satisfies HouseholdMeasure[],
};

describe('unit factor (seed 1 §9: 1 for grams, else the household unit weight)', () => {
  it('is 1 for grams', () => {
    expect(unitFactor('g', avocado.measures)).toBe(1);
  });

  it('is the gram weight of one unit of a measure, by position or description', () => {
    expect(unitFactor(1, avocado.measures)).toBe(150);
    expect(unitFactor(' Cup,  Pureed ', avocado.measures)).toBe(230);
  });

  it('divides by the USDA amount: 0.5 avocado = 100.5 g → 1 avocado = 201 g', () => {
    expect(unitFactor(3, avocado.measures)).toBe(201);
  });

  it('uses the list position when measures carry none', () => {
    expect(findMeasure([{ description: 'a', gramWeight: 1 }, { description: 'b', gramWeight: 2 }], 2)?.description).toBe('b');
  });

  it('refuses a unit the food does not have', () => {
    expect(() => unitFactor('taza', avocado.measures)).toThrow(UnknownUnitError);
    expect(() => unitFactor(9, avocado.measures)).toThrow(UnknownUnitError);
  });
});

describe('scaling (values per 100 g rounded to 1 decimal before scaling)', () => {
  it('1 cup of avocado cubes (150 g): fat is 14.7 × 1.5 = 22.05 g, not 14.66 × 1.5 = 21.99 g', () => {
    const totals = scaleNutrients(avocado.nutrients, unitFactor(1, avocado.measures));
    expect(totals.values.fatG).toBeCloseTo(22.05, 10);
    expect(totals.values.energyKcal).toBe(240);
    expect(totals.values.carbohydrateG).toBeCloseTo(12.75, 10); // 8.5 × 1.5
  });

  it('counts keys without a value as 0 and lists them as missing', () => {
    const totals = scaleNutrients(avocado.nutrients, 100);
    expect(totals.values.vitaminDIU).toBe(0);
    expect(totals.missing).toContain('vitaminDIU');
    expect(totals.missing).not.toContain('fatG');
    expect(totals.missing).toHaveLength(NUTRIENT_KEYS.length - 5);
  });

  it('counts empty and non-numeric values as 0 without calling them missing', () => {
    const totals = scaleNutrients({ proteinG: '', fatG: 'n/d', energyKcal: '52,3' }, 200);
    expect(totals.values.proteinG).toBe(0);
    expect(totals.values.fatG).toBe(0);
    expect(totals.values.energyKcal).toBeCloseTo(104.6, 10);
    expect(totals.missing).not.toContain('proteinG');
  });

  it('nutrientAmount scales one value', () => {
    expect(nutrientAmount(14.66, 50)).toBeCloseTo(7.35, 10);
  });

  it('property: scaling is linear in grams', () => {
    fc.assert(
      fc.property(
        nutrientInputArbitrary,
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 20 }),
        (nutrients, g1, g2, k) => {
          expectTotalsClose(scaleNutrients(nutrients, k * g1), scaleTotals(scaleNutrients(nutrients, g1), k));
          expectTotalsClose(scaleNutrients(nutrients, g1 + g2), addTotals(scaleNutrients(nutrients, g1), scaleNutrients(nutrients, g2)));
        },
      ),
    );
  });

  it('rounds each food object once, yet sees values changed in place (the cache never goes stale)', () => {
    const food: Record<string, unknown> = { energyKcal: 100, proteinG: 1.45 };
    expect(scaleNutrients(food, 100).values.proteinG).toBe(1.5);
    food.proteinG = 2.04;
    delete food.energyKcal;
    const after = scaleNutrients(food, 100);
    expect(after.values.proteinG).toBe(2);
    expect(after.values.energyKcal).toBe(0);
    expect(after.missing).toContain('energyKcal');
    // The returned missing list is the caller's own copy.
    (after.missing as string[]).push('x');
    expect(scaleNutrients(food, 100).missing).not.toContain('x');
    // Frozen after a change that came after the first rounding: still the new value.
    food.proteinG = 3.06;
    Object.freeze(food);
    expect(scaleNutrients(food, 100).values.proteinG).toBe(3.1);
    const frozen = Object.freeze({ fatG: 14.66 });
    expect(scaleNutrients(frozen, 150).values.fatG).toBe(scaleNutrients(frozen, 150).values.fatG);
    expect(roundedPer100g(frozen)).toBe(roundedPer100g(frozen));
  });

  it('property: identical, bit for bit, to scaling each key with nutrientAmount (first call and cached calls)', () => {
    const value = fc.oneof(fc.double({ min: -1e6, max: 1e6, noNaN: true }), fc.integer({ min: 0, max: 90_000 }).map((v) => v / 1000), fc.constantFrom('12,45', ' 3.25 ', '', 'n/d', null, undefined));
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...NUTRIENT_KEYS), value, { maxKeys: 30 }), fc.double({ min: 0, max: 5000, noNaN: true }), (per100g, grams) => {
        for (let call = 0; call < 2; call += 1) {
          const totals = scaleNutrients(per100g, grams);
          for (const key of NUTRIENT_KEYS) {
            if (!Object.is(totals.values[key], nutrientAmount(per100g[key], grams))) expect.fail(`${key}: ${totals.values[key]}`);
          }
          expect(totals.missing).toEqual(NUTRIENT_KEYS.filter((key) => per100g[key] === undefined || per100g[key] === null));
        }
      }),
    );
  });
});
