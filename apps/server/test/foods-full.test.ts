// The one suite that loads the whole shipped table (data/foods/usda-sr24.json.gz + the Argentine layer
// data/foods/argentina/argentina-es-AR.json): counts, a few USDA SR24 values, and search ranking over all
// 9,096 foods, including the everyday queries of data/foods/argentina/ranking-queries.tsv through the
// endpoint (data/foods/argentina/ranking.test.ts checks the same list against the domain function).
// The load time is printed, not asserted.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadFoodReferenceData } from '../src/db/reference-data/foods-loader.js';
import { registerAndLogin, type TestApp } from './helpers.js';
import { createFoodsTestApp } from './foods-test-app.js';

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  const started = performance.now();
  t = await createFoodsTestApp({}, { foodTable: 'full' });
  console.log(`[foods-full] app with the full food table built in ${Math.round(performance.now() - started)} ms on ${t.database.kind}`);
  auth = (await registerAndLogin(t)).auth;
}, 120_000);
afterAll(async () => {
  await t.close();
});

const search = async (q: string, extra = '') =>
  (await t.app.inject({ method: 'GET', url: `/api/v1/foods?q=${encodeURIComponent(q)}${extra}`, headers: auth })).json();

describe('the shipped SR24 table', () => {
  it('is loaded whole: 8,857 foods (the empty stub 23999 skipped), 951 legacy, 15,274 measures', async () => {
    const db = t.database.db;
    const count = async (legacy?: number) => {
      let query = db.selectFrom('foods').select((eb) => eb.fn.countAll().as('n')).where('source', '=', 'usda');
      if (legacy !== undefined) query = query.where('legacy', '=', legacy);
      return Number((await query.executeTakeFirstOrThrow()).n);
    };
    expect(await count()).toBe(8857);
    expect(await count(1)).toBe(951);
    const measures = await db
      .selectFrom('food_measures')
      .innerJoin('foods', 'foods.id', 'food_measures.food_id')
      .where('foods.source', '=', 'usda')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(measures.n)).toBe(15274);
    const argentine = await db.selectFrom('foods').select((eb) => eb.fn.countAll().as('n')).where('source', '=', 'argentina').executeTakeFirstOrThrow();
    expect(Number(argentine.n)).toBe(ARGENTINE_FOODS);
    const groups = await db.selectFrom('food_groups').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(groups.n)).toBe(25);
    expect((await loadFoodReferenceData(db, t.clock, { info: () => undefined })).loaded).toBe(false);
  });

  it('loads every shipped example dish (none skipped) with plausible energy per serving', async () => {
    const examples = await t.database.db.selectFrom('dish_examples').select('id').where('deactivated', '=', 0).execute();
    expect(examples.length).toBeGreaterThanOrEqual(30);
    const list = (await t.app.inject({ method: 'GET', url: '/api/v1/dishes?source=examples&limit=100', headers: auth })).json();
    expect(list.total).toBe(examples.length);
    const implausible = list.items
      .map((d: { id: string; perServing: { nutrients: { energyKcal: number } } }) => [d.id, d.perServing.nutrients.energyKcal])
      .filter(([, kcal]: [string, number]) => kcal < 50 || kcal > 1500);
    expect(implausible).toEqual([]);
    const milanesa = list.items.find((d: { id: string }) => d.id === 'example:milanesas-de-carne');
    expect(milanesa.totals.nutrients.energyKcal).toBeCloseTo(2465.67, 2);
  });

  it('serves USDA SR24 values per 100 g', async () => {
    const get = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/v1/foods/${id}`, headers: auth })).json();
    expect((await get('usda:09037')).nutrients).toMatchObject({ energyKcal: 160, proteinG: 2, fatG: 14.66, carbohydrateG: 8.53, fiberG: 6.7 });
    expect((await get('usda:16070')).nutrients).toMatchObject({ energyKcal: 116, proteinG: 9.02, fatG: 0.38, carbohydrateG: 20.13 });
    expect((await get('usda:05062')).nutrients).toMatchObject({ energyKcal: 114, proteinG: 21.23, fatG: 2.59, cholesterolMg: 64 });
    expect((await get('usda:01123')).nutrients).toMatchObject({ cholesterolMg: 372, vitaminDIU: 82 });
    expect((await get('usda:15076')).nutrients.vitaminDIU).toBeNull();
  });
});

const ARGENTINE_FOODS = (JSON.parse(readFileSync(new URL('../../../data/foods/argentina/argentina-es-AR.json', import.meta.url), 'utf8')) as { foods: unknown[] }).foods.length;
const RANKING_QUERIES = readFileSync(new URL('../../../data/foods/argentina/ranking-queries.tsv', import.meta.url), 'utf8')
  .split('\n')
  .slice(1)
  .filter((l) => l !== '')
  .map((l) => l.split('\t') as [string, string, string]);

describe('search over the whole table', () => {
  it("puts the avocado first for 'palta', 'PALTA' and 'avocado': the Argentine layer's, then SR24 09037", async () => {
    for (const q of ['palta', 'PALTA', 'avocado']) {
      const ids = (await search(q)).items.map((i: { id: string }) => i.id);
      expect(ids[0], q).toBe('ar:palta');
      expect(ids.indexOf('usda:09037'), q).toBeLessThan(ids.indexOf('usda:09038'));
    }
  });

  it(`ranks like the domain function: every query of ranking-queries.tsv (${RANKING_QUERIES.length}) has its food first`, async () => {
    expect(RANKING_QUERIES.length).toBeGreaterThanOrEqual(60);
    const wrong: string[] = [];
    for (const [query, expected] of RANKING_QUERIES) {
      const first = (await search(query, '&limit=1&source=database')).items[0]?.id ?? '';
      if (first !== expected) wrong.push(`${query}: ${String(first)} (expected ${expected})`);
    }
    expect(wrong).toEqual([]);
  });

  it('shows the Argentine layer with its provenance and short name', async () => {
    const food = (await t.app.inject({ method: 'GET', url: '/api/v1/foods/ar:papa-hervida', headers: auth })).json();
    expect(food).toMatchObject({ source: 'argentina', shortName: 'Papa', nameEs: 'Papa hervida, sin cáscara' });
    expect(food.provenance).toMatch(/^USDA SR24 NDB 11367/);
    expect(food.nutrients.energyKcal).toBe(86);
    const milanesa = (await t.app.inject({ method: 'GET', url: '/api/v1/foods/ar:milanesa-carne-frita', headers: auth })).json();
    expect(milanesa.provenance).toMatch(/^Receta estándar/);
    expect(milanesa.measures[0]).toMatchObject({ description: 'unidad mediana' });
  });

  it("returns chicken items for 'pollo', Spanish-name prefix matches first", async () => {
    const body = await search('pollo', '&limit=50');
    expect(body.total).toBeGreaterThan(150);
    for (const item of body.items) {
      expect(item.name.startsWith('Pollo'), item.name).toBe(true);
      expect(item.group.code).toBe('05');
    }
    expect((await search('pechuga de pollo')).items.map((i: { name: string }) => i.name)).toContain('Pollo, pechuga, sin piel, cruda');
  });

  it('finds local Argentine names, accent-insensitively', async () => {
    for (const [q, expected] of [
      ['zapallo', /^Zapall/],
      ['frutilla', /^Frutilla/],
      ['durazno', /^Durazno/],
      ['batata', /^Batata/],
      ['choclo', /^Choclo/],
      ['dulce de leche', /^Dulce de leche/],
      ['ananá', /^Anan/],
    ] as const) {
      expect((await search(q)).items[0].name, q).toMatch(expected);
    }
  });

  it('lists legacy foods after every SR24 food', async () => {
    const flags: boolean[] = [];
    let cursor: string | null = null;
    do {
      const body: { items: { legacy: boolean }[]; nextCursor: string | null } = await search('chicken', `&limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      flags.push(...body.items.map((i) => i.legacy));
      cursor = body.nextCursor;
    } while (cursor);
    expect(flags).toContain(true);
    expect(flags.indexOf(true)).toBe(flags.lastIndexOf(false) + 1);
  });

  it('dumps the whole catalogue for the client cache', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/v1/foods/catalog', headers: auth });
    expect(response.json().count).toBe(8857 + ARGENTINE_FOODS);
    const cached = await t.app.inject({ method: 'GET', url: '/api/v1/foods/catalog', headers: { ...auth, 'if-none-match': response.headers.etag as string } });
    expect(cached.statusCode).toBe(304);
  });
});

