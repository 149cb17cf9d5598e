// "Proponer un día" through app.inject() (issue 28): a day of the 30-food fixture for 1,800 kcal 20/30/50
// that meets its tolerances in every meal; the patient's recorded allergy and intolerance (and celiac disease
// ticked) leave their foods out, listed with the reason; disliked and neighbouring days' foods too; targets
// the foods cannot reach answer 422 saying why; another practice's patient answers 404.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

// Fixture foods: milk, egg, olive oil, roasted chicken breast, apple, banana, potato, tomato, beef, salmon,
// cooked lentils, wheat bread, sugar, rice, sweet potato, sweetcorn.
const FOODS = ['01077', '01123', '04053', '05064', '09003', '09040', '11352', '11529', '13000', '15076', '16070', '18064', '19335', '20045', '11507', '11167'].map((n) => `usda:${n}`);
const base = { targetEnergyKcal: 1800, macros: { proteinPct: 20, fatPct: 30, carbsPct: 50 }, slots: [1, 3, 4, 6], day: 2, foodIds: FOODS };

function expectOnTarget(body: { deviation: Record<string, number> }) {
  expect(Math.abs(body.deviation.energyPct!)).toBeLessThanOrEqual(3);
  for (const key of ['proteinPts', 'fatPts', 'carbsPts']) expect(Math.abs(body.deviation[key]!)).toBeLessThanOrEqual(2);
}

describe('POST /plans/solve/propose-day', () => {
  it('composes a day for every meal that meets 1,800 kcal 20/30/50, in 10 g steps', async () => {
    const p = await practice(t);
    const response = await p.call('POST', '/api/v1/plans/solve/propose-day', base);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expectOnTarget(body);
    for (const slot of base.slots) expect(body.items.some((i: { slot: number }) => i.slot === slot)).toBe(true);
    for (const item of body.items) {
      expect(FOODS).toContain(item.foodId);
      expect(item.grams % 10).toBe(0);
      expect(item.name).toEqual(expect.any(String));
    }
    expect(body.excluded).toEqual([]);
  });

  it("leaves out the patient's allergies and intolerances, disliked foods and the neighbouring day's, saying why", async () => {
    const p = await practice(t);
    const patient = await p.createPatient();
    const saved = await p.call('PUT', `/api/v1/patients/${patient.id}/background`, { version: 0, conditions: { celiacDisease: true }, allergies: 'Huevo', foodIntolerances: 'lactosa' });
    expect(saved.statusCode, saved.body).toBe(200);
    // Without milk, egg and bread the fixture has no breakfast dairy or bread left (and raw potato, sweet
    // potato and corn are not served), so this patient's day is a smaller one.
    const response = await p.call('POST', '/api/v1/plans/solve/propose-day', { ...base, targetEnergyKcal: 1500, patientId: patient.id, dislikedFoodIds: ['usda:15076'], avoidFoodIds: ['usda:09040'] });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expectOnTarget(body);
    const reasons = Object.fromEntries(body.excluded.map((e: { foodId: string; reason: string }) => [e.foodId, e.reason]));
    expect(reasons).toMatchObject({
      'usda:01123': 'alergia: Huevo',
      'usda:01077': 'intolerancia: lactosa',
      'usda:18064': 'intolerancia: celiaquía',
      'usda:15076': 'no le gusta',
      'usda:09040': 'ya está en un día vecino',
    });
    // The interface words the cause (a code and the recorded term) in its own language.
    const causes = Object.fromEntries(body.excluded.map((e: { foodId: string; cause: unknown }) => [e.foodId, e.cause]));
    expect(causes).toMatchObject({
      'usda:01123': { code: 'allergy', term: 'Huevo' },
      'usda:01077': { code: 'intolerance', term: 'lactosa' },
      'usda:18064': { code: 'intolerance', term: 'celiaquía' },
      'usda:15076': { code: 'disliked' },
      'usda:09040': { code: 'neighbour' },
    });
    for (const e of body.excluded) expect(e.cause.ingredient).toBeUndefined();
    const used = body.items.map((i: { foodId: string }) => i.foodId);
    for (const id of Object.keys(reasons)) expect(used).not.toContain(id);
    // Allowing repeats brings the neighbouring day's banana back into the candidates.
    const again = await p.call('POST', '/api/v1/plans/solve/propose-day', { ...base, patientId: patient.id, avoidFoodIds: ['usda:09040'], allowRepeats: true });
    expect(again.json().excluded.map((e: { foodId: string }) => e.foodId)).not.toContain('usda:09040');
  });

  it('answers 422 INFEASIBLE with the reason when the foods cannot reach the protein', async () => {
    const p = await practice(t);
    const plant = ['04053', '09003', '09040', '11352', '11529', '18064', '19335', '20045'].map((n) => `usda:${n}`);
    const response = await p.call('POST', '/api/v1/plans/solve/propose-day', { ...base, macros: { proteinPct: 30, fatPct: 25, carbsPct: 45 }, foodIds: plant });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().error).toMatchObject({ code: 'INFEASIBLE', message: expect.stringMatching(/^Con estos alimentos en porciones usuales no se puede llegar a 28 % de proteínas/) });
    // The numbers behind the words, for an interface in another language to word them.
    expect(response.json().error.details).toMatchObject({ reason: 'targets', violations: expect.arrayContaining([expect.objectContaining({ target: 'protein', bound: 28 })]), limits: expect.any(Array), closest: { energyKcal: expect.any(Number) } });
  });

  it("answers 404 for another practice's patient and 400 for macros that do not add up", async () => {
    const a = await practice(t);
    const b = await practice(t);
    const patient = await a.createPatient();
    const foreign = await b.call('POST', '/api/v1/plans/solve/propose-day', { ...base, patientId: patient.id });
    expect(foreign.statusCode).toBe(404);
    const bad = await a.call('POST', '/api/v1/plans/solve/propose-day', { ...base, macros: { proteinPct: 20, fatPct: 30, carbsPct: 40 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/Las macros deben sumar 100 %/);
  });
});
