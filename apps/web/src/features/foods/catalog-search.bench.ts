// Client cached search per keystroke over the full SR24 catalogue (budget < 16 ms, DESIGN.md). Run:
// npx vitest bench --run --project web apps/web/src/features/foods/catalog-search.bench.ts
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { bench, describe } from 'vitest';
import type { CatalogFood, FoodCatalog } from '@almendra/contracts';
import { searchCatalog, setCatalog } from './catalog-cache';

interface ShippedFood {
  ndb: string;
  name: string;
  nameEs?: string | null;
  group: string | null;
  legacy: boolean;
}

const file = path.resolve(__dirname, '../../../../../data/foods/usda-sr24.json.gz');
const shipped = JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString('utf8')) as { foods: ShippedFood[] };
const foods: CatalogFood[] = shipped.foods.map((f) => ({
  id: `usda:${f.ndb}`,
  nameEs: f.nameEs ?? null,
  nameEn: f.name,
  brand: null,
  group: f.group,
  source: 'usda',
  legacy: f.legacy,
  energyKcal: null,
  proteinG: null,
  fatG: null,
  carbohydrateG: null,
  measures: [],
}));
const catalog: FoodCatalog = { country: 'AR', hash: 'bench', count: foods.length, groups: [], foods };
setCatalog(catalog);

/** Every prefix of what a nutritionist types, one search per keystroke. */
const typed = ['palta', 'pechuga de pollo', 'avocado', 'queso cremoso', 'zapallo', 'arroz integral'];
const keystrokes = typed.flatMap((word) => Array.from({ length: word.length }, (_, i) => word.slice(0, i + 1)));
let next = 0;

describe(`cached search over ${foods.length} foods`, () => {
  bench('one keystroke (20 results)', () => {
    searchCatalog(keystrokes[next % keystrokes.length]!, { limit: 20 });
    next += 1;
  });
  bench('index build (once per catalogue)', () => {
    setCatalog({ ...catalog, hash: `bench-${next++}` });
  });
});
