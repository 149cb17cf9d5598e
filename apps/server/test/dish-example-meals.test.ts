// The meals of the shipped example dishes (migration 0045), on the 30-food fixture: the loader stores each
// example's meals from the file (lunch and dinner when it says none) and a copy keeps them; the shipped file
// gives the sweet milk dishes breakfast and merienda; 0045 sets the existing examples and the copies she never
// edited, leaves her edited or renamed copies and other dishes alone, and its down undoes exactly that. Runs on
// SQLite and, with TEST_DATABASE_URL, on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { down, up } from '../src/db/migrations/0045-dish-example-meals.js';
import { DEFAULT_DISH_EXAMPLES_FILE, loadDishExamples } from '../src/db/reference-data/dish-examples-loader.js';
import type { TestApp } from './helpers.js';
import { createFoodsTestApp } from './foods-test-app.js';
import { practice } from './consultations-helpers.js';

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createFoodsTestApp();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dish-example-meals-'));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const silent = { info: () => undefined, warn: () => undefined };
const arroz = { name: 'Arroz con leche', description: 'Cocina el arroz en la leche con el azúcar.' };
const ingredients = [
  { ndb: '16070', grams: 200 },
  { ndb: '20045', grams: 200 },
];

describe('example dish meals', () => {
  it('the shipped file: sweet milk dishes at breakfast and merienda, the fruit salad a snack, mains at lunch and dinner', () => {
    const file = JSON.parse(fs.readFileSync(DEFAULT_DISH_EXAMPLES_FILE, 'utf8')) as { dishes: { id: string; meals: number[] }[] };
    const meals = new Map(file.dishes.map((d) => [d.id, d.meals]));
    expect(meals.get('arroz-con-leche')).toEqual([1, 4]);
    expect(meals.get('flan-casero')).toEqual([1, 4]);
    expect(meals.get('ensalada-de-frutas')).toEqual([2, 5]);
    expect(meals.get('locro')).toEqual([3, 6]);
  });

  it('the loader stores the file meals (lunch and dinner when absent); GET and a copy show them', async () => {
    const file = path.join(dir, 'examples.json');
    fs.writeFileSync(
      file,
      JSON.stringify({
        format: 'almendra-dish-examples/1',
        country: 'AR',
        dishes: [
          { id: 'arroz-con-leche', ...arroz, preparation: arroz.description, servings: 4, meals: [4, 1, 9], ingredients },
          { id: 'lentejas-con-arroz', name: 'Lentejas con arroz', preparation: 'Mezcla.', servings: 4, ingredients },
        ],
      }),
    );
    expect(await loadDishExamples(t.database.db, t.clock, silent, { file })).toMatchObject({ loaded: true, examples: 2 });
    const p = await practice(t);
    expect((await p.call('GET', '/api/v1/dishes/example:arroz-con-leche')).json().meals).toEqual([1, 4]);
    expect((await p.call('GET', '/api/v1/dishes/example:lentejas-con-arroz')).json().meals).toEqual([3, 6]);
    const copy = await p.call('POST', '/api/v1/dishes/example:arroz-con-leche/copy', {});
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ name: 'Arroz con leche', meals: [1, 4], version: 1 });
  });

  it('migration 0045 sets the examples and her unedited copies, and its down restores lunch and dinner', async () => {
    const db = t.database.db;
    const p = await practice(t);
    const own = (body: Record<string, unknown>) => p.call('POST', '/api/v1/dishes', { servings: 4, ingredients: [{ foodId: 'usda:16070', quantity: 100 }], ...body });
    const mealsOf = async (id: string) => (await db.selectFrom('dishes').select('meals').where('id', '=', id).executeTakeFirstOrThrow()).meals;
    await down(db);
    // Before 0045: the example as loaded then (no meals column) and what she made of it, all lunch and dinner.
    await db.updateTable('dish_examples').set({ name: arroz.name, description: arroz.description }).where('id', '=', 'example:arroz-con-leche').execute();
    const copy = (await own({ ...arroz, meals: [3, 6] })).json().id as string;
    const edited = (await own({ ...arroz, meals: [3, 6] })).json().id as string;
    expect((await p.call('PATCH', `/api/v1/dishes/${edited}`, { servings: 6 })).json().version).toBe(2);
    const renamed = (await own({ ...arroz, name: 'Arroz con leche de la abuela', meals: [3, 6] })).json().id as string;
    const otherMeals = (await own({ ...arroz, meals: [4] })).json().id as string;
    const other = (await own({ name: 'Guiso', meals: [3, 6] })).json().id as string;

    await up(db);
    const example = await db.selectFrom('dish_examples').select(['id', 'meals']).where('id', 'in', ['example:arroz-con-leche', 'example:lentejas-con-arroz']).orderBy('id').execute();
    expect(example).toEqual([
      { id: 'example:arroz-con-leche', meals: '1,4' },
      { id: 'example:lentejas-con-arroz', meals: '3,6' },
    ]);
    expect(await mealsOf(copy)).toBe('1,4');
    expect((await p.call('GET', `/api/v1/dishes/${copy}`)).json()).toMatchObject({ meals: [1, 4], version: 1 });
    for (const id of [edited, renamed, other]) expect(await mealsOf(id)).toBe('3,6');
    expect(await mealsOf(otherMeals)).toBe('4');

    // She changes one unedited copy after 0045: the down leaves her choice.
    const second = (await own({ ...arroz, meals: [1, 4] })).json().id as string;
    await p.call('PATCH', `/api/v1/dishes/${second}`, { meals: [1] });
    await down(db);
    expect(await mealsOf(copy)).toBe('3,6');
    expect(await mealsOf(second)).toBe('1');
    expect(await mealsOf(otherMeals)).toBe('4');
    await up(db);
    expect((await p.call('GET', '/api/v1/dishes/example:arroz-con-leche')).json().meals).toEqual([1, 4]);
  });
});
