import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeDish, DishCycleError, findDishCycle, includedDishLine, MissingDishSourceError, type DishDefinition, type DishSources } from './dish.js';
import { scaleNutrients } from './quantities.js';
import { addTotals } from './totals.js';
import { expectTotalsClose, nutrientInputArbitrary } from './test-support.js';

// Values per 100 g from USDA SR24.
const foods: Record<string, { nutrients: Record<string, number> }> = {
  rice: { nutrients: { energyKcal: 130, proteinG: 2.69, fatG: 0.28, carbohydrateG: 28.17 } }, // 20045
  lentils: { nutrients: { energyKcal: 116, proteinG: 9.02, fatG: 0.38, carbohydrateG: 20.13 } }, // 16070
  oil: { nutrients: { energyKcal: 884, fatG: 100 } }, // 04053
};

function sources(dishes: DishDefinition[]): DishSources {
  const byId = new Map(dishes.map((d) => [d.id, d]));
  return { food: (id) => foods[id], dish: (id) => byId.get(id) };
}

const guiso: DishDefinition = {
  id: 'guiso',
  servings: 4,
  ingredients: [
    { kind: 'food', foodId: 'lentils', quantity: 400, gramsPerUnit: 1 },
    { kind: 'food', foodId: 'rice', quantity: 2, gramsPerUnit: 100 },
    { kind: 'food', foodId: 'oil', quantity: 10, gramsPerUnit: 1 },
  ],
};

describe('dish totals', () => {
  it('adds its food ingredients and divides by servings', () => {
    const result = computeDish(guiso, sources([guiso]));
    expect(result.grams).toBe(610);
    // 116 × 4 + 130 × 2 + 884 × 0.1
    expect(result.totals.values.energyKcal).toBeCloseTo(464 + 260 + 88.4, 10);
    // protein 9.0 × 4 + 2.7 × 2 (rounded per 100 g before scaling)
    expect(result.totals.values.proteinG).toBeCloseTo(36 + 5.4, 10);
    expect(result.perServing.grams).toBe(152.5);
    expect(result.perServing.totals.values.energyKcal).toBeCloseTo(812.4 / 4, 10);
    expect(result.lines.map((l) => l.grams)).toEqual([400, 200, 10]);
  });

  it('includes other dishes by serving or by grams', () => {
    const plate: DishDefinition = {
      id: 'plate',
      servings: 1,
      ingredients: [
        { kind: 'dish', dishId: 'guiso', quantity: 1, unit: 'serving' },
        { kind: 'dish', dishId: 'guiso', quantity: 61, unit: 'g' },
      ],
    };
    const result = computeDish(plate, sources([guiso, plate]));
    expect(result.lines[0]!.grams).toBe(152.5);
    expect(result.lines[0]!.amounts.values.energyKcal).toBeCloseTo(203.1, 10);
    expect(result.lines[1]!.grams).toBe(61);
    expect(result.lines[1]!.amounts.values.energyKcal).toBeCloseTo(81.24, 10); // a tenth of 812.4
    expect(result.grams).toBe(213.5);
  });

  it('an empty dish has zero totals', () => {
    const result = computeDish({ id: 'empty', servings: 2, ingredients: [] }, sources([]));
    expect(result.grams).toBe(0);
    expect(result.totals.values.energyKcal).toBe(0);
  });

  it('refuses a dish that contains itself, directly or indirectly', () => {
    const self: DishDefinition = { id: 'a', servings: 1, ingredients: [{ kind: 'dish', dishId: 'a', quantity: 1, unit: 'serving' }] };
    expect(() => computeDish(self, sources([self]))).toThrow(DishCycleError);
    const a: DishDefinition = { id: 'a', servings: 1, ingredients: [{ kind: 'dish', dishId: 'b', quantity: 1, unit: 'serving' }] };
    const b: DishDefinition = { id: 'b', servings: 1, ingredients: [{ kind: 'dish', dishId: 'c', quantity: 1, unit: 'serving' }] };
    const c: DishDefinition = { id: 'c', servings: 1, ingredients: [{ kind: 'dish', dishId: 'a', quantity: 1, unit: 'g' }] };
    try {
      computeDish(a, sources([a, b, c]));
      expect.fail('expected a cycle');
    } catch (error) {
      expect(error).toBeInstanceOf(DishCycleError);
      expect((error as DishCycleError).path).toEqual(['a', 'b', 'c', 'a']);
    }
  });

  it('uses a dish twice without calling it a cycle (diamond)', () => {
    const top: DishDefinition = {
      id: 'top',
      servings: 1,
      ingredients: [
        { kind: 'dish', dishId: 'guiso', quantity: 1, unit: 'serving' },
        { kind: 'dish', dishId: 'guiso', quantity: 1, unit: 'serving' },
      ],
    };
    expect(computeDish(top, sources([guiso, top])).grams).toBe(305);
  });

  it('reports ingredients it cannot resolve', () => {
    const broken: DishDefinition = { id: 'x', servings: 1, ingredients: [{ kind: 'food', foodId: 'ghost', quantity: 1, gramsPerUnit: 1 }] };
    expect(() => computeDish(broken, sources([]))).toThrow(MissingDishSourceError);
  });

  it('property: a dish of two foods totals the sum of both foods', () => {
    fc.assert(
      fc.property(nutrientInputArbitrary, nutrientInputArbitrary, fc.integer({ min: 0, max: 2000 }), fc.integer({ min: 0, max: 2000 }), (n1, n2, g1, g2) => {
        const local: DishSources = { food: (id) => ({ nutrients: id === 'one' ? n1 : n2 }), dish: () => undefined };
        const dish: DishDefinition = {
          id: 'd',
          servings: 3,
          ingredients: [
            { kind: 'food', foodId: 'one', quantity: g1, gramsPerUnit: 1 },
            { kind: 'food', foodId: 'two', quantity: g2, gramsPerUnit: 1 },
          ],
        };
        expectTotalsClose(computeDish(dish, local).totals, addTotals(scaleNutrients(n1, g1), scaleNutrients(n2, g2)));
      }),
    );
  });
});

