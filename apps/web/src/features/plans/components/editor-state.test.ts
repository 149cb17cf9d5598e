import { describe, expect, it } from 'vitest';
import type { PlanItemView } from '@almendra/contracts';
import { formulaContent, formulaTotals, hasInvalidQuantity, itemFromView, itemGrams, withUnit, type FormulaEditorDay } from './editor-state';

const milk: PlanItemView = {
  kind: 'food',
  id: 'usda:01077',
  name: 'Leche',
  quantity: 200,
  unit: 'g',
  unitLabel: 'g',
  grams: 200,
  measures: [{ position: 1, amount: 1, description: 'cup', gramWeight: 244 }],
  nutrients: { energyKcal: 122, proteinG: 6.4 },
  shortName: 'Leche entera',
  household: '¾ taza',
};

describe('formula editor state', () => {
  it('recomputes live from the typed quantity (comma or dot) and unit', () => {
    const item = itemFromView(milk);
    const days: FormulaEditorDay[] = [{ day: 1, meals: [{ slot: 1, items: [{ ...item, quantity: '1,5', unit: 1 }] }] }];
    expect(itemGrams(days[0]!.meals[0]!.items[0]!)).toBe(366);
    const totals = formulaTotals(days);
    expect(totals.days[0]!.totals.values.energyKcal).toBeCloseTo(223.26, 6);
    expect(formulaContent(days)[0]!.meals[0]!.items[0]).toEqual({ kind: 'food', id: 'usda:01077', quantity: 1.5, unit: 1 });
  });
  it('flags negative or unreadable quantities', () => {
    const item = itemFromView(milk);
    expect(hasInvalidQuantity([{ day: 1, meals: [{ slot: 1, items: [{ ...item, quantity: '-1' }] }] }])).toBe(true);
    expect(hasInvalidQuantity([{ day: 1, meals: [{ slot: 1, items: [{ ...item, quantity: 'abc' }] }] }])).toBe(true);
    expect(hasInvalidQuantity([{ day: 1, meals: [{ slot: 1, items: [{ ...item, quantity: '2.5' }] }] }])).toBe(false);
  });

  it('converts the quantity when the unit changes, never keeping "100" of a termo', () => {
    const mate = { ...itemFromView({ ...milk, id: 'ar:mate-cebado', measures: [{ position: 1, amount: 1, description: 'termo', gramWeight: 500 }] }), quantity: '100' };
    const inTermos = withUnit(mate, 1);
    expect(inTermos.quantity).toBe('0,25');
    expect(itemGrams(inTermos)).toBe(125);
    expect(withUnit({ ...mate, quantity: '1000' }, 1).quantity).toBe('2');
    expect(withUnit({ ...mate, quantity: '' }, 1).quantity).toBe('1');
    const back = withUnit({ ...inTermos, quantity: '1,5' }, 'g');
    expect(back).toMatchObject({ unit: 'g', quantity: '750' });
    const cups = withUnit({ ...itemFromView(milk), quantity: '200' }, 1);
    expect(cups.quantity).toBe('0,75');
  });
});
