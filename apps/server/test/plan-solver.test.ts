// The plan solvers through app.inject() (issue 28): an exchange distribution for 1,800 kcal 20/30/50 that
// meets its tolerances with portions in steps and no meat at breakfast, locks kept, bad input (400 with
// Spanish messages), infeasible targets (422 INFEASIBLE saying why), and a formula day adjusted around
// locked foods with other practices' foods and dishes answering 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.js';
import { createFoodsTestApp } from './foods-test-app.js';
import { practice } from './consultations-helpers.js';
import { issuesOf } from './patients-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createFoodsTestApp();
});
afterAll(async () => {
  await t.close();
});

// AR group positions (data/exchange-groups/ar.json).
const G = { lecheDescremada: 1, quesos: 3, carnesMagras: 4, carnesSemigrasas: 5, huevo: 6, frutas: 10, pan: 12, aceites: 13 };
const fourMeals = [
  { slot: 1, pct: 20 },
  { slot: 3, pct: 35 },
  { slot: 4, pct: 15 },
  { slot: 6, pct: 30 },
];
const base = { targetEnergyKcal: 1800, macros: { proteinPct: 20, fatPct: 30, carbsPct: 50 }, distribution: fourMeals, step: 0.5 };

describe('POST /plans/solve/exchanges', () => {
  it('distributes 1,800 kcal 20/30/50 within ±3 % and ±2 points, in half portions, with no meat at breakfast', async () => {
    const p = await practice(t);
    const response = await p.call('POST', '/api/v1/plans/solve/exchanges', base);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.meals.map((m: { slot: number }) => m.slot)).toEqual([1, 3, 4, 6]);
    for (const meal of body.meals) {
      expect(meal.portions).toHaveLength(24);
      for (const portion of meal.portions) {
        expect(portion).toBeGreaterThanOrEqual(0);
        expect(Number.isInteger(portion * 2)).toBe(true);
      }
    }
    const breakfast = body.meals.find((m: { slot: number }) => m.slot === 1).portions;
    expect(breakfast[G.carnesMagras - 1] + breakfast[G.carnesSemigrasas - 1]).toBe(0);
    expect(Math.abs(body.totals.energyKcal - 1800)).toBeLessThanOrEqual(54);
    expect(Math.abs(body.deviation.proteinPts)).toBeLessThanOrEqual(2);
    expect(Math.abs(body.deviation.fatPts)).toBeLessThanOrEqual(2);
    expect(Math.abs(body.deviation.carbsPts)).toBeLessThanOrEqual(2);
    expect(body.totals.proteinPct + body.totals.fatPct + body.totals.carbsPct).toBeCloseTo(100, 0);
    // Every meal has something, and lunch holds about its share (35 %).
    const groups = (await p.call('GET', '/api/v1/exchange-groups?country=AR')).json().groups as { position: number; portion: { energyKcal: number } }[];
    const kcal = (portions: number[]) => groups.reduce((s, g) => s + portions[g.position - 1]! * g.portion.energyKcal, 0);
    const lunch = kcal(body.meals.find((m: { slot: number }) => m.slot === 3).portions);
    expect(lunch / body.totals.energyKcal).toBeGreaterThan(0.25);
    expect(lunch / body.totals.energyKcal).toBeLessThan(0.45);
  });

  it('keeps fixed groups and maxima (two portions of skim milk, no meat for a vegetarian)', async () => {
    const p = await practice(t);
    const response = await p.call('POST', '/api/v1/plans/solve/exchanges', {
      ...base,
      step: 1,
      groups: [
        { group: G.lecheDescremada, fixed: 2 },
        { group: G.carnesMagras, max: 0 },
        { group: G.carnesSemigrasas, max: 0 },
        { group: G.aceites, min: 2, max: 4 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    const meals = response.json().meals as { portions: number[] }[];
    const day = (position: number) => meals.reduce((s, m) => s + m.portions[position - 1]!, 0);
    expect(day(G.lecheDescremada)).toBe(2);
    expect(day(G.carnesMagras) + day(G.carnesSemigrasas)).toBe(0);
    expect(day(G.aceites)).toBeGreaterThanOrEqual(2);
    expect(day(G.aceites)).toBeLessThanOrEqual(4);
    for (const m of meals) for (const portion of m.portions) expect(Number.isInteger(portion)).toBe(true);
  });

  it('answers 422 INFEASIBLE with the reason when the groups cannot reach the targets', async () => {
    const p = await practice(t);
    const response = await p.call('POST', '/api/v1/plans/solve/exchanges', {
      ...base,
      macros: { proteinPct: 40, fatPct: 20, carbsPct: 40 },
      groups: [G.carnesMagras, G.carnesSemigrasas, G.huevo, G.quesos].map((group) => ({ group, max: 0 })),
    });
    expect(response.statusCode).toBe(422);
    const error = response.json().error;
    expect(error.code).toBe('INFEASIBLE');
    expect(error.message).toMatch(/^Con estos grupos y límites no se puede llegar a 38 % de proteínas/);
    expect(error.message).toMatch(/Lo más cerca posible: .* kcal/);
    expect(error.details.violations[0]).toMatchObject({ target: 'protein', bound: 38 });
    expect(error.details.violations[0].closest).toBeLessThan(38);
  });

  it('says where a fixed group goes when no meal of the plan takes it', async () => {
    const p = await practice(t);
    const response = await p.call('POST', '/api/v1/plans/solve/exchanges', { ...base, distribution: [{ slot: 1, pct: 50 }, { slot: 4, pct: 50 }], groups: [{ group: G.carnesMagras, fixed: 1 }] });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('Carnes magras no va en ninguna de las comidas del plan: se reparte en almuerzo, cena.');
  });

  it('rejects inconsistent input with a Spanish message and the field', async () => {
    const p = await practice(t);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ macros: { proteinPct: 20, fatPct: 30, carbsPct: 40 } }, 'macros', /Las macros deben sumar 100 % \(suman 90 %\)/],
      [{ distribution: [{ slot: 1, pct: 20 }, { slot: 3, pct: 50 }] }, 'distribution', /La distribución por comidas debe sumar 100 %/],
      [{ targetEnergyKcal: 500 }, 'targetEnergyKcal', /entre 800 y 6000 kcal/],
      [{ targetEnergyKcal: 6500 }, 'targetEnergyKcal', /entre 800 y 6000 kcal/],
      [{ step: 0.25 }, 'step', /½ o 1/],
      [{ groups: [{ group: 1, fixed: 1.5 }], step: 1 }, 'groups.0.fixed', /múltiplo de 1/],
      [{ groups: [{ group: 1, min: 3, max: 1 }] }, 'groups.0.min', /mínimo no puede superar/],
      [{ groups: [{ group: 20, max: 1 }] }, 'groups.0.group', /no existe/],
      [{ distribution: [{ slot: 1, pct: 50 }, { slot: 1, pct: 50 }] }, 'distribution.1.slot', /repetida/],
    ];
    for (const [change, path, message] of cases) {
      const response = await p.call('POST', '/api/v1/plans/solve/exchanges', { ...base, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(issuesOf(response.json())[path], JSON.stringify(change)).toMatch(message);
    }
  });

  it('needs a signed-in professional', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/plans/solve/exchanges', payload: base });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /plans/solve/formula-day', () => {
  // Fixture foods (SR24 per 100 g): whole milk 01077, egg 01123, olive oil 04053, roasted chicken breast 05064, cooked lentils 16070.
  const day = [
    { foodId: 'usda:01077', slot: 1, grams: 200 },
    { foodId: 'usda:01123', slot: 1, grams: 50, locked: true },
    { foodId: 'usda:05064', slot: 3, grams: 120 },
    { foodId: 'usda:16070', slot: 3, grams: 200 },
    { foodId: 'usda:04053', slot: 3, grams: 10, maxGrams: 30 },
    { foodId: 'usda:16070', slot: 6, grams: 150 },
  ];

  it('adjusts the unlocked foods to 1,600 kcal 25/30/45 in serving steps and keeps the locked one', async () => {
    const p = await practice(t);
    const response = await p.call('POST', '/api/v1/plans/solve/formula-day', { targetEnergyKcal: 1600, macros: { proteinPct: 25, fatPct: 30, carbsPct: 45 }, items: day });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.items).toHaveLength(day.length);
    expect(body.items[1]).toMatchObject({ foodId: 'usda:01123', grams: 50, locked: true });
    expect(body.items[4].grams).toBeLessThanOrEqual(30);
    for (const item of body.items) {
      expect(item.grams).toBeGreaterThanOrEqual(0);
      // 10 g steps, or half a counted unit (the chicken's "unidad") with its household text.
      if (!item.locked) expect(item.grams % 10 === 0 || /unidad/.test(item.household ?? ''), JSON.stringify(item)).toBe(true);
    }
    expect(Math.abs(body.deviation.energyPct)).toBeLessThanOrEqual(3);
    for (const key of ['proteinPts', 'fatPts', 'carbsPts']) expect(Math.abs(body.deviation[key])).toBeLessThanOrEqual(2);
    // Something moved: the written day has ~1,200 kcal.
    expect(body.items.some((item: { grams: number }, i: number) => item.grams !== day[i]!.grams)).toBe(true);
    expect(body.items[0].household === null || typeof body.items[0].household === 'string').toBe(true);
  });

  it('says why when the locked foods already overshoot', async () => {
    const p = await practice(t);
    const response = await p.call('POST', '/api/v1/plans/solve/formula-day', {
      targetEnergyKcal: 800,
      macros: { proteinPct: 20, fatPct: 30, carbsPct: 50 },
      items: [
        { foodId: 'usda:04053', slot: 3, grams: 150, locked: true },
        { foodId: 'usda:16070', slot: 3, grams: 100 },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().error.code).toBe('INFEASIBLE');
    expect(response.json().error.message).toMatch(/^Con estos alimentos y límites no se puede .*bajar de .*kcal|grasas/);
  });

  it("answers 404 for another practice's food or dish and uses her own", async () => {
    const a = await practice(t);
    const b = await practice(t);
    const food = (await b.call('POST', '/api/v1/foods', { nameEs: 'Budín de la casa', group: '18', nutrients: { energyKcal: 300, carbohydrateG: 50, proteinG: 5, fatG: 9 } })).json();
    const dish = (await b.call('POST', '/api/v1/dishes', { name: 'Guiso', servings: 2, ingredients: [{ foodId: 'usda:16070', quantity: 400 }, { foodId: 'usda:05064', quantity: 200 }] })).json();
    const target = { targetEnergyKcal: 1200, macros: { proteinPct: 25, fatPct: 25, carbsPct: 50 } };
    for (const item of [{ foodId: food.id, slot: 1, grams: 100 }, { dishId: dish.id, slot: 3, grams: 300 }]) {
      const response = await a.call('POST', '/api/v1/plans/solve/formula-day', { ...target, items: [...day.slice(0, 2), item] });
      expect(response.statusCode).toBe(404);
    }
    const own = await b.call('POST', '/api/v1/plans/solve/formula-day', { ...target, items: [{ foodId: food.id, slot: 1, grams: 100 }, { dishId: dish.id, slot: 3, grams: 300 }, { foodId: 'usda:04053', slot: 3, grams: 10 }] });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().items[1].household).toMatch(/porci/);
  });

  it('rejects a line with both or neither of food and dish', async () => {
    const p = await practice(t);
    const response = await p.call('POST', '/api/v1/plans/solve/formula-day', { targetEnergyKcal: 1500, macros: { proteinPct: 20, fatPct: 30, carbsPct: 50 }, items: [{ slot: 1, grams: 100 }] });
    expect(response.statusCode).toBe(400);
    expect(issuesOf(response.json())['items.0']).toBe('Cada línea lleva un alimento o un plato.');
  });
});
