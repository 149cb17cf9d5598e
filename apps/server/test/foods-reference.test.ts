// The food reference data: the generated nutrient-key constants match data/foods/nutrients.json, and the
// loader is idempotent, applies a changed table as an upsert (deactivating foods that left it) and never
// touches own foods, requests or dishes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOOD_NUTRIENTS } from '@almendra/contracts';
import { NUTRIENTS } from '@almendra/domain';
import { loadFoodReferenceData } from '../src/db/reference-data/foods-loader.js';
import { registerAndLogin, type TestApp } from './helpers.js';
import { createFoodsTestApp, FOODS_FIXTURE_FILE } from './foods-test-app.js';

const NUTRIENTS_JSON = fileURLToPath(new URL('../../../data/foods/nutrients.json', import.meta.url));
const silent = { info: () => undefined };

describe('nutrient key constants', () => {
  it('match data/foods/nutrients.json (rerun generate-nutrient-keys.mjs when this fails)', () => {
    const source = JSON.parse(fs.readFileSync(NUTRIENTS_JSON, 'utf8')) as { key: string; usdaNumber: string; nameEn: string; nameEs: string; unit: string; group: string }[];
    expect(NUTRIENTS.map((n) => ({ ...n }))).toEqual(source.map(({ key, usdaNumber, nameEn, nameEs, unit, group }) => ({ key, usdaNumber, nameEn, nameEs, unit, group })));
    expect(FOOD_NUTRIENTS.map((n) => ({ ...n }))).toEqual(source.map(({ key, unit }) => ({ key, unit })));
  });
});

let t: TestApp;
let tmpDir: string;
beforeAll(async () => {
  t = await createFoodsTestApp();
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-foods-table-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(tmpDir, { recursive: true, force: true });
});

async function counts() {
  const db = t.database.db;
  const foods = await db.selectFrom('foods').select((eb) => eb.fn.countAll().as('n')).where('source', '=', 'usda').executeTakeFirstOrThrow();
  const active = await db
    .selectFrom('foods')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('source', '=', 'usda')
    .where('deactivated', '=', 0)
    .executeTakeFirstOrThrow();
  const measures = await db.selectFrom('food_measures').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
  return { foods: Number(foods.n), active: Number(active.n), measures: Number(measures.n) };
}

/** A copy of the fixture with changes applied, written as a new gzip file. */
function changedTable(change: (foods: { ndb: string; nameEs: string | null; nutrients: Record<string, number>; measures: unknown[] }[]) => void): string {
  const table = JSON.parse(gunzipSync(fs.readFileSync(FOODS_FIXTURE_FILE)).toString('utf8'));
  change(table.foods);
  const file = path.join(tmpDir, `table-${Date.now()}-${Math.random().toString(36).slice(2)}.json.gz`);
  fs.writeFileSync(file, gzipSync(JSON.stringify(table)));
  return file;
}

describe('loadFoodReferenceData', () => {
  it('loaded the fixture at start: 29 foods (the empty stub skipped), their 97 measures', async () => {
    expect(await counts()).toEqual({ foods: 29, active: 29, measures: 97 });
  });

  it('does nothing when the file has not changed', async () => {
    const result = await loadFoodReferenceData(t.database.db, t.clock, silent, { file: FOODS_FIXTURE_FILE });
    expect(result.loaded).toBe(false);
    expect(await counts()).toEqual({ foods: 29, active: 29, measures: 97 });
  });

  it('applies a changed table as an upsert and leaves own foods, requests and dishes alone', async () => {
    const { auth } = await registerAndLogin(t);
    const own = (await t.app.inject({ method: 'POST', url: '/api/v1/foods', headers: auth, payload: { nameEs: 'Guacamole casero', nutrients: { energyKcal: 150 } } })).json();
    const dish = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/dishes',
        headers: auth,
        payload: { name: 'Tostada con palta', ingredients: [{ foodId: 'usda:09037', quantity: 100 }, { foodId: own.id, quantity: 50 }] },
      })
    ).json();
    expect(dish.totals.nutrients.energyKcal).toBe(160 + 75);
    const request = await t.app.inject({ method: 'POST', url: '/api/v1/food-requests', headers: auth, payload: { name: 'Alfajor de maicena' } });
    expect(request.statusCode).toBe(201);

    const file = changedTable((foods) => {
      const avocado = foods.find((f) => f.ndb === '09037')!;
      avocado.nutrients.energyKcal = 167;
      avocado.measures.pop();
      foods.find((f) => f.ndb === '16070')!.nameEs = 'Lentejas cocidas';
      foods.splice(
        foods.findIndex((f) => f.ndb === '09039'),
        1,
      );
    });
    const result = await loadFoodReferenceData(t.database.db, t.clock, silent, { file });
    expect(result).toMatchObject({ loaded: true, foods: 28, measures: 94, skipped: 1, deactivated: 1 });
    expect(await counts()).toEqual({ foods: 29, active: 28, measures: 96 });
    expect((await loadFoodReferenceData(t.database.db, t.clock, silent, { file })).loaded).toBe(false);

    const avocado = (await t.app.inject({ method: 'GET', url: '/api/v1/foods/usda:09037', headers: auth })).json();
    expect(avocado.energyKcal).toBe(167);
    expect(avocado.measures).toHaveLength(3);
    // Foods that left the table are deactivated, not deleted: still readable, no longer found.
    const gone = await t.app.inject({ method: 'GET', url: '/api/v1/foods/usda:09039', headers: auth });
    expect(gone.json()).toMatchObject({ deactivated: true, measures: [expect.objectContaining({ position: 1 }), expect.objectContaining({ position: 2 })] });
    const search = (await t.app.inject({ method: 'GET', url: '/api/v1/foods?q=palta', headers: auth })).json();
    expect(search.items.map((i: { id: string }) => i.id)).not.toContain('usda:09039');
    // The in-memory catalogue follows the new revision.
    const lentils = (await t.app.inject({ method: 'GET', url: '/api/v1/foods?q=lentejas%20cocidas', headers: auth })).json();
    expect(lentils.items[0].id).toBe('usda:16070');

    expect((await t.app.inject({ method: 'GET', url: `/api/v1/foods/${own.id}`, headers: auth })).json().energyKcal).toBe(150);
    const recomputed = (await t.app.inject({ method: 'GET', url: `/api/v1/dishes/${dish.id}`, headers: auth })).json();
    expect(recomputed.totals.nutrients.energyKcal).toBe(167 + 75);
    const requests = (await t.app.inject({ method: 'GET', url: '/api/v1/food-requests', headers: auth })).json();
    expect(requests.items.map((r: { name: string }) => r.name)).toEqual(['Alfajor de maicena']);
  });
});
