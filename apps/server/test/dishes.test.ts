// Dishes API through app.inject() on the SR24 fixture: totals computed from the current food values (whole
// dish and per serving), household measures, nested dishes, cycles (409), versions, tenant isolation, the
// shipped example dishes (loaded from a fixture file), copy/duplicate and the photo.
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadDishExamples } from '../src/db/reference-data/dish-examples-loader.js';
import { registerAndLogin, type TestApp } from './helpers.js';
import { createFoodsTestApp } from './foods-test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createFoodsTestApp();
});
afterAll(async () => {
  await t.close();
});

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const send = (method: 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as never }) });
const detailsByPath = (body: { error: { details: { path: string; message: string }[] } }) =>
  Object.fromEntries(body.error.details.map((d) => [d.path, d.message]));

// SR24 values per 100 g, rounded to 1 decimal before scaling (seed 1 §9):
// avocado 09037 160 kcal, P 2.0, F 14.7, C 8.5 — 1 "cup, cubes" = 150 g;
// lentils 16070 116 kcal, P 9.0, F 0.4, C 20.1; olive oil 04053 884 kcal, F 100 — measure 1 "tablespoon" = 13.5 g.
const salad = {
  name: 'Ensalada de lentejas y palta',
  description: 'Con aceite de oliva',
  servings: 2,
  ingredients: [
    { foodId: 'usda:09037', quantity: 1, measure: 'cup, cubes' },
    { foodId: 'usda:16070', quantity: 200 },
    { foodId: 'usda:04053', quantity: 1, measure: 1 },
  ],
};

describe('POST/GET /api/v1/dishes', () => {
  it('computes totals for the whole dish and per serving from household measures and grams', async () => {
    const { auth } = await registerAndLogin(t);
    const response = await send('POST', '/api/v1/dishes', auth, salad);
    expect(response.statusCode).toBe(201);
    const dish = response.json();
    expect(dish).toMatchObject({ name: salad.name, description: 'Con aceite de oliva', servings: 2, version: 1, deactivated: false });
    expect(dish.totals.grams).toBe(363.5);
    expect(dish.totals.nutrients).toMatchObject({ energyKcal: 591.34, proteinG: 21, fatG: 36.35, carbohydrateG: 52.95 });
    expect(dish.perServing.grams).toBe(181.75);
    expect(dish.perServing.nutrients).toMatchObject({ energyKcal: 295.67, proteinG: 10.5, fatG: 18.175, carbohydrateG: 26.475 });
    expect(Object.keys(dish.totals.nutrients)).toHaveLength(71);
    expect(dish.ingredients).toEqual([
      expect.objectContaining({
        position: 1,
        kind: 'food',
        foodId: 'usda:09037',
        dishId: null,
        name: 'Palta, cruda, todas las variedades',
        quantity: 1,
        measure: { kind: 'measure', position: 1, description: 'cup, cubes', gramsPerUnit: 150 },
        grams: 150,
        energyKcal: 240,
        fatG: 22.05,
      }),
      expect.objectContaining({ position: 2, measure: { kind: 'g', position: null, description: null, gramsPerUnit: 1 }, grams: 200, energyKcal: 232 }),
      expect.objectContaining({ position: 3, name: 'Aceite de oliva', measure: expect.objectContaining({ description: 'tablespoon' }), grams: 13.5 }),
    ]);
    const again = await get(`/api/v1/dishes/${dish.id}`, auth);
    expect(again.json()).toEqual(dish);
  });

  it('includes other dishes by serving or by grams', async () => {
    const { auth } = await registerAndLogin(t);
    const base = (await send('POST', '/api/v1/dishes', auth, salad)).json();
    const response = await send('POST', '/api/v1/dishes', auth, {
      name: 'Menú del día',
      ingredients: [
        { dishId: base.id, quantity: 1, measure: 'serving' },
        { dishId: base.id, quantity: 100, measure: 'g' },
      ],
    });
    expect(response.statusCode).toBe(201);
    const menu = response.json();
    expect(menu.ingredients.map((i: { kind: string; name: string; grams: number }) => [i.kind, i.name, i.grams])).toEqual([
      ['dish', salad.name, 181.75],
      ['dish', salad.name, 100],
    ]);
    expect(menu.totals.grams).toBe(281.75);
    expect(menu.totals.nutrients.energyKcal).toBeCloseTo(295.67 + (591.34 * 100) / 363.5, 3);
    expect(menu.perServing.grams).toBe(281.75);
  });

  it('recomputes dishes when a food they use is edited (totals are never stored)', async () => {
    const { auth } = await registerAndLogin(t);
    const food = (await send('POST', '/api/v1/foods', auth, { nameEs: 'Queso untable casero', nutrients: { energyKcal: 200, proteinG: 8 } })).json();
    const dish = (await send('POST', '/api/v1/dishes', auth, { name: 'Tostadas', ingredients: [{ foodId: food.id, quantity: 50 }] })).json();
    expect(dish.totals.nutrients.energyKcal).toBe(100);
    await send('PATCH', `/api/v1/foods/${food.id}`, auth, { nutrients: { energyKcal: 180 } });
    expect((await get(`/api/v1/dishes/${dish.id}`, auth)).json().totals.nutrients.energyKcal).toBe(90);
  });

  it('lists active dishes by name, accent-insensitively, with paging', async () => {
    const { auth } = await registerAndLogin(t);
    for (const name of ['Guiso de lentejas', 'Ñoquis caseros', 'Ensalada César', 'Ensalada de frutas']) {
      await send('POST', '/api/v1/dishes', auth, { name, ingredients: [{ foodId: 'usda:16070', quantity: 100 }] });
    }
    const ensaladas = (await get('/api/v1/dishes?q=ENSALADA', auth)).json();
    expect(ensaladas.items.map((d: { name: string }) => d.name)).toEqual(['Ensalada César', 'Ensalada de frutas']);
    expect(ensaladas.items[0].totals.nutrients.energyKcal).toBe(116);
    expect((await get('/api/v1/dishes?q=cesar', auth)).json().total).toBe(1);
    expect((await get('/api/v1/dishes?q=noquis', auth)).json().items[0].name).toBe('Ñoquis caseros');
    const page = (await get('/api/v1/dishes?limit=3', auth)).json();
    expect(page).toMatchObject({ total: 4, nextCursor: '3' });
    expect((await get('/api/v1/dishes?limit=3&cursor=3', auth)).json()).toMatchObject({ total: 4, nextCursor: null });
  });
});

