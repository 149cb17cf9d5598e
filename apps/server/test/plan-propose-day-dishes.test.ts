// "Proponer un día" with dishes and favourites (issue 28), through app.inject() on the 30-food fixture: a
// nutritionist stars foods and dishes (private to her: another nutritionist neither sees nor can star what
// is not theirs); proposing from favourites composes lunch and dinner around her dishes, in steps of ½
// portion; a dish with an ingredient the patient is allergic to is left out saying why, and a dish of the
// neighbouring day is avoided unless repeats are allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.js';
import { createFoodsTestApp } from './foods-test-app.js';
import { practice } from './consultations-helpers.js';
import { warmUpPlanSolver } from '../src/modules/plans/solver/warm-up.js';

let t: TestApp;
beforeAll(async () => {
  t = await createFoodsTestApp();
  // HiGHS's first solve in a process compiles its WebAssembly (seconds on a busy machine): done before the clock of any test.
  await warmUpPlanSolver();
}, 60_000);
afterAll(async () => {
  await t.close();
});

type Practice = Awaited<ReturnType<typeof practice>>;
const target = { targetEnergyKcal: 1800, macros: { proteinPct: 20, fatPct: 30, carbsPct: 50 }, slots: [1, 3, 4, 6], day: 2 };
// Breakfast and merienda foods (milk, bread, sugar, apple, banana) and sides (tomato, olive oil): no protein
// food and no starch, so lunch and dinner can only be built around a dish.
const SIDES = ['01077', '18064', '19335', '09003', '09040', '11529', '04053'].map((n) => `usda:${n}`);

async function dish(p: Practice, name: string, ingredients: { foodId: string; quantity: number }[], servings = 2): Promise<string> {
  const response = await p.call('POST', '/api/v1/dishes', { name, servings, ingredients });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}
const stew = (p: Practice) => dish(p, 'Guiso de lentejas con arroz', [{ foodId: 'usda:16070', quantity: 300 }, { foodId: 'usda:20045', quantity: 250 }, { foodId: 'usda:04053', quantity: 10 }]);
const chicken = (p: Practice) => dish(p, 'Pollo al horno con papas', [{ foodId: 'usda:05064', quantity: 300 }, { foodId: 'usda:11352', quantity: 400 }, { foodId: 'usda:04053', quantity: 10 }]);
const omelette = (p: Practice) => dish(p, 'Tortilla de papas', [{ foodId: 'usda:01123', quantity: 200 }, { foodId: 'usda:11352', quantity: 400 }, { foodId: 'usda:04053', quantity: 15 }]);

function expectOnTarget(body: { deviation: Record<string, number> }) {
  expect(Math.abs(body.deviation.energyPct!)).toBeLessThanOrEqual(3);
  for (const key of ['proteinPts', 'fatPts', 'carbsPts']) expect(Math.abs(body.deviation[key]!)).toBeLessThanOrEqual(2);
}

