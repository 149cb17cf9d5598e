import { describe, expect, it } from 'vitest';
import { formatQuarterCount, householdAmount, lineAmount, measureAmountText, pluralMeasure, singularMeasure } from './household.js';

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

// The Argentine layer's measures (data/foods/argentina/measures-es-AR.tsv, grams from SR24).
const BANANA = [
  { amount: 1, description: 'unidad chica', gramWeight: 101 },
  { amount: 1, description: 'unidad mediana', gramWeight: 118 },
  { amount: 1, description: 'unidad grande', gramWeight: 136 },
  { amount: 1, description: 'taza, en puré', gramWeight: 225 },
  { amount: 1, description: 'taza, en rodajas', gramWeight: 150 },
];
const PAN_FRANCES = [
  { amount: 1, description: 'pancito', gramWeight: 38 },
  { amount: 1, description: 'rodaja', gramWeight: 32 },
];
const MATE = [
  { amount: 1, description: 'termo', gramWeight: 500 },
  { amount: 1, description: 'ml', gramWeight: 1 },
];
const LECHE = [...WHOLE_MILK.filter((m) => m.description !== 'fl oz'), { amount: 1, description: 'ml', gramWeight: 1.031 }];

describe('Argentine usual measures', () => {
  it('writes a counted food in units, whole ones first, never in cups of purée', () => {
    expect(householdAmount(100, BANANA)?.text).toBe('1 unidad chica');
    // 150 g is exactly 1 taza en rodajas, but a banana is counted: 1½ chicas (151.5 g) beats 1 grande (136 g, 9 % off).
    expect(householdAmount(150, BANANA)?.text).toBe('1½ unidades chicas');
    expect(householdAmount(240, BANANA)?.text).toBe('2 unidades medianas');
    expect(householdAmount(60, PAN_FRANCES)?.text).toBe('2 rodajas');
    expect(householdAmount(40, PAN_FRANCES)?.text).toBe('1 pancito');
  });

  it('prints a drink in millilitres and anything else in grams', () => {
    expect(lineAmount(500, MATE)).toEqual({ value: 500, unit: 'ml' });
    expect(lineAmount(200, LECHE)).toEqual({ value: 194, unit: 'ml' });
    expect(lineAmount(60.4, PAN_FRANCES)).toEqual({ value: 60, unit: 'g' });
    // The ml measure itself is never a household amount.
    expect(householdAmount(500, MATE)?.text).toBe('1 termo');
    expect(householdAmount(200, LECHE)?.text).toBe('¾ taza');
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
    expect(pluralMeasure('unidad mediana')).toBe('unidades medianas');
    expect(pluralMeasure('taza, en puré')).toBe('tazas, en puré');
  });
});

describe('a measure written in the plural', () => {
  // SR24 gives mozzarella as "2 slices" (amount 2): the rows' description is plural, the count per slice.
  const MOZZARELLA = [{ amount: 2, description: 'slices', gramWeight: 56 }];
  it('reads in the singular for one or less: "1 rebanada", never "1 rebanadas"', () => {
    expect(householdAmount(28, MOZZARELLA)?.text).toBe('1 rebanada');
    expect(householdAmount(14, MOZZARELLA)?.text).toBe('½ rebanada');
    expect(householdAmount(56, MOZZARELLA)?.text).toBe('2 rebanadas');
    expect(measureAmountText(1, 'slices')).toBe('1 rebanada');
    expect(singularMeasure('unidades medianas')).toBe('unidad mediana');
    expect(singularMeasure('grandes (unidades)')).toBe('grande (unidad)');
    expect(singularMeasure('taza, picado')).toBe('taza, picado');
  });
});

describe('measureAmountText', () => {
  it('writes a quantity typed in a measure the way a patient reads it', () => {
    expect(measureAmountText(1.5, 'cup')).toBe('1½ tazas');
    expect(measureAmountText(1, 'tbsp')).toBe('1 cucharada');
    expect(measureAmountText(0.3, 'cup')).toBe('0,3 taza');
  });
});