describe('PATCH/DELETE /api/v1/dishes/{id}', () => {
  it('updates fields and ingredients and bumps the version; a stale version answers 409', async () => {
    const { auth } = await registerAndLogin(t);
    const dish = (await send('POST', '/api/v1/dishes', auth, salad)).json();
    const response = await send('PATCH', `/api/v1/dishes/${dish.id}`, auth, {
      version: 1,
      name: 'Ensalada simple',
      servings: 1,
      ingredients: [{ foodId: 'usda:16070', quantity: 100 }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Ensalada simple', servings: 1, version: 2, description: 'Con aceite de oliva' });
    expect(response.json().totals.nutrients.energyKcal).toBe(116);
    const stale = await send('PATCH', `/api/v1/dishes/${dish.id}`, auth, { version: 1, name: 'Otra' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONFLICT');
  });

  it('refuses a dish that includes itself, directly or through another dish (409)', async () => {
    const { auth } = await registerAndLogin(t);
    const inner = (await send('POST', '/api/v1/dishes', auth, { name: 'Salsa', ingredients: [{ foodId: 'usda:04053', quantity: 10 }] })).json();
    const outer = (await send('POST', '/api/v1/dishes', auth, { name: 'Fideos con salsa', ingredients: [{ dishId: inner.id, quantity: 1, measure: 'serving' }] })).json();

    const indirect = await send('PATCH', `/api/v1/dishes/${inner.id}`, auth, { ingredients: [{ dishId: outer.id, quantity: 50 }] });
    expect(indirect.statusCode).toBe(409);
    expect(indirect.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'Un plato no puede incluirse a sí mismo, ni directamente ni a través de otro plato.',
      details: { path: 'ingredients', cycle: [{ id: inner.id, name: 'Salsa' }, { id: outer.id, name: 'Fideos con salsa' }, { id: inner.id, name: 'Salsa' }] },
    });
    const direct = await send('PATCH', `/api/v1/dishes/${outer.id}`, auth, { ingredients: [{ dishId: outer.id, quantity: 1, measure: 'serving' }] });
    expect(direct.statusCode).toBe(409);
    // Nothing was saved.
    expect((await get(`/api/v1/dishes/${inner.id}`, auth)).json().ingredients[0].foodId).toBe('usda:04053');
  });

  it('deletes by deactivating: gone from the list, still readable and still counted where included', async () => {
    const { auth } = await registerAndLogin(t);
    const inner = (await send('POST', '/api/v1/dishes', auth, { name: 'Puré de palta', ingredients: [{ foodId: 'usda:09037', quantity: 100 }] })).json();
    const outer = (await send('POST', '/api/v1/dishes', auth, { name: 'Tostada', ingredients: [{ dishId: inner.id, quantity: 50 }] })).json();
    expect((await send('DELETE', `/api/v1/dishes/${inner.id}`, auth)).statusCode).toBe(204);
    expect((await get('/api/v1/dishes?q=pure', auth)).json().total).toBe(0);
    expect((await get(`/api/v1/dishes/${inner.id}`, auth)).json().deactivated).toBe(true);
    expect((await get(`/api/v1/dishes/${outer.id}`, auth)).json().totals.nutrients.energyKcal).toBe(80);
  });
});

describe('dish validation and tenant isolation', () => {
  it('answers 400 with field paths for bad ingredients', async () => {
    const { auth } = await registerAndLogin(t);
    const response = await send('POST', '/api/v1/dishes', auth, {
      name: '',
      servings: 0,
      ingredients: [{ foodId: 'usda:09037', dishId: 'x', quantity: 1 }, { foodId: 'usda:09037', quantity: -2 }, { foodId: 'usda:09037', quantity: 1, measure: 0 }],
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(detailsByPath(response.json()))).toEqual(
      expect.arrayContaining(['name', 'servings', 'ingredients.0.foodId', 'ingredients.1.quantity', 'ingredients.2.measure']),
    );
    const unknownMeasure = await send('POST', '/api/v1/dishes', auth, { name: 'X', ingredients: [{ foodId: 'usda:09037', quantity: 1, measure: 'taza' }] });
    expect(unknownMeasure.statusCode).toBe(400);
    expect(detailsByPath(unknownMeasure.json())).toEqual({ 'ingredients.0.measure': 'Ese alimento no tiene la medida "taza".' });
    const servingOfFood = await send('POST', '/api/v1/dishes', auth, { name: 'X', ingredients: [{ foodId: 'usda:09037', quantity: 1, measure: 'serving' }] });
    expect(Object.keys(detailsByPath(servingOfFood.json()))).toEqual(['ingredients.0.measure']);
    const unknownFood = await send('POST', '/api/v1/dishes', auth, { name: 'X', ingredients: [{ foodId: 'usda:23999', quantity: 1 }] });
    expect(unknownFood.statusCode).toBe(404);
  });

  it("keeps dishes private: another nutritionist gets 404 and cannot use them or the owner's foods", async () => {
    const owner = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const food = (await send('POST', '/api/v1/foods', owner.auth, { nameEs: 'Pan de masa madre', nutrients: { energyKcal: 250 } })).json();
    const dish = (await send('POST', '/api/v1/dishes', owner.auth, { name: 'Sandwich', ingredients: [{ foodId: food.id, quantity: 80 }] })).json();

    expect((await get(`/api/v1/dishes/${dish.id}`, other.auth)).statusCode).toBe(404);
    expect((await send('PATCH', `/api/v1/dishes/${dish.id}`, other.auth, { name: 'Mío' })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/v1/dishes/${dish.id}`, other.auth)).statusCode).toBe(404);
    expect((await get('/api/v1/dishes', other.auth)).json().total).toBe(0);

    const withForeignDish = await send('POST', '/api/v1/dishes', other.auth, { name: 'Copia', ingredients: [{ dishId: dish.id, quantity: 1, measure: 'serving' }] });
    expect(withForeignDish.statusCode).toBe(404);
    expect(detailsByPath(withForeignDish.json())).toHaveProperty(['ingredients.0.dishId']);
    const withForeignFood = await send('POST', '/api/v1/dishes', other.auth, { name: 'Copia', ingredients: [{ foodId: food.id, quantity: 10 }] });
    expect(withForeignFood.statusCode).toBe(404);
    expect(detailsByPath(withForeignFood.json())).toHaveProperty(['ingredients.0.foodId']);

    expect((await get(`/api/v1/dishes/${dish.id}`, owner.auth)).json().totals.nutrients.energyKcal).toBe(200);
  });
});

describe('example dishes', () => {
  const silent = { info: () => undefined, warn: () => undefined };
  const fixture = fileURLToPath(new URL('./fixtures/dish-examples-fixture.json', import.meta.url));

  it('loads the examples once per content hash, skipping those whose foods are not in the table', async () => {
    const first = await loadDishExamples(t.database.db, t.clock, silent, { file: fixture });
    expect(first).toMatchObject({ loaded: true, examples: 2, skipped: ['milanesas-de-carne'] });
    const again = await loadDishExamples(t.database.db, t.clock, silent, { file: fixture });
    expect(again).toMatchObject({ loaded: false, hash: first.hash });
    const rows = await t.database.db.selectFrom('dish_examples').select('id').where('deactivated', '=', 0).orderBy('id').execute();
    expect(rows.map((r) => r.id)).toEqual(['example:ensalada-de-palta', 'example:lentejas-con-arroz']);
  });

  it('shows the examples read-only to every nutritionist, with totals', async () => {
    const { auth } = await registerAndLogin(t);
    const list = (await get('/api/v1/dishes?source=examples&q=ENSALADA', auth)).json();
    expect(list.total).toBe(1);
    const example = list.items[0];
    // Avocado 1 cup, cubes = 150 g × 160 kcal + tomato 200 g × 18 + olive oil 10 g × 884 = 240 + 36 + 88.4.
    expect(example).toMatchObject({ id: 'example:ensalada-de-palta', example: true, hasPhoto: false, servings: 2, name: 'Ensalada de palta y tomate' });
    expect(example.totals.nutrients.energyKcal).toBe(364.4);
    expect(example.perServing.nutrients.energyKcal).toBe(182.2);
    expect(example.ingredients[0].measure).toEqual({ kind: 'measure', position: 1, description: 'cup, cubes', gramsPerUnit: 150 });
    expect((await get('/api/v1/dishes/example:ensalada-de-palta', auth)).json()).toEqual(example);
    // The own list stays the nutritionist's.
    expect((await get('/api/v1/dishes', auth)).json().total).toBe(0);

    const edit = await send('PATCH', '/api/v1/dishes/example:ensalada-de-palta', auth, { name: 'Mía' });
    expect(edit.statusCode).toBe(403);
    expect(edit.json().error.message).toBe('Los platos de ejemplo no se pueden modificar. Cópialo a tus platos para editarlo.');
    expect((await send('DELETE', '/api/v1/dishes/example:ensalada-de-palta', auth)).statusCode).toBe(403);
    expect((await get('/api/v1/dishes/example:no-existe', auth)).statusCode).toBe(404);
  });

  it('copies an example into an independent own dish', async () => {
    const { auth } = await registerAndLogin(t);
    const response = await send('POST', '/api/v1/dishes/example:ensalada-de-palta/copy', auth);
    expect(response.statusCode).toBe(201);
    const copy = response.json();
    expect(copy).toMatchObject({ name: 'Ensalada de palta y tomate', example: false, version: 1, servings: 2 });
    expect(copy.id).not.toBe('example:ensalada-de-palta');
    expect(copy.totals.nutrients.energyKcal).toBe(364.4);
    expect(copy.description).toBe('Corta la palta y el tomate en cubos y condimenta con el aceite.');
    const edited = await send('PATCH', `/api/v1/dishes/${copy.id}`, auth, { name: 'Mi ensalada', ingredients: [{ foodId: 'usda:09037', quantity: 100 }] });
    expect(edited.statusCode).toBe(200);
    expect((await get('/api/v1/dishes/example:ensalada-de-palta', auth)).json().totals.nutrients.energyKcal).toBe(364.4);
    expect((await get('/api/v1/dishes', auth)).json().items.map((d: { name: string }) => d.name)).toEqual(['Mi ensalada']);
  });
});

describe('POST /api/v1/dishes/{id}/copy (duplicate)', () => {
  it('duplicates an own dish with its ingredients, nested dishes included; others get 404', async () => {
    const { auth } = await registerAndLogin(t);
    const base = (await send('POST', '/api/v1/dishes', auth, salad)).json();
    const menu = (await send('POST', '/api/v1/dishes', auth, { name: 'Menú', servings: 3, ingredients: [{ dishId: base.id, quantity: 1, measure: 'serving' }, { foodId: 'usda:16070', quantity: 50 }] })).json();
    const response = await send('POST', `/api/v1/dishes/${menu.id}/copy`, auth);
    expect(response.statusCode).toBe(201);
    const copy = response.json();
    expect(copy.name).toBe('Menú (copia)');
    expect(copy.servings).toBe(3);
    expect(copy.ingredients).toEqual(menu.ingredients);
    expect(copy.totals).toEqual(menu.totals);
    const named = await send('POST', `/api/v1/dishes/${menu.id}/copy`, auth, { name: 'Menú de verano' });
    expect(named.json().name).toBe('Menú de verano');

    const other = await registerAndLogin(t);
    expect((await send('POST', `/api/v1/dishes/${menu.id}/copy`, other.auth)).statusCode).toBe(404);
  });
});

describe('dish photo', () => {
  function multipart(field: string, filename: string, contentType: string, bytes: Buffer) {
    const boundary = `----almendra${randomBytes(8).toString('hex')}`;
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`;
    return {
      payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    };
  }
  const putPhoto = (id: string, headers: Headers, body: ReturnType<typeof multipart>) =>
    t.app.inject({ method: 'PUT', url: `/api/v1/dishes/${id}/photo`, headers: { ...headers, ...body.headers }, payload: body.payload });

  it('stores the photo re-encoded as WebP, serves it to its owner only, copies it with the dish and deletes it', async () => {
    const { auth } = await registerAndLogin(t);
    const dish = (await send('POST', '/api/v1/dishes', auth, salad)).json();
    const png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#7a9a3b' } }).png().toBuffer();
    const response = await putPhoto(dish.id, auth, multipart('photo', 'plato.png', 'image/png', png));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: dish.id, hasPhoto: true, version: dish.version });

    const photo = await get(`/api/v1/dishes/${dish.id}/photo`, auth);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(photo.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 1200, 600]);

    const other = await registerAndLogin(t);
    expect((await get(`/api/v1/dishes/${dish.id}/photo`, other.auth)).statusCode).toBe(404);
    expect((await putPhoto(dish.id, other.auth, multipart('photo', 'plato.png', 'image/png', png))).statusCode).toBe(404);

    const copy = (await send('POST', `/api/v1/dishes/${dish.id}/copy`, auth)).json();
    expect(copy.hasPhoto).toBe(true);
    expect((await get(`/api/v1/dishes/${copy.id}/photo`, auth)).statusCode).toBe(200);

    expect((await send('DELETE', `/api/v1/dishes/${dish.id}/photo`, auth)).statusCode).toBe(204);
    expect((await get(`/api/v1/dishes/${dish.id}`, auth)).json().hasPhoto).toBe(false);
    expect((await get(`/api/v1/dishes/${dish.id}/photo`, auth)).statusCode).toBe(404);
    // The copy's photo is its own file.
    expect((await get(`/api/v1/dishes/${copy.id}/photo`, auth)).statusCode).toBe(200);
  });

  it('refuses content that is not an image (415) and examples (403)', async () => {
    const { auth } = await registerAndLogin(t);
    const dish = (await send('POST', '/api/v1/dishes', auth, salad)).json();
    const fake = await putPhoto(dish.id, auth, multipart('photo', 'plato.png', 'image/png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')));
    expect(fake.statusCode).toBe(415);
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
    expect((await putPhoto('example:ensalada-de-palta', auth, multipart('photo', 'p.png', 'image/png', png))).statusCode).toBe(403);
  });
});
