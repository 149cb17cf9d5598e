// Data checks for the committed USDA SR24 food table (see README.md).
// Reads the generated usda-sr24.json.gz as the server will: gunzip + JSON.parse.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';

const here = dirname(fileURLToPath(import.meta.url));

type Measure = [amount: number, description: string, gramWeight: number];
interface Food {
  ndb: string;
  name: string;
  nameEs: string | null;
  group: string;
  groupInferred: boolean;
  legacy: boolean;
  atwater: [protein: number, fat: number, carbohydrate: number];
  nutrients: Record<string, number>;
  measures: Measure[];
}
interface FoodTable {
  format: string;
  source: { name: string; license: string; via: string; jarSha256: string };
  basis: string;
  counts: { foods: number; legacyFoods: number; measures: number; namesEs: number };
  nutrients: { key: string; usdaNumber: string; unit: string; group: string }[];
  foods: Food[];
}
interface NutrientMeta {
  /** How many source foods (XML files) carry the nutrient, counted by build.mjs while parsing. */
  foodsWithValue: number;
  key: string;
  usdaNumber: string;
  nameEn: string;
  nameEs: string;
  unit: string;
  group: string;
}

// Counts observed in usr/share/cronometer/usda_sr24.jar of Debian's cronometer 0.9.9+dfsg1-1:
// 8,858 <food> files (7,907 listed in foods.index as SR24, 951 only in deprecated.index)
// and 15,274 <measure> elements.
const SOURCE_FOODS = 8858;
const SOURCE_LEGACY_FOODS = 951;
const SOURCE_MEASURES = 15274;

const table = JSON.parse(gunzipSync(readFileSync(join(here, 'usda-sr24.json.gz'))).toString('utf8')) as FoodTable;
const nutrientMeta = JSON.parse(readFileSync(join(here, 'nutrients.json'), 'utf8')) as NutrientMeta[];
const groups = JSON.parse(readFileSync(join(here, 'food-groups.json'), 'utf8')) as Record<string, { en: string; es: string }>;
const tsvLines = readFileSync(join(here, 'names-es-AR.tsv'), 'utf8').split('\n').filter((l) => l !== '');
const byNdb = new Map(table.foods.map((f) => [f.ndb, f]));

function food(ndb: string): Food {
  const f = byNdb.get(ndb);
  if (!f) throw new Error(`food ${ndb} missing`);
  return f;
}

