import { describe, expect, it } from 'vitest';
import type { FoodSummary } from '@almendra/contracts';
import { pickerFoods, pickerLabel } from './picker-foods';

const food = (id: string, nameEs: string | null, nameEn: string | null, source: FoodSummary['source'], brand: string | null = null): FoodSummary => ({
  id,
  name: nameEs ?? nameEn ?? '',
  nameEs,
  nameEn,
  brand,
  group: null,
  source,
  legacy: false,
  energyKcal: null,
  proteinG: null,
  fatG: null,
  carbohydrateG: null,
  measures: [],
});

describe('the plan food picker list', () => {
  it('lists each food once, by its Spanish name, the Argentine row instead of the same SR24 food', () => {
    const items = [
      food('ar:banana', 'Banana, cruda', 'Bananas, raw', 'argentina'),
      food('usda:09040', 'Banana, cruda', 'Bananas, raw', 'usda'),
      food('usda:09041', 'Banana deshidratada', 'Bananas, dehydrated', 'usda'),
      food('usda:03129', null, 'Babyfood, fruit, bananas with tapioca, strained', 'usda'),
      food('ar:queso-fresco', 'Queso fresco', 'Cheese, fresh, queso fresco', 'argentina'),
      food('usda:01228', 'Queso fresco', 'Cheese, fresh, queso fresco', 'usda'),
      food('own-1', 'Queso fresco', null, 'own', 'La Serenísima'),
      food('usda:01017', 'Queso crema', 'Cheese, cream', 'usda'),
      food('usda:99999', 'queso CREMA', 'Cheese, cream, other', 'usda'),
    ];
    expect(pickerFoods(items).map((f) => f.id)).toEqual(['ar:banana', 'usda:09041', 'ar:queso-fresco', 'own-1', 'usda:01017']);
    expect(pickerFoods(items).map(pickerLabel)).toContain('Queso fresco (La Serenísima)');
  });

  it('shows English-only foods only when nothing has a Spanish name, and at most the limit', () => {
    const english = [food('usda:08138', null, 'Cereals ready-to-eat, MALT-O-MEAL', 'usda')];
    expect(pickerFoods(english).map(pickerLabel)).toEqual(['Cereals ready-to-eat, MALT-O-MEAL']);
    const many = Array.from({ length: 30 }, (_, i) => food(`usda:${i}`, `Alimento ${i}`, null, 'usda'));
    expect(pickerFoods(many)).toHaveLength(20);
  });
});
