import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activeLines, addFood, changeQuantity, changeUnit, createCalculator, deletedLineOf, recalculate, removeFood, type CalculatorFood } from './calculator.js';
import { UnknownUnitError } from './quantities.js';
import { addTotals, emptyTotals } from './totals.js';
import { expectTotalsClose, nutrientInputArbitrary } from './test-support.js';

// Values per 100 g from USDA SR24 (data/foods/usda-sr24.json.gz).
const avocado: CalculatorFood = {
  id: 'usda:09037',
  nutrients: { energyKcal: 160, proteinG: 2, fatG: 14.66, carbohydrateG: 8.53 },
  measures: [{ position: 1, amount: 1, description: 'cup, cubes', gramWeight: 150 }],
};
const lentils: CalculatorFood = {
  id: 'usda:16070',
  nutrients: { energyKcal: 116, proteinG: 9.02, fatG: 0.38, carbohydrateG: 20.13 },
  measures: [{ position: 1, amount: 1, description: 'cup', gramWeight: 198 }],
};

describe('food calculator transitions (seed 1 §4)', () => {
  it('adding a food with quantity and unit adds its amounts to the running totals', () => {
    let state = addFood(createCalculator(), avocado, 100, 'g');
    expect(state.totals.values.energyKcal).toBe(160);
    state = addFood(state, lentils, 1, 1);
    // 160 + 116 × 1.98; protein 2 + 9.0 × 1.98 (9.02 rounded to 9.0 before scaling)
    expect(state.totals.values.energyKcal).toBeCloseTo(160 + 229.68, 10);
    expect(state.totals.values.proteinG).toBeCloseTo(2 + 17.82, 10);
    expect(state.lines.map((l) => [l.food.id, l.grams])).toEqual([
      ['usda:09037', 100],
      ['usda:16070', 198],
    ]);
  });

  it('removing subtracts the food and marks its line deleted', () => {
    const both = addFood(addFood(createCalculator(), avocado, 100), lentils, 100);
    const state = removeFood(both, avocado.id);
    expect(state.totals.values.energyKcal).toBe(116);
    expect(state.lines.find((l) => l.food.id === avocado.id)?.deleted).toBe(true);
    expect(activeLines(state).map((l) => l.food.id)).toEqual([lentils.id]);
  });

  it('re-adding an existing food un-deletes it with the new quantity and unit and recalculates', () => {
    const removed = removeFood(addFood(addFood(createCalculator(), avocado, 100), lentils, 100), avocado.id);
    const state = addFood(removed, avocado, 1, 'cup, cubes');
    expect(state.lines).toHaveLength(2);
    expect(state.lines[0]).toMatchObject({ deleted: false, quantity: 1, unit: 'cup, cubes', grams: 150 });
    expect(state.totals.values.energyKcal).toBeCloseTo(240 + 116, 10);
  });

  it('re-adding a food that is still active replaces its quantity instead of duplicating it', () => {
    const state = addFood(addFood(createCalculator(), avocado, 100), avocado, 50);
    expect(state.lines).toHaveLength(1);
    expect(state.totals.values.energyKcal).toBe(80);
  });

  it('changing quantity or unit recalculates all totals', () => {
    let state = addFood(addFood(createCalculator(), avocado, 100), lentils, 100);
    state = changeQuantity(state, lentils.id, '50');
    expect(state.totals.values.energyKcal).toBe(160 + 58);
    state = changeUnit(state, avocado.id, 1);
    // 100 × "cup, cubes" (150 g) = 15 kg of avocado
    expect(state.totals.values.energyKcal).toBe(24_000 + 58);
    state = changeQuantity(state, avocado.id, 1);
    expect(state.totals.values.energyKcal).toBe(240 + 58);
  });

  it('an empty or non-numeric quantity counts as 0', () => {
    const state = changeQuantity(addFood(createCalculator(), avocado, 100), avocado.id, 'abc');
    expect(state.lines[0]!.quantity).toBe(0);
    expect(state.totals.values.energyKcal).toBe(0);
  });

  it('ignores removing or changing a food that is not in the list, and refuses unknown units', () => {
    const state = addFood(createCalculator(), avocado, 100);
    expect(removeFood(state, 'nope')).toBe(state);
    expect(changeQuantity(state, 'nope', 3)).toBe(state);
    expect(() => addFood(state, lentils, 1, 'plato')).toThrow(UnknownUnitError);
  });

  it('recalculate picks up changed food values (editing a food updates what uses it)', () => {
    const state = addFood(createCalculator(), avocado, 100);
    const edited = recalculate(state.lines.map((l) => ({ ...l, food: { ...l.food, nutrients: { energyKcal: 170 } } })));
    expect(edited.totals.values.energyKcal).toBe(170);
  });
});