describe('USDA SR24 food table', () => {
  it('has every food of the source, once', () => {
    expect(table.foods).toHaveLength(SOURCE_FOODS);
    expect(table.counts.foods).toBe(SOURCE_FOODS);
    expect(byNdb.size).toBe(SOURCE_FOODS);
    expect(table.foods.filter((f) => f.legacy)).toHaveLength(SOURCE_LEGACY_FOODS);
    expect(table.foods.filter((f) => !/^\d{5}$/.test(f.ndb) || f.name.length === 0)).toEqual([]);
  });

  it('has every household measure of the source', () => {
    const measures = table.foods.flatMap((f) => f.measures);
    expect(measures).toHaveLength(SOURCE_MEASURES);
    expect(table.counts.measures).toBe(SOURCE_MEASURES);
    expect(measures.filter(([amount, description, grams]) => !(amount > 0 && description.length > 0 && grams > 0))).toEqual([]);
    expect(food('01001').measures).toContainEqual([1, 'tbsp', 14.2]);
    expect(food('09037').measures).toContainEqual([1, 'cup, cubes', 150]);
  });

  it('uses only documented nutrient keys, in the documented order', () => {
    expect(table.nutrients.map((n) => n.key)).toEqual(nutrientMeta.map((n) => n.key));
    const groupsAllowed = ['macronutrients', 'fats', 'vitamins', 'minerals', 'others', 'aminoAcids'];
    for (const n of nutrientMeta) {
      expect(groupsAllowed).toContain(n.group);
      expect(['g', 'mg', 'µg', 'kcal', 'IU']).toContain(n.unit);
      expect(n.nameEs.length).toBeGreaterThan(0);
    }
    const keys = new Set(nutrientMeta.map((n) => n.key));
    const bad: string[] = [];
    for (const f of table.foods) {
      for (const [k, v] of Object.entries(f.nutrients)) {
        if (!keys.has(k) || !Number.isFinite(v) || v < 0) bad.push(`${f.ndb} ${k}=${v}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('assigns every food a known food group', () => {
    const bad = table.foods.filter((f) => !groups[f.group] || (!f.groupInferred && f.group !== f.ndb.slice(0, 2)));
    expect(bad.map((f) => `${f.ndb} ${f.group}`)).toEqual([]);
    expect(Object.keys(groups)).toHaveLength(25);
    expect(groups['13'].es).toBe('Carne vacuna');
  });

  it('has at least 1,500 Spanish names, all for existing foods', () => {
    expect(tsvLines[0]).toBe('ndb\tnameEs');
    const rows = tsvLines.slice(1).map((l) => l.split('\t'));
    expect(rows.length).toBeGreaterThanOrEqual(1500);
    const ndbs = rows.map((r) => r[0]);
    expect([...ndbs].sort()).toEqual(ndbs);
    expect(new Set(ndbs).size).toBe(ndbs.length);
    expect(rows.filter(([ndb]) => !byNdb.has(ndb)).map(([ndb]) => ndb)).toEqual([]);
    expect(rows.filter(([ndb, name]) => byNdb.get(ndb)?.nameEs !== name)).toEqual([]);
    const withNameEs = table.foods.filter((f) => f.nameEs !== null);
    expect(withNameEs).toHaveLength(rows.length);
    expect(table.counts.namesEs).toBe(rows.length);
    expect(food('09037').nameEs).toMatch(/^Palta, cruda/);
    expect(food('01225').nameEs).toBe('Dulce de leche');
    expect(food('01001').nameEs).toBe('Manteca, con sal');
  });

  // Values as published in USDA SR24 (per 100 g), checked against the source XML.
  it.each([
    ['09037', 'Avocados, raw, all commercial varieties', { energyKcal: 160, proteinG: 2.0, fatG: 14.66, carbohydrateG: 8.53, fiberG: 6.7, potassiumMg: 485, omega3G: 0.111 }],
    ['01001', 'Butter, salted', { energyKcal: 717, proteinG: 0.85, fatG: 81.11, carbohydrateG: 0.06, cholesterolMg: 215, sodiumMg: 714, vitaminDIU: 60 }],
    ['01123', 'Egg, whole, raw, fresh', { energyKcal: 143, proteinG: 12.56, fatG: 9.51, carbohydrateG: 0.72, cholesterolMg: 372, ironMg: 1.75 }],
    ['16069', 'Lentils, raw', { energyKcal: 353, proteinG: 25.8, fatG: 1.06, carbohydrateG: 60.08, fiberG: 30.5, folateTotalUg: 479, ironMg: 7.54 }],
    ['20081', 'Wheat flour, white, all-purpose, enriched, bleached', { energyKcal: 364, proteinG: 10.33, fatG: 0.98, carbohydrateG: 76.31, fiberG: 2.7, folateTotalUg: 183 }],
    ['09040', 'Bananas, raw', { energyKcal: 89, proteinG: 1.09, fatG: 0.33, carbohydrateG: 22.84, fiberG: 2.6, vitaminCMg: 8.7 }],
    ['11124', 'Carrots, raw', { energyKcal: 41, proteinG: 0.93, fatG: 0.24, carbohydrateG: 9.58, fiberG: 2.8, sodiumMg: 69 }],
    ['15076', 'Fish, salmon, Atlantic, wild, raw', { energyKcal: 142, proteinG: 19.84, fatG: 6.34, cholesterolMg: 55, omega3G: 2.018 }],
  ] as const)('%s %s matches SR24', (ndb, name, expected) => {
    const f = food(ndb);
    expect(f.name).toBe(name);
    for (const [key, value] of Object.entries(expected)) {
      expect(f.nutrients[key], `${ndb} ${key}`).toBeCloseTo(value, 3);
    }
  });

  it('loses no nutrient value: per key and in total, the table holds exactly what build.mjs counted in the source', () => {
    const inTable = new Map<string, number>();
    for (const f of table.foods) for (const key of Object.keys(f.nutrients)) inTable.set(key, (inTable.get(key) ?? 0) + 1);
    const mismatches = nutrientMeta.filter((n) => (inTable.get(n.key) ?? 0) !== n.foodsWithValue).map((n) => [n.key, inTable.get(n.key), n.foodsWithValue]);
    expect(mismatches).toEqual([]);
    const total = [...inTable.values()].reduce((a, b) => a + b, 0);
    expect(total).toBe(nutrientMeta.reduce((sum, n) => sum + n.foodsWithValue, 0));
    // The figure in README.md (71 nutrient keys, 428,390 values).
    expect(total).toBe(428_390);
  });

  it('keeps missing values missing (not zero)', () => {
    // Salmon 15076 has no vitamin D value in this source; it must be absent, not 0.
    expect(food('15076').nutrients.vitaminDIU).toBeUndefined();
    // 23999 is the "ground beef calculator" stub: a food with no nutrients at all.
    expect(Object.keys(food('23999').nutrients)).toHaveLength(0);
  });
});
