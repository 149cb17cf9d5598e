// Data checks for the IOM DRI table: every key is a nutrient key of the food table, groups cover ages
// 9+ for both sexes without gaps, and every value is positive.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));
const dri = JSON.parse(readFileSync(join(here, 'dri-iom.json'), 'utf8')) as {
  kinds: Record<string, string>;
  groups: { sex: string; ageFrom: number; ageTo: number; values: Record<string, number> }[];
};
const nutrientKeys = (JSON.parse(readFileSync(join(here, '../foods/nutrients.json'), 'utf8')) as unknown[]).length;

describe('IOM DRI table', () => {
  it('uses food-table nutrient keys and positive values for every group', () => {
    expect(nutrientKeys).toBeGreaterThan(0);
    const foodsKeys = readFileSync(join(here, '../foods/nutrients.json'), 'utf8');
    for (const group of dri.groups) {
      expect(Object.keys(group.values).sort()).toEqual(Object.keys(dri.kinds).sort());
      for (const [key, value] of Object.entries(group.values)) {
        expect(foodsKeys).toContain(`"${key}"`);
        expect(value).toBeGreaterThan(0);
      }
    }
  });
  it('covers ages 9 and over for both sexes without gaps', () => {
    for (const sex of ['m', 'f']) {
      const groups = dri.groups.filter((g) => g.sex === sex).sort((a, b) => a.ageFrom - b.ageFrom);
      expect(groups[0]!.ageFrom).toBe(9);
      for (let i = 1; i < groups.length; i += 1) expect(groups[i]!.ageFrom).toBe(groups[i - 1]!.ageTo + 1);
    }
  });
});
