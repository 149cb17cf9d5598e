import { describe, expect, it } from 'vitest';
import { displayUnit, fromDisplayValue, NUTRIENT_DISPLAY_UNITS, toDisplayValue } from './display.js';
import { NUTRIENT_KEYS } from './nutrient-keys.js';
import { scaleNutrients } from './quantities.js';
import { SUMMARY_GROUP_IDS, SUMMARY_GROUPS, summarizeTotals } from './summary-groups.js';

describe('display units (seed 1 §9)', () => {
  it('shows omega 3 and omega 6 in mg (g × 1000)', () => {
    expect(displayUnit('omega3G')).toBe('mg');
    expect(toDisplayValue('omega3G', 0.11)).toBeCloseTo(110, 10);
    expect(toDisplayValue('omega6G', 1.674)).toBeCloseTo(1674, 10);
    expect(fromDisplayValue('omega6G', 1674)).toBeCloseTo(1.674, 10);
  });

  it('keeps macros and fats in g and cholesterol in mg (deviation: not mg/dL)', () => {
    expect(['energyKcal', 'proteinG', 'fatG', 'carbohydrateG', 'saturatedFatG'].map((k) => displayUnit(k as never))).toEqual([
      'kcal',
      'g',
      'g',
      'g',
      'g',
    ]);
    expect(displayUnit('cholesterolMg')).toBe('mg');
  });

  it('keeps µg and IU where SR uses them (deviation documented in display.ts)', () => {
    expect(displayUnit('vitaminB12Ug')).toBe('µg');
    expect(displayUnit('vitaminDIU')).toBe('IU');
    expect(displayUnit('calciumMg')).toBe('mg');
  });

  it('has a unit for every key', () => {
    expect(Object.keys(NUTRIENT_DISPLAY_UNITS)).toEqual([...NUTRIENT_KEYS]);
  });
});

describe('summary groups (seed 1 §3)', () => {
  it('lists the spec groups in order, plus amino acids', () => {
    expect(SUMMARY_GROUPS.map((g) => g.id)).toEqual([...SUMMARY_GROUP_IDS]);
    expect(SUMMARY_GROUPS[0]!.keys).toEqual(['energyKcal', 'proteinG', 'fatG', 'carbohydrateG']);
    expect(SUMMARY_GROUPS[1]!.keys.slice(0, 6)).toEqual(['saturatedFatG', 'polyunsaturatedFatG', 'omega3G', 'omega6G', 'monounsaturatedFatG', 'cholesterolMg']);
    expect(SUMMARY_GROUPS[3]!.keys.slice(0, 10)).toEqual([
      'calciumMg',
      'ironMg',
      'magnesiumMg',
      'phosphorusMg',
      'potassiumMg',
      'sodiumMg',
      'zincMg',
      'copperMg',
      'manganeseMg',
      'seleniumUg',
    ]);
    expect(SUMMARY_GROUPS[4]!.keys.slice(0, 4)).toEqual(['waterG', 'ashG', 'sugarG', 'fiberG']);
  });

  it('puts every nutrient key in exactly one group', () => {
    const all = SUMMARY_GROUPS.flatMap((g) => g.keys);
    expect(all).toHaveLength(NUTRIENT_KEYS.length);
    expect(new Set(all)).toEqual(new Set(NUTRIENT_KEYS));
  });

  it('summarizes totals in display units and flags incomplete values', () => {
    // 100 g of SR24 15076 Atlantic salmon, raw: omega 3 2.506 g, no vitamin D value.
    const summary = summarizeTotals(scaleNutrients({ energyKcal: 142, omega3G: 2.506 }, 100));
    const fats = summary.find((g) => g.id === 'fats')!;
    expect(fats.nutrients.find((n) => n.key === 'omega3G')).toMatchObject({ value: 2500, unit: 'mg', incomplete: false, nameEs: 'Ácidos grasos omega 3' });
    const vitamins = summary.find((g) => g.id === 'vitamins')!;
    expect(vitamins.nutrients.find((n) => n.key === 'vitaminDIU')).toMatchObject({ value: 0, incomplete: true });
  });
});
