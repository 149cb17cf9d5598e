// Foods API through app.inject() on the 30-food fixture of the SR24 table: search ranking and paging,
// detail, groups, own foods (validation, tenant isolation, deactivation) and the cached catalogue.
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const ids = (body: { items: { id: string }[] }) => body.items.map((i) => i.id);
const detailsByPath = (body: { error: { details: { path: string; message: string }[] } }) =>
  Object.fromEntries(body.error.details.map((d) => [d.path, d.message]));

describe('GET /api/v1/foods (search)', () => {
  it("finds avocado 09037 first for 'palta', 'PALTA' and 'avocado'", async () => {
    const { auth } = await registerAndLogin(t);
    for (const q of ['palta', 'PALTA', 'Pálta', 'avocado']) {
      const response = await get(`/api/v1/foods?q=${encodeURIComponent(q)}`, auth);
      expect(response.statusCode).toBe(200);
      expect(ids(response.json())[0]).toBe('usda:09037');
    }
    expect(ids((await get('/api/v1/foods?q=palta', auth)).json())).toEqual(['usda:09037', 'usda:09038', 'usda:09039', 'usda:04581']);
  });

  it('answers each item with names, group, source, macros per 100 g and measures', async () => {
    const { auth } = await registerAndLogin(t);
    const item = (await get('/api/v1/foods?q=palta&limit=1', auth)).json().items[0];
    expect(item).toEqual({
      id: 'usda:09037',
      name: 'Palta, cruda, todas las variedades',
      nameEs: 'Palta, cruda, todas las variedades',
      nameEn: 'Avocados, raw, all commercial varieties',
      brand: null,
      group: { code: '09', name: 'Frutas y jugos de fruta', nameEn: 'Fruits and Fruit Juices' },
      source: 'usda',
      legacy: false,
      energyKcal: 160,
      proteinG: 2,
      fatG: 14.66,
      carbohydrateG: 8.53,
      measures: [
        { position: 1, amount: 1, description: 'cup, cubes', gramWeight: 150 },
        { position: 2, amount: 1, description: 'cup, pureed', gramWeight: 230 },
        { position: 3, amount: 1, description: 'cup, sliced', gramWeight: 146 },
        { position: 4, amount: 1, description: 'avocado, NS as to Florida or California', gramWeight: 201 },
      ],
      shortName: null,
    });
  });

  it('ranks name prefixes first and needs every word of a multi-word query', async () => {
    const { auth } = await registerAndLogin(t);
    const pollo = (await get('/api/v1/foods?q=pollo', auth)).json();
    expect(pollo.items.length).toBeGreaterThan(3);
    for (const item of pollo.items) expect(item.name.startsWith('Pollo')).toBe(true);
    const pechuga = (await get('/api/v1/foods?q=' + encodeURIComponent('pechuga pollo'), auth)).json();
    expect(ids(pechuga)).toEqual(['usda:05062', 'usda:05064']);
    // English word prefix and accents: "lentéjas" matches "Lentejas".
    expect(ids((await get('/api/v1/foods?q=' + encodeURIComponent('lentéjas hervidas'), auth)).json())).toEqual(['usda:16070']);
  });

  it('lists legacy foods (older SR releases) after SR24 foods', async () => {
    const { auth } = await registerAndLogin(t);
    const body = (await get('/api/v1/foods?q=chicken', auth)).json();
    const legacy = body.items.map((i: { legacy: boolean }) => i.legacy);
    expect(legacy).toContain(true);
    expect(legacy).toEqual([...legacy].sort((a, b) => Number(a) - Number(b)));
    expect(body.items.at(-1).id).toMatch(/^usda:(06021|21257)$/);
  });

  it('filters by group and pages with a cursor', async () => {
    const { auth } = await registerAndLogin(t);
    const legumes = (await get('/api/v1/foods?group=16&source=database', auth)).json();
    expect(ids(legumes).sort()).toEqual(['usda:16043', 'usda:16069', 'usda:16070']);

    const all: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const url: string = `/api/v1/foods?source=database&limit=7${cursor ? `&cursor=${cursor}` : ''}`;
      const page = (await get(url, auth)).json();
      expect(page.total).toBe(29);
      all.push(...ids(page));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(5);
    expect(new Set(all).size).toBe(29);
    // 23999 (the SR24 stub without nutrients) is not loaded.
    expect(all).not.toContain('usda:23999');
  });

  it('answers 400 with the field path for bad query parameters and 401 without a session', async () => {
    const { auth } = await registerAndLogin(t);
    for (const [query, path] of [
      ['cursor=abc', 'querystring.cursor'],
      ['limit=0', 'querystring.limit'],
      ['limit=101', 'querystring.limit'],
      ['group=9', 'querystring.group'],
      ['source=everything', 'querystring.source'],
    ]) {
      const response = await get(`/api/v1/foods?${query}`, auth);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.details.map((d: { path: string }) => d.path)).toContain(path);
    }
    expect((await get('/api/v1/foods?q=palta', {})).statusCode).toBe(401);
  });
});

