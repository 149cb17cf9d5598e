// The meals a dish fits (migration 0044), through app.inject() on the 30-food fixture: lunch and dinner unless
// she says otherwise, kept as she ticks them (ascending, no repeats), changed on edit, kept by a copy, refused
// empty or out of range; a dish saved before the column existed reads lunch and dinner. Runs on SQLite and,
// with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../src/db/migrations/0044-dish-meals.js';
import type { TestApp } from './helpers.js';
import { createFoodsTestApp } from './foods-test-app.js';
import { practice } from './consultations-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createFoodsTestApp();
});
afterAll(async () => {
  await t.close();
});

const toast = { name: 'Tostadas con queso', servings: 1, ingredients: [{ foodId: 'usda:18064', quantity: 60 }, { foodId: 'usda:01077', quantity: 200 }] };

describe('dish meals', () => {
  it('lunch and dinner by default; her meals kept, edited, copied; none or 7 refused', async () => {
    const p = await practice(t);
    const plain = await p.call('POST', '/api/v1/dishes', toast);
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().meals).toEqual([3, 6]);

    const breakfast = await p.call('POST', '/api/v1/dishes', { ...toast, meals: [4, 1, 4] });
    expect(breakfast.statusCode, breakfast.body).toBe(201);
    const id = breakfast.json().id as string;
    expect(breakfast.json().meals).toEqual([1, 4]);
    expect((await p.call('GET', `/api/v1/dishes/${id}`)).json().meals).toEqual([1, 4]);

    const edited = await p.call('PATCH', `/api/v1/dishes/${id}`, { meals: [5, 2, 1], version: 1 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ meals: [1, 2, 5], version: 2 });
    // An edit that does not send meals leaves them as they are.
    expect((await p.call('PATCH', `/api/v1/dishes/${id}`, { name: 'Tostadas con queso blanco' })).json().meals).toEqual([1, 2, 5]);
    expect((await p.call('POST', `/api/v1/dishes/${id}/copy`, {})).json().meals).toEqual([1, 2, 5]);

    const none = await p.call('PATCH', `/api/v1/dishes/${id}`, { meals: [] });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json().error)).toMatch(/Elige al menos una comida para el plato/);
    expect((await p.call('POST', '/api/v1/dishes', { ...toast, meals: [7] })).statusCode).toBe(400);
  });

  it('migration 0044: a dish saved before it reads lunch and dinner', async () => {
    const p = await practice(t);
    const id = (await p.call('POST', '/api/v1/dishes', { ...toast, meals: [1] })).json().id as string;
    const db = t.database.db;
    await down(db);
    await up(db);
    const row = await db.selectFrom('dishes').select('meals').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.meals).toBe('3,6');
    expect((await p.call('GET', `/api/v1/dishes/${id}`)).json().meals).toEqual([3, 6]);
  });
});