const foodArbitrary = fc.record({
  nutrients: nutrientInputArbitrary,
  grams: fc.integer({ min: 0, max: 1000 }),
});
const foodListArbitrary = fc.array(foodArbitrary, { maxLength: 8 });

function build(items: { nutrients: Record<string, number>; grams: number }[], prefix: string) {
  return items.reduce(
    (state, item, index) => addFood(state, { id: `${prefix}${index}`, nutrients: item.nutrients }, item.grams, 'g'),
    createCalculator(),
  );
}

describe('calculator properties', () => {
  it('totals are additive: totals(A then B) = totals(A) + totals(B)', () => {
    fc.assert(
      fc.property(foodListArbitrary, foodListArbitrary, (a, b) => {
        const both = [...a, ...b].reduce(
          (state, item, index) => addFood(state, { id: `f${index}`, nutrients: item.nutrients }, item.grams, 'g'),
          createCalculator(),
        );
        expectTotalsClose(both.totals, addTotals(build(a, 'a').totals, build(b, 'b').totals));
      }),
    );
  });

  it('adding a food then removing it returns exactly to the starting totals', () => {
    fc.assert(
      fc.property(foodListArbitrary, foodArbitrary, (start, extra) => {
        const before = build(start, 's');
        const after = removeFood(addFood(before, { id: 'extra', nutrients: extra.nutrients }, extra.grams, 'g'), 'extra');
        expect(after.totals).toEqual(before.totals);
      }),
    );
  });

  it('removing every food returns to empty totals', () => {
    fc.assert(
      fc.property(foodListArbitrary, (items) => {
        const state = items.reduce((s, _item, index) => removeFood(s, `s${index}`), build(items, 's'));
        expect(state.totals).toEqual(emptyTotals());
      }),
    );
  });

  it('scaling is linear: k × quantity gives k × the totals', () => {
    fc.assert(
      fc.property(foodArbitrary, fc.integer({ min: 0, max: 10 }), (item, k) => {
        const food = { id: 'x', nutrients: item.nutrients };
        const one = addFood(createCalculator(), food, item.grams, 'g').totals;
        const many = addFood(createCalculator(), food, k * item.grams, 'g').totals;
        for (const key of Object.keys(one.values) as (keyof typeof one.values)[]) {
          expect(many.values[key]).toBeCloseTo(k * one.values[key], 6);
        }
      }),
    );
  });
});

describe('calculator lines keyed by a line id (dish editor)', () => {
  it('keeps the same food in two lines when each has its own id', () => {
    let state = addFood(createCalculator(), avocado, 100, 'g', 'line-1');
    state = addFood(state, avocado, 50, 'g', 'line-2');
    expect(activeLines(state).map((l) => [l.id, l.food.id, l.grams])).toEqual([
      ['line-1', 'usda:09037', 100],
      ['line-2', 'usda:09037', 50],
    ]);
    expect(state.totals.values.energyKcal).toBe(240);
    state = changeQuantity(state, 'line-2', 25);
    expect(state.totals.values.energyKcal).toBe(200);
    state = changeUnit(changeQuantity(state, 'line-1', 1), 'line-1', 1);
    expect(state.lines[0]!.grams).toBe(150);
    state = removeFood(state, 'line-1');
    expect(activeLines(state).map((l) => l.id)).toEqual(['line-2']);
    expect(state.totals.values.energyKcal).toBe(40);
  });

  it('re-adding a removed food revives its deleted line (found with deletedLineOf)', () => {
    let state = addFood(addFood(createCalculator(), avocado, 100, 'g', 'a'), lentils, 100, 'g', 'b');
    const before = state.totals;
    state = removeFood(state, 'a');
    expect(deletedLineOf(state, avocado.id)).toBe('a');
    expect(deletedLineOf(state, lentils.id)).toBeNull();
    state = addFood(state, avocado, 100, 'g', deletedLineOf(state, avocado.id) ?? 'c');
    expect(state.lines.map((l) => [l.id, l.deleted])).toEqual([
      ['a', false],
      ['b', false],
    ]);
    expect(state.totals).toEqual(before);
  });

  it('defaults the line id to the food id (the spec semantics: one line per food)', () => {
    const state = addFood(addFood(createCalculator(), avocado, 100), avocado, 30);
    expect(state.lines.map((l) => [l.id, l.grams])).toEqual([['usda:09037', 30]]);
  });
});