describe('GET /api/v1/foods/{id} and /foods/groups', () => {
  it('answers every nutrient per 100 g under stable keys with units (null = no value)', async () => {
    const { auth } = await registerAndLogin(t);
    const response = await get('/api/v1/foods/usda:15076', auth);
    expect(response.statusCode).toBe(200);
    const food = response.json();
    expect(food).toMatchObject({ id: 'usda:15076', ndb: '15076', countryCode: 'AR', source: 'usda', deactivated: false, legacy: false });
    expect(Object.keys(food.nutrients)).toHaveLength(71);
    expect(food.nutrients).toMatchObject({ energyKcal: 142, proteinG: 19.84, cholesterolMg: 55, omega3G: 2.018, vitaminDIU: null });
    expect(food.nutrientUnits).toMatchObject({ energyKcal: 'kcal', cholesterolMg: 'mg', omega3G: 'g', vitaminB12Ug: 'µg', vitaminDIU: 'IU' });
    expect(food.measures[0]).toEqual({ position: 1, amount: 0.5, description: 'fillet', gramWeight: 198 });
  });

  it('answers 404 for unknown ids and for the skipped stub 23999', async () => {
    const { auth } = await registerAndLogin(t);
    expect((await get('/api/v1/foods/usda:23999', auth)).statusCode).toBe(404);
    const missing = await get('/api/v1/foods/nope', auth);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });

  it('lists the food groups with Spanish and English names', async () => {
    const { auth } = await registerAndLogin(t);
    const groups = (await get('/api/v1/foods/groups', auth)).json();
    expect(groups).toHaveLength(25);
    expect(groups).toContainEqual({ code: '16', name: 'Legumbres y derivados', nameEn: 'Legumes and Legume Products' });
  });
});