describe('findDishCycle', () => {
  const graph: Record<string, string[]> = { a: ['b'], b: ['c'], c: [], d: ['a'] };
  const edges = (overrides: Record<string, string[]>) => (id: string) => overrides[id] ?? graph[id] ?? [];

  it('finds none in an acyclic graph', () => {
    expect(findDishCycle('a', edges({}))).toBeNull();
    expect(findDishCycle('d', edges({}))).toBeNull();
  });

  it('finds the loop an edit would create', () => {
    expect(findDishCycle('c', edges({ c: ['d'] }))).toEqual(['c', 'd', 'a', 'b', 'c']);
    expect(findDishCycle('a', edges({ a: ['a'] }))).toEqual(['a', 'a']);
  });

  it('ignores loops that do not pass through the dish being edited', () => {
    expect(findDishCycle('d', edges({ b: ['a'] }))).toBeNull();
  });
});

describe('includedDishLine (a dish editor’s live line for an included dish)', () => {
  it('matches what computeDish gives for the same included dish, by serving and by grams', () => {
    const local = { oil: { nutrients: { energyKcal: 884, fatG: 100 } }, rice: { nutrients: { energyKcal: 130, carbohydrateG: 28.2 } } };
    const inner = { id: 'inner', servings: 4, ingredients: [
      { kind: 'food' as const, foodId: 'oil', quantity: 20, gramsPerUnit: 1 },
      { kind: 'food' as const, foodId: 'rice', quantity: 400, gramsPerUnit: 1 },
    ] };
    const outer = { id: 'outer', servings: 1, ingredients: [
      { kind: 'dish' as const, dishId: 'inner', quantity: 1.5, unit: 'serving' as const },
      { kind: 'dish' as const, dishId: 'inner', quantity: 100, unit: 'g' as const },
    ] };
    const sources = { food: (id: string) => local[id as keyof typeof local], dish: (id: string) => (id === 'inner' ? inner : undefined) };
    const computedInner = computeDish(inner, sources);
    const computedOuter = computeDish(outer, sources);
    const included = { grams: computedInner.grams, totals: computedInner.totals, servings: inner.servings };
    expect(includedDishLine(included, 1.5, 'serving')).toEqual(computedOuter.lines[0]);
    expect(includedDishLine(included, '100', 'g')).toEqual(computedOuter.lines[1]);
    expect(includedDishLine({ ...included, grams: 0 }, 100, 'g').amounts.values.energyKcal).toBe(0);
  });
});