describe('a plan of Argentine foods, as the patient receives it', () => {
  it('prints everyday names and household measures next to the grams', async () => {
    const content = {
      formula: [
        {
          day: 1,
          meals: [
            {
              slot: 1,
              items: [
                { kind: 'food', id: 'ar:leche-entera', quantity: 200, unit: 'g' },
                { kind: 'food', id: 'ar:huevo', quantity: 100, unit: 'g' },
              ],
            },
            { slot: 3, items: [{ kind: 'food', id: 'ar:papa-cruda', quantity: 200, unit: 'g' }] },
          ],
        },
      ],
    };
    const created = await t.app.inject({ method: 'POST', url: '/api/v1/plans', headers: auth, payload: { type: 2, title: 'Semana 1', content } });
    expect(created.statusCode, created.body).toBe(201);
    const plan = created.json();
    // SR24 weights: 1 cup of milk 244 g (200 g ≈ ¾ cup), a large egg 50 g, a medium potato 213 g (a counted
    // food is written in units: data/foods/argentina/measures-es-AR.tsv).
    expect(plan.items['1-1']).toMatchObject([
      { name: 'Leche entera', shortName: 'Leche entera', household: '¾ taza' },
      { name: 'Huevo entero, crudo', shortName: 'Huevo', household: '2 grandes' },
    ]);
    expect(plan.items['1-3'][0]).toMatchObject({ name: 'Papa, con cáscara, cruda', shortName: 'Papa', household: '1 unidad mediana' });

    const pdf = await t.app.inject({ method: 'GET', url: `/api/v1/plans/${plan.id}/pdf`, headers: auth });
    expect(pdf.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.rawPayload }).toString('utf8');
    expect(text).toContain('Leche entera: ¾ taza (194 ml)');
    expect(text).toContain('Huevo: 2 grandes (100 g)');
    expect(text).toContain('Papa: 1 unidad mediana (200 g)');
    expect(text).not.toContain('Papa, con cáscara, cruda');
  });
});
