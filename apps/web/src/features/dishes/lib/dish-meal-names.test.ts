import { describe, expect, it } from 'vitest';
import { dishMealName, dishMealNames, newDishMeals, visibleDishMeals, type PracticeSlot } from './dish-meal-names';

const defaults: Record<number, string> = { 1: 'Desayuno', 2: 'Media mañana', 3: 'Almuerzo', 4: 'Merienda', 5: 'Media tarde', 6: 'Cena' };
const defaultName = (position: number) => defaults[position] ?? String(position);
const slot = (position: number, name = defaults[position]!): PracticeSlot => ({ slot: position, name, defaultName: defaults[position]! });

describe('dishMealName', () => {
  it('shows the default name while the practice slots are not loaded', () => {
    expect(dishMealName(4, undefined, defaultName)).toBe('Merienda');
  });

  it('shows the name she gave a slot, by position', () => {
    const slots = [1, 2, 3, 4, 5, 6].map((p) => (p === 4 ? slot(4, 'Té de las cinco') : slot(p)));
    expect(dishMealName(4, slots, defaultName)).toBe('Té de las cinco');
    expect(dishMealName(1, slots, defaultName)).toBe('Desayuno');
  });

  it('shows the default in the interface language for a slot she left alone (the server sends the Spanish default)', () => {
    const english = (position: number) => ({ 1: 'Breakfast', 4: 'Afternoon snack' })[position] ?? '';
    expect(dishMealName(4, [slot(4)], english)).toBe('Afternoon snack');
  });

  it('falls back to the default for a slot missing from the list or a blank name', () => {
    expect(dishMealName(6, [slot(4, 'Té')], defaultName)).toBe('Cena');
    expect(dishMealName(4, [slot(4, '  ')], defaultName)).toBe('Merienda');
  });
});

describe('dishMealNames', () => {
  it('joins the meals in their order with a middle dot', () => {
    expect(dishMealNames([1, 4], [slot(4, 'Té de las cinco')], defaultName)).toBe('Desayuno · Té de las cinco');
    expect(dishMealNames([], undefined, defaultName)).toBe('');
  });
});

describe('visibleDishMeals', () => {
  const all = [1, 2, 3, 4, 5, 6];
  const use = (off: number[]) => all.map((slot) => ({ slot, enabled: !off.includes(slot) }));

  it('offers all six while the practice slots are not loaded', () => {
    expect(visibleDishMeals(all, [3, 6], undefined)).toEqual(all.map((slot) => ({ slot, unused: false })));
  });

  it('offers only the slots her practice uses', () => {
    expect(visibleDishMeals(all, [3, 6], use([2, 5]))).toEqual([1, 3, 4, 6].map((slot) => ({ slot, unused: false })));
  });

  it('keeps a switched-off slot the dish has, marked unused, in slot order', () => {
    expect(visibleDishMeals(all, [1, 3, 5], use([2, 5]))).toEqual([
      { slot: 1, unused: false },
      { slot: 3, unused: false },
      { slot: 4, unused: false },
      { slot: 5, unused: true },
      { slot: 6, unused: false },
    ]);
  });

  it('offers a slot missing from her list', () => {
    expect(visibleDishMeals(all, [], use([2]).filter((s) => s.slot !== 6)).map((m) => m.slot)).toEqual([1, 3, 4, 5, 6]);
  });
});

describe('newDishMeals', () => {
  const uses = (off: number[]) => [1, 2, 3, 4, 5, 6].map((p) => ({ slot: p, enabled: !off.includes(p) }));

  it('ticks lunch and dinner when her practice uses both, and while the slots are not loaded', () => {
    expect(newDishMeals([3, 6], uses([]))).toEqual([3, 6]);
    expect(newDishMeals([3, 6], undefined)).toEqual([3, 6]);
  });

  it('leaves a default meal she switched off unticked', () => {
    expect(newDishMeals([3, 6], uses([6]))).toEqual([3]);
  });

  it('ticks none when she uses none of the defaults, for her to choose', () => {
    expect(newDishMeals([3, 6], uses([3, 6]))).toEqual([]);
  });

  it('counts a slot missing from hers as in use', () => {
    expect(newDishMeals([3, 6], [{ slot: 3, enabled: false }])).toEqual([6]);
  });
});