describe('favourite foods and dishes', () => {
  it('stars and unstars foods and dishes, kept per nutritionist and never shown to another', async () => {
    const a = await practice(t);
    const b = await practice(t);
    const own = await stew(a);
    expect((await a.call('PUT', '/api/v1/foods/usda:01077/favourite')).statusCode).toBe(204);
    expect((await a.call('PUT', '/api/v1/foods/usda:01077/favourite')).statusCode).toBe(204);
    expect((await a.call('PUT', `/api/v1/dishes/${own}/favourite`)).statusCode).toBe(204);
    expect((await a.call('GET', '/api/v1/foods/favourites')).json()).toEqual({ ids: ['usda:01077'] });
    expect((await a.call('GET', '/api/v1/dishes/favourites')).json()).toEqual({ ids: [own] });
    // Another nutritionist: her own empty lists, and a's dish is not hers to star.
    expect((await b.call('GET', '/api/v1/foods/favourites')).json()).toEqual({ ids: [] });
    expect((await b.call('GET', '/api/v1/dishes/favourites')).json()).toEqual({ ids: [] });
    const foreign = await b.call('PUT', `/api/v1/dishes/${own}/favourite`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('No encontramos ese plato.');
    expect((await b.call('PUT', '/api/v1/foods/usda:99999/favourite')).json().error.message).toBe('No encontramos ese alimento.');
    // b unstarring a's dish changes nothing for a.
    expect((await b.call('DELETE', `/api/v1/dishes/${own}/favourite`)).statusCode).toBe(204);
    expect((await a.call('GET', '/api/v1/dishes/favourites')).json()).toEqual({ ids: [own] });
    expect((await a.call('DELETE', '/api/v1/foods/usda:01077/favourite')).statusCode).toBe(204);
    expect((await a.call('GET', '/api/v1/foods/favourites')).json()).toEqual({ ids: [] });
  });
});

describe('POST /plans/solve/propose-day with dishes', () => {
  // Two practices, two dishes and nine stars before the proposal: more than the default 20 s on a busy machine.
  it('proposes from favourites: lunch and dinner are her dishes, in ½ portions, and the day meets its targets', { timeout: 60_000 }, async () => {
    const p = await practice(t);
    const ids = [await stew(p), await chicken(p)];
    for (const id of SIDES) expect((await p.call('PUT', `/api/v1/foods/${id}/favourite`)).statusCode).toBe(204);
    for (const id of ids) expect((await p.call('PUT', `/api/v1/dishes/${id}/favourite`)).statusCode).toBe(204);
    const response = await p.call('POST', '/api/v1/plans/solve/propose-day', { ...target, favourites: true });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expectOnTarget(body);
    expect(body.dishes.map((d: { slot: number }) => d.slot).sort()).toEqual([3, 6]);
    expect(new Set(body.dishes.map((d: { dishId: string }) => d.dishId))).toEqual(new Set(ids));
    for (const d of body.dishes) {
      expect((d.portions * 2) % 1).toBe(0);
      expect(d.portions).toBeGreaterThan(0);
      expect(d.household).toMatch(/porci/);
    }
    for (const item of body.items) expect(SIDES).toContain(item.foodId);
    // A nutritionist without favourites is told how to mark them.
    const empty = await (await practice(t)).call('POST', '/api/v1/plans/solve/propose-day', { ...target, favourites: true });
    expect(empty.statusCode).toBe(422);
    expect(empty.json().error.message).toMatch(/^Todavía no tienes alimentos ni platos favoritos/);
  });

  it("leaves out a dish with an ingredient the patient is allergic to, and the neighbouring day's dish unless repeats are allowed", { timeout: 60_000 }, async () => {
    const p = await practice(t);
    const [s, c, o] = [await stew(p), await chicken(p), await omelette(p)];
    const patient = await p.createPatient();
    const saved = await p.call('PUT', `/api/v1/patients/${patient.id}/background`, { version: 0, allergies: 'huevo' });
    expect(saved.statusCode, saved.body).toBe(200);
    const request = { ...target, slots: [1, 3, 4], targetEnergyKcal: 1400, macros: { proteinPct: 15, fatPct: 30, carbsPct: 55 }, patientId: patient.id, foodIds: SIDES, dishIds: [s, c, o], avoidDishIds: [c] };
    const response = await p.call('POST', '/api/v1/plans/solve/propose-day', request);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expectOnTarget(body);
    const reasons = Object.fromEntries(body.excludedDishes.map((d: { dishId: string; reason: string }) => [d.dishId, d.reason]));
    expect(reasons).toEqual({ [o]: 'alergia: huevo (Huevo de gallina, entero, crudo)', [c]: 'ya está en un día vecino' });
    const causes = Object.fromEntries(body.excludedDishes.map((d: { dishId: string; cause: unknown }) => [d.dishId, d.cause]));
    expect(causes).toEqual({ [o]: { code: 'allergy', term: 'huevo', ingredient: 'Huevo de gallina, entero, crudo' }, [c]: { code: 'neighbour' } });
    expect(body.dishes.map((d: { dishId: string }) => d.dishId)).toEqual([s]);
    // Allowing repeats brings the neighbouring day's dish back; the allergy still keeps the omelette out.
    const again = (await p.call('POST', '/api/v1/plans/solve/propose-day', { ...request, allowRepeats: true })).json();
    expect(again.excludedDishes.map((d: { dishId: string }) => d.dishId)).toEqual([o]);
    // A disliked dish is left out too; another practice's dish is a 404.
    const disliked = (await p.call('POST', '/api/v1/plans/solve/propose-day', { ...request, allowRepeats: true, dislikedDishIds: [s] })).json();
    expect(disliked.excludedDishes.find((d: { dishId: string }) => d.dishId === s)).toMatchObject({ reason: 'no le gusta', cause: { code: 'disliked' } });
    expect(disliked.dishes.map((d: { dishId: string }) => d.dishId)).toEqual([c]);
    // Only what she picked: her dishes and no food leaves breakfast without candidates, said in words.
    const onlyDishes = await p.call('POST', '/api/v1/plans/solve/propose-day', { ...target, dishIds: [s, c], onlyPicked: true });
    expect(onlyDishes.statusCode).toBe(422);
    expect(onlyDishes.json().error.message).toMatch(/^No hay alimentos para el desayuno/);
    const other = await practice(t);
    expect((await other.call('POST', '/api/v1/plans/solve/propose-day', { ...target, foodIds: SIDES, dishIds: [s] })).statusCode).toBe(404);
  });

  it('places a dish only at the meals she says it fits: a breakfast dish in place of the dairy and the bread', { timeout: 60_000 }, async () => {
    const p = await practice(t);
    const toast = (await p.call('POST', '/api/v1/dishes', { name: 'Café con leche y tostadas', servings: 1, meals: [1], ingredients: [{ foodId: 'usda:01077', quantity: 200 }, { foodId: 'usda:18064', quantity: 60 }] })).json().id as string;
    const [s, c] = [await stew(p), await chicken(p)];
    // No milk and no bread among the foods: breakfast can only be her breakfast dish; lunch and dinner her main courses.
    const foods = SIDES.filter((id) => id !== 'usda:01077' && id !== 'usda:18064');
    const request = { ...target, slots: [1, 3, 6], targetEnergyKcal: 1500, macros: { proteinPct: 18, fatPct: 27, carbsPct: 55 }, foodIds: foods, dishIds: [toast, s, c], onlyPicked: true };
    const response = await p.call('POST', '/api/v1/plans/solve/propose-day', request);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expectOnTarget(body);
    const at = Object.fromEntries(body.dishes.map((d: { dishId: string; slot: number }) => [d.dishId, d.slot]));
    expect(at[toast]).toBe(1);
    expect([at[s], at[c]].sort()).toEqual([3, 6]);
    // Breakfast has no dairy or bread food beside the dish (it takes their place); fruit or sugar may go with it.
    for (const item of body.items.filter((i: { slot: number }) => i.slot === 1)) expect(['usda:09003', 'usda:09040', 'usda:19335']).toContain(item.foodId);
    // A lunch-and-dinner dish is never proposed at breakfast, even when breakfast has only fruit to offer.
    for (const day of [1, 2, 3]) {
      const mainsOnly = await p.call('POST', '/api/v1/plans/solve/propose-day', { ...request, day, dishIds: [s, c] });
      if (mainsOnly.statusCode === 200) for (const d of mainsOnly.json().dishes) expect(d.slot).not.toBe(1);
      else expect(mainsOnly.json().error.code).toBe('INFEASIBLE');
    }
    // Her breakfast dish as lunch and dinner too is still at most once a day.
    await p.call('PATCH', `/api/v1/dishes/${toast}`, { meals: [1, 3, 6] });
    const again = (await p.call('POST', '/api/v1/plans/solve/propose-day', request)).json();
    expect(again.dishes.filter((d: { dishId: string }) => d.dishId === toast)).toHaveLength(1);
  });
});
