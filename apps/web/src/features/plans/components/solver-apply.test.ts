// Applying a solver proposal in the editor: the day's meals take the proposal's portions (discarded groups
// and other days untouched); a formula line takes its new grams; default meal shares add up to 100 %.
import { describe, expect, it } from 'vitest';
import { defaultShares } from './auto-distribute';
import { zeros24, type EditorItem, type FormulaEditorDay } from './editor-state';
import { applyDistribution, applyGrams } from './solver-apply';

const portions = (values: Record<number, number>) => zeros24().map((_, i) => values[i] ?? 0);

describe('applyDistribution', () => {
  it('replaces the proposed meals of that day, keeping its discarded groups and the other days', () => {
    const discarded = portions({ 4: 1 });
    const days = [
      { day: 1, meals: [{ slot: 1, portions: portions({ 0: 2 }) }, { slot: 2, portions: portions({ 9: 1 }) }], discarded },
      { day: 2, meals: [{ slot: 1, portions: portions({ 0: 1 }) }], discarded: zeros24() },
    ];
    const next = applyDistribution(days, 1, [{ slot: 1, portions: portions({ 0: 1, 11: 1.5 }) }, { slot: 3, portions: portions({ 3: 1 }) }]);
    expect(next[0]!.meals.map((m) => m.slot)).toEqual([1, 2, 3]);
    expect(next[0]!.meals[0]!.portions[11]).toBe(1.5);
    expect(next[0]!.meals[1]!.portions[9]).toBe(1);
    expect(next[0]!.discarded).toBe(discarded);
    expect(next[1]).toBe(days[1]);
    expect(applyDistribution([], 3, [{ slot: 1, portions: portions({ 0: 1 }) }])).toEqual([{ day: 3, meals: [{ slot: 1, portions: portions({ 0: 1 }) }], discarded: zeros24() }]);
  });
});

describe('applyGrams', () => {
  const item = (key: string, unit: EditorItem['unit'], kind: EditorItem['kind'] = 'food'): EditorItem => ({ key, kind, id: key, name: key, quantity: '1', unit, measures: [], per100: {}, perUnit: null });
  it('writes the new grams of the changed lines (household measures become grams), dishes in servings stay', () => {
    const days: FormulaEditorDay[] = [{ day: 1, meals: [{ slot: 1, items: [item('a', 'g'), item('b', 2), item('c', 'serving', 'dish'), item('d', 'g')] }] }];
    const next = applyGrams(days, 1, new Map([['a', 130], ['b', 62.5], ['c', 300]]));
    expect(next[0]!.meals[0]!.items.map((i) => [i.quantity, i.unit])).toEqual([['130', 'g'], ['62,5', 'g'], ['1', 'serving'], ['1', 'g']]);
  });
});

describe('defaultShares', () => {
  it('scales the usual Argentine shares to the meals in use and adds up to 100', () => {
    expect(defaultShares([1, 2, 3, 4, 5, 6])).toEqual({ 1: 18, 2: 9, 3: 27, 4: 14, 5: 9, 6: 23 });
    for (const slots of [[1, 3, 4, 6], [1, 3, 6], [3], [2, 5]]) expect(Object.values(defaultShares(slots)).reduce((a, b) => a + b, 0)).toBe(100);
  });
});
