import { describe, expect, it } from 'vitest';
import { formatQuarterCount, householdAmount, measureAmountText, pluralMeasure } from './household.js';

// Gram weights below are SR24's own measure rows for these foods.
const WHOLE_MILK = [
  { amount: 1, description: 'cup', gramWeight: 244 },
  { amount: 1, description: 'tbsp', gramWeight: 15 },
  { amount: 1, description: 'fl oz', gramWeight: 30.5 },
];
const RAW_POTATO = [{ amount: 0.5, description: 'cup, diced', gramWeight: 75 }];
const ONION = [
  { amount: 1, description: 'cup, chopped', gramWeight: 160 },
  { amount: 1, description: 'tbsp chopped', gramWeight: 10 },
  { amount: 1, description: 'large', gramWeight: 150 },
  { amount: 1, description: 'small', gramWeight: 70 },
];

describe('householdAmount', () => {
  it('writes milk in cups and spoons, never in fluid ounces', () => {
    // 200 g / 244 g = 0.82 cup → ¾ taza (183 g, 8.5 % off).
    expect(householdAmount(200, WHOLE_MILK)).toEqual({ count: 0.75, text: '¾ taza', grams: 183 });
    // 250 g → 1 taza (244 g, 2.4 % off).
    expect(householdAmount(250, WHOLE_MILK)?.text).toBe('1 taza');
    // 30 g → 2 cucharadas (30 g).
    expect(householdAmount(30, WHOLE_MILK)?.text).toBe('2 cucharadas');
  });

  it('uses the measure per unit when the source gives it for half a cup', () => {
    // ½ cup = 75 g → 150 g per cup; 200 g = 1.33 → 1¼ tazas (187.5 g, 6.3 % off).
    expect(householdAmount(200, RAW_POTATO)).toEqual({ count: 1.25, text: '1¼ tazas, en cubos', grams: 187.5 });
  });

  it('prefers a counted unit when it is about as close as a cup', () => {
    // 150 g onion: 1 large (exact) beats ≈ 1 cup chopped (160 g).
    expect(householdAmount(150, ONION)?.text).toMatch(/^1 grande/);
    expect(householdAmount(140, ONION)?.text).toMatch(/^2 chicos|^1 grande/);
  });

  it('answers null when no measure fits within 15 % or the food has none', () => {
    expect(householdAmount(5000, WHOLE_MILK)).toBeNull();
    expect(householdAmount(100, [])).toBeNull();
    expect(householdAmount(0, WHOLE_MILK)).toBeNull();
    // Only a weight measure: not a household measure.
    expect(householdAmount(28, [{ amount: 1, description: 'oz', gramWeight: 28.35 }])).toBeNull();
  });
});

describe('formatting', () => {
  it('writes quarters as kitchen fractions and plurals for more than one', () => {
    expect(formatQuarterCount(0.25)).toBe('¼');
    expect(formatQuarterCount(1.5)).toBe('1½');
    expect(formatQuarterCount(3)).toBe('3');
    expect(pluralMeasure('taza, picado')).toBe('tazas, picado');
    expect(pluralMeasure('grande (unidad)')).toBe('grandes (unidades)');
    expect(pluralMeasure('porción')).toBe('porciones');
    expect(pluralMeasure('1 lata')).toBe('1 lata');
  });
});

describe('measureAmountText', () => {
  it('writes a quantity typed in a measure the way a patient reads it', () => {
    expect(measureAmountText(1.5, 'cup')).toBe('1½ tazas');
    expect(measureAmountText(1, 'tbsp')).toBe('1 cucharada');
    expect(measureAmountText(0.3, 'cup')).toBe('0,3 taza');
  });
});