describe('own foods', () => {
  const yogurt = {
    nameEs: 'Yogur griego casero',
    nameEn: 'Homemade greek yogurt',
    brand: 'La Quesería de Ana',
    group: '01',
    nutrients: { energyKcal: 97, proteinG: 9, fatG: '', carbohydrateG: null, calciumMg: 110.5 },
    measures: [{ description: 'pote', gramWeight: 190 }, { description: 'cucharada', amount: 2, gramWeight: 30 }],
  };

  it('creates an own food: empty values count as 0, left-out keys have no value', async () => {
    const { auth } = await registerAndLogin(t);
    const response = await send('POST', '/api/v1/foods', auth, yogurt);
    expect(response.statusCode).toBe(201);
    const food = response.json();
    expect(food.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(food).toMatchObject({
      name: 'Yogur griego casero',
      source: 'own',
      brand: 'La Quesería de Ana',
      group: { code: '01', name: 'Lácteos y huevos' },
      energyKcal: 97,
      fatG: 0,
      carbohydrateG: 0,
      countryCode: 'AR',
      deactivated: false,
    });
    expect(food.nutrients).toMatchObject({ proteinG: 9, calciumMg: 110.5, fiberG: null });
    expect(food.measures).toEqual([
      { position: 1, amount: 1, description: 'pote', gramWeight: 190 },
      { position: 2, amount: 2, description: 'cucharada', gramWeight: 30 },
    ]);
  });

  it('finds own foods by name or brand, first on ties, and filters by source', async () => {
    const { auth } = await registerAndLogin(t);
    const created = (await send('POST', '/api/v1/foods', auth, { ...yogurt, nameEs: 'Palta rellena casera' })).json();
    const both = (await get('/api/v1/foods?q=palta', auth)).json();
    expect(ids(both)).toEqual([created.id, 'usda:09037', 'usda:09038', 'usda:09039', 'usda:04581']);
    expect(ids((await get('/api/v1/foods?q=queseria', auth)).json())).toEqual([created.id]);
    expect(ids((await get('/api/v1/foods?q=palta&source=own', auth)).json())).toEqual([created.id]);
    expect(ids((await get('/api/v1/foods?q=palta&source=database', auth)).json())).not.toContain(created.id);
  });

  it('finds an own food by the plural of its name, as the cached search does (domain ranking)', async () => {
    const { auth } = await registerAndLogin(t);
    const nuez = (await send('POST', '/api/v1/foods', auth, { ...yogurt, nameEs: 'Nuez pecán de la huerta', brand: null })).json();
    expect(ids((await get('/api/v1/foods?q=nueces&source=own', auth)).json())).toEqual([nuez.id]);
    expect(ids((await get('/api/v1/foods?q=paltas', auth)).json())[0]).toBe('usda:09037');
  });

  it('answers 400 with the field path for negative, non-numeric or unknown nutrient values and bad fields', async () => {
    const { auth } = await registerAndLogin(t);
    const response = await send('POST', '/api/v1/foods', auth, {
      nameEs: '  ',
      group: '99',
      nutrients: { proteinG: -1, fatG: 'abc', fiberG: 150, bogus: 3 },
      measures: [{ description: 'taza', gramWeight: 0 }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(detailsByPath(response.json())).toMatchObject({
      nameEs: 'Ingresa el nombre del alimento.',
      'nutrients.proteinG': 'No puede ser negativo.',
      'nutrients.fatG': 'Debe ser un número.',
      'nutrients.fiberG': 'No puede superar 100 g por 100 g.',
      nutrients: 'Nutriente desconocido: bogus.',
      'measures.0.gramWeight': 'El peso en gramos debe ser mayor que 0.',
    });
    const badGroup = await send('POST', '/api/v1/foods', auth, { nameEs: 'Algo', group: '99' });
    expect(badGroup.statusCode).toBe(400);
    expect(detailsByPath(badGroup.json())).toEqual({ group: 'Ese grupo de alimentos no existe.' });
  });

  it('updates an own food: nutrients merge, measures are replaced, cleared fields become null', async () => {
    const { auth } = await registerAndLogin(t);
    const created = (await send('POST', '/api/v1/foods', auth, yogurt)).json();
    const response = await send('PATCH', `/api/v1/foods/${created.id}`, auth, {
      nameEn: '',
      nutrients: { proteinG: 10, fiberG: 0.5 },
      measures: [{ description: 'vaso', gramWeight: 200 }],
    });
    expect(response.statusCode).toBe(200);
    const food = response.json();
    expect(food).toMatchObject({ nameEn: null, proteinG: 10, energyKcal: 97, brand: 'La Quesería de Ana' });
    expect(food.nutrients.fiberG).toBe(0.5);
    expect(food.measures).toEqual([{ position: 1, amount: 1, description: 'vaso', gramWeight: 200 }]);
    const bad = await send('PATCH', `/api/v1/foods/${created.id}`, auth, { nutrients: { sodiumMg: -5 } });
    expect(bad.statusCode).toBe(400);
    expect(detailsByPath(bad.json())).toHaveProperty(['nutrients.sodiumMg']);
  });

  it('deletes an own food by deactivating it: hidden from search, still readable', async () => {
    const { auth } = await registerAndLogin(t);
    const created = (await send('POST', '/api/v1/foods', auth, yogurt)).json();
    expect((await send('DELETE', `/api/v1/foods/${created.id}`, auth)).statusCode).toBe(204);
    expect(ids((await get('/api/v1/foods?q=yogur', auth)).json())).not.toContain(created.id);
    const still = await get(`/api/v1/foods/${created.id}`, auth);
    expect(still.statusCode).toBe(200);
    expect(still.json().deactivated).toBe(true);
    expect((await send('DELETE', `/api/v1/foods/${created.id}`, auth)).statusCode).toBe(204);
  });

  it('refuses to change or delete database foods (403)', async () => {
    const { auth } = await registerAndLogin(t);
    for (const method of ['PATCH', 'DELETE'] as const) {
      const response = await send(method, '/api/v1/foods/usda:09037', auth, method === 'PATCH' ? { nameEs: 'Mía' } : undefined);
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    expect((await get('/api/v1/foods/usda:09037', auth)).json().name).toBe('Palta, cruda, todas las variedades');
  });

  it("keeps own foods invisible to other nutritionists (404 on every endpoint, absent from search and catalogue)", async () => {
    const owner = await registerAndLogin(t);
    const other = await registerAndLogin(t);
    const created = (await send('POST', '/api/v1/foods', owner.auth, { ...yogurt, nameEs: 'Secreto de la casa' })).json();
    expect((await get(`/api/v1/foods/${created.id}`, other.auth)).statusCode).toBe(404);
    expect((await send('PATCH', `/api/v1/foods/${created.id}`, other.auth, { nameEs: 'Robado' })).statusCode).toBe(404);
    expect((await send('DELETE', `/api/v1/foods/${created.id}`, other.auth)).statusCode).toBe(404);
    expect((await get('/api/v1/foods?q=secreto', other.auth)).json().total).toBe(0);
    expect((await get('/api/v1/foods/catalog/own', other.auth)).json().count).toBe(0);
    expect((await get(`/api/v1/foods/${created.id}`, owner.auth)).json().name).toBe('Secreto de la casa');
  });
});

describe('catalogue for the client cache', () => {
  it('dumps the global catalogue with its hash as ETag and answers 304 when unchanged', async () => {
    const { auth } = await registerAndLogin(t);
    const response = await get('/api/v1/foods/catalog?country=AR', auth);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ country: 'AR', count: 29 });
    expect(response.headers.etag).toBe(`"${body.hash}"`);
    expect(body.groups).toHaveLength(25);
    expect(body.foods.find((f: { id: string }) => f.id === 'usda:09037')).toEqual({
      id: 'usda:09037',
      nameEs: 'Palta, cruda, todas las variedades',
      nameEn: 'Avocados, raw, all commercial varieties',
      brand: null,
      group: '09',
      source: 'usda',
      legacy: false,
      energyKcal: 160,
      proteinG: 2,
      fatG: 14.66,
      carbohydrateG: 8.53,
      measures: [
        [1, 'cup, cubes', 150],
        [1, 'cup, pureed', 230],
        [1, 'cup, sliced', 146],
        [1, 'avocado, NS as to Florida or California', 201],
      ],
      shortName: null,
    });
    const again = await get('/api/v1/foods/catalog', { ...auth, 'if-none-match': response.headers.etag as string });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A country without a list of its own gets Argentina's.
    expect((await get('/api/v1/foods/catalog?country=UY', auth)).json().hash).toBe(body.hash);
    expect((await get('/api/v1/foods/catalog?country=Argentina', auth)).statusCode).toBe(400);
  });

  it('sends the dump gzipped to clients that accept it', async () => {
    const { auth } = await registerAndLogin(t);
    const response = await get('/api/v1/foods/catalog', { ...auth, 'accept-encoding': 'gzip, deflate' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString('utf8')).count).toBe(29);
  });

  it("dumps the nutritionist's own foods separately; the hash changes when they change", async () => {
    const { auth } = await registerAndLogin(t);
    const empty = await get('/api/v1/foods/catalog/own', auth);
    expect(empty.json()).toMatchObject({ count: 0, foods: [] });
    await send('POST', '/api/v1/foods', auth, { nameEs: 'Budín de banana', nutrients: { energyKcal: 300 } });
    const one = await get('/api/v1/foods/catalog/own', { ...auth, 'if-none-match': empty.headers.etag as string });
    expect(one.statusCode).toBe(200);
    expect(one.json().foods).toEqual([expect.objectContaining({ nameEs: 'Budín de banana', source: 'own', energyKcal: 300, proteinG: null })]);
    expect(one.headers.etag).not.toBe(empty.headers.etag);
  });
});
