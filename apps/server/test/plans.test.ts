// Plans API through app.inject() on the SR24 fixture: meal slots, the three plan types, validation (days,
// disabled meals, other tenants' foods/dishes, negative quantities — nothing saved), computed totals and
// targets from the latest consultation, versions, copies, publishing, exchange groups, the PDF and email.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from './helpers.js';
import { createFoodsTestApp } from './foods-test-app.js';
import { genericMaleMeasurements, practice } from './consultations-helpers.js';
import { issuesOf } from './patients-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createFoodsTestApp();
});
afterAll(async () => {
  await t.close();
});

const zeros = () => Array.from({ length: 24 }, () => 0);

// SR24 per 100 g (rounded to 1 decimal): whole milk 01077 61 kcal (P 3.2 — 3.15 → 3.2), olive oil 04053 884 kcal,
// 1 tablespoon = 13.5 g; lentils cooked 16070 116 kcal.
const formulaContent = {
  formula: [
    { day: 1, meals: [{ slot: 1, items: [{ kind: 'food', id: 'usda:01077', quantity: 200, unit: 'g' }] }, { slot: 3, items: [{ kind: 'food', id: 'usda:16070', quantity: 150, unit: 'g' }, { kind: 'food', id: 'usda:04053', quantity: 1, unit: 1 }] }] },
    { day: 2, meals: [{ slot: 1, items: [{ kind: 'food', id: 'usda:01077', quantity: 100, unit: 'g' }] }] },
  ],
};

describe('meal slots', () => {
  it('returns the six default slots and renames/disables with ids 1..n over the enabled ones', async () => {
    const p = await practice(t);
    const initial = (await p.call('GET', '/api/v1/meal-slots')).json();
    expect(initial.slots.map((s: { name: string }) => s.name)).toEqual(['Desayuno', 'Merienda', 'Almuerzo', 'Media tarde', 'Cena', 'Colación']);
    const put = await p.call('PUT', '/api/v1/meal-slots', {
      slots: [1, 2, 3, 4, 5, 6].map((slot) => ({ slot, name: slot === 2 ? 'Media mañana' : null, enabled: slot !== 6 && slot !== 2 })),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().slots.map((s: { id: number | null }) => s.id)).toEqual([1, null, 2, 3, 4, null]);
    expect(put.json().slots[1].name).toBe('Media mañana');
    // A meal that is off can't be planned.
    const plan = await p.call('POST', '/api/v1/plans', { type: 1, title: 'X', content: { simple: [{ day: 1, meals: [{ slot: 2, text: 'Yogur' }] }] } });
    expect(plan.statusCode).toBe(400);
    expect(issuesOf(plan.json())).toHaveProperty(['content.simple.0.meals.0.slot']);
  });
});

describe('plans', () => {
  it('creates a template, a simple patient plan, lists, filters, searches, publishes and deletes', async () => {
    const p = await practice(t);
    const patient = await p.createPatient();
    const template = await p.call('POST', '/api/v1/plans', { type: 1, title: 'Plantilla verano', goal: 'maintenance', draft: 1, content: { simple: [{ day: 1, meals: [{ slot: 1, text: 'Té con tostadas' }] }] } });
    expect(template.statusCode).toBe(201);
    expect(template.json()).toMatchObject({ template: true, patientId: null, draft: 1, version: 1, computed: null });
    const own = await p.call('POST', '/api/v1/plans', { type: 1, title: 'Plan de Sofía', patientId: patient.id, draft: 0 });
    expect(own.statusCode).toBe(201);
    expect(own.json()).toMatchObject({ template: false, patientName: 'Sofía Arce' });

    const templates = (await p.call('GET', '/api/v1/plans?template=true')).json();
    expect(templates.items.map((i: { title: string }) => i.title)).toEqual(['Plantilla verano']);
    expect((await p.call('GET', `/api/v1/plans?patientId=${patient.id}`)).json().total).toBe(1);
    expect((await p.call('GET', '/api/v1/plans?q=VERANO')).json().total).toBe(1);
    expect((await p.call('GET', '/api/v1/plans?draft=1')).json().total).toBe(1);

    const published = await p.call('POST', `/api/v1/plans/${template.json().id}/publish`);
    expect(published.json()).toMatchObject({ draft: 0, version: 2 });
    expect((await p.call('DELETE', `/api/v1/plans/${template.json().id}`)).statusCode).toBe(204);
    expect((await p.call('GET', `/api/v1/plans/${template.json().id}`)).statusCode).toBe(404);
  });

  it('rejects a draft flag other than 0/1, a day outside 1..7 and a negative quantity, saving nothing', async () => {
    const p = await practice(t);
    expect((await p.call('POST', '/api/v1/plans', { type: 1, title: 'X', draft: 2 })).statusCode).toBe(400);
    const badDay = await p.call('POST', '/api/v1/plans', { type: 1, title: 'X', content: { simple: [{ day: 8, meals: [] }] } });
    expect(badDay.statusCode).toBe(400);
    expect(issuesOf(badDay.json())).toHaveProperty(['content.simple.0.day']);
    const negative = await p.call('POST', '/api/v1/plans', { type: 2, title: 'X', content: { formula: [{ day: 1, meals: [{ slot: 1, items: [{ kind: 'food', id: 'usda:01077', quantity: -5, unit: 'g' }] }] }] } });
    expect(negative.statusCode).toBe(400);
    const unknownMeasure = await p.call('POST', '/api/v1/plans', { type: 2, title: 'X', content: { formula: [{ day: 1, meals: [{ slot: 1, items: [{ kind: 'food', id: 'usda:01077', quantity: 1, unit: 99 }] }] }] } });
    expect(unknownMeasure.statusCode).toBe(400);
    expect((await p.call('GET', '/api/v1/plans')).json().total).toBe(0);
  });

  it('rejects another tenant’s own food, dish and patient with 404', async () => {
    const a = await practice(t);
    const b = await practice(t);
    const food = await b.call('POST', '/api/v1/foods', { nameEs: 'Budín de la casa', group: '18', nutrients: { energyKcal: 300 } });
    expect(food.statusCode).toBe(201);
    const dish = await b.call('POST', '/api/v1/dishes', { name: 'Guiso', servings: 2, ingredients: [{ foodId: 'usda:16070', quantity: 200 }] });
    expect(dish.statusCode).toBe(201);
    const otherPatient = await b.createPatient();
    const withFood = await a.call('POST', '/api/v1/plans', { type: 2, title: 'X', content: { formula: [{ day: 1, meals: [{ slot: 1, items: [{ kind: 'food', id: food.json().id, quantity: 10, unit: 'g' }] }] }] } });
    expect(withFood.statusCode).toBe(404);
    const withDish = await a.call('POST', '/api/v1/plans', { type: 2, title: 'X', content: { formula: [{ day: 1, meals: [{ slot: 1, items: [{ kind: 'dish', id: dish.json().id, quantity: 1, unit: 'serving' }] }] }] } });
    expect(withDish.statusCode).toBe(404);
    expect((await a.call('POST', '/api/v1/plans', { type: 1, title: 'X', patientId: otherPatient.id })).statusCode).toBe(404);
    expect((await a.call('GET', '/api/v1/plans')).json().total).toBe(0);
    // And b's own dish works for b, per serving.
    const own = await b.call('POST', '/api/v1/plans', { type: 2, title: 'Con guiso', content: { formula: [{ day: 1, meals: [{ slot: 1, items: [{ kind: 'dish', id: dish.json().id, quantity: 1, unit: 'serving' }] }] }] } });
    expect(own.statusCode).toBe(201);
    expect(own.json().computed.days[0].nutrients.energyKcal).toBe(116);
  });

  it('computes formula totals per meal, day and week, the target from the latest consultation and the deviation', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ firstName: 'Martín', sex: 'm', birthDate: '1980-11-02' });
    await p.createConsultation(patient.id, { date: '2026-03-10', time: '08:15', measurements: genericMaleMeasurements() });
    const requirement = (10 * 84.2 + 6.25 * 178 - 5 * 45 + 5) * 1.55;
    const created = await p.call('POST', '/api/v1/plans', { type: 2, title: 'Fórmula', goal: 'restriction-moderate', patientId: patient.id, content: formulaContent });
    expect(created.statusCode).toBe(201);
    const plan = created.json();
    const c = plan.computed;
    expect(c.days[0].meals[0].nutrients.energyKcal).toBe(122);
    expect(c.days[0].meals[1].nutrients.energyKcal).toBeCloseTo(174 + 119.34, 2);
    expect(c.days[0].nutrients.energyKcal).toBeCloseTo(415.34, 2);
    expect(c.days[1].nutrients.energyKcal).toBe(61);
    expect(c.daysCounted).toBe(2);
    expect(c.weeklyAverage.energyKcal).toBeCloseTo((415.34 + 61) / 2, 2);
    expect(Object.keys(c.weeklyAverage)).toHaveLength(71);
    expect(c.requirementKcal).toBeCloseTo(requirement, 6);
    expect(c.targetEnergyKcal).toBeCloseTo(requirement * 0.85, 6);
    expect(c.targetSource).toBe('consultation');
    expect(c.weightKg).toBe(84.2);
    expect(c.macroTargets.carbohydrate.grams).toBeCloseTo((requirement * 0.85 * 0.5) / 4, 6);
    expect(c.days[0].deviation.status).toBe('under');
    expect(c.days[0].deviation.deviationKcal).toBeCloseTo(415.34 - requirement * 0.85, 2);
    // Micronutrient adequacy against the IOM DRI for a 45-year-old man (calcium RDA 1000 mg).
    const calcium = c.adequacy.find((a: { key: string }) => a.key === 'calciumMg');
    expect(calcium).toMatchObject({ kind: 'RDA', reference: 1000 });
    expect(calcium.percent).toBeCloseTo((c.weeklyAverage.calciumMg / 1000) * 100, 1);
    expect(plan.items['1-3'][1]).toMatchObject({ name: 'Aceite de oliva', unitLabel: 'tablespoon', grams: 13.5 });

    // Typed target and distribution override.
    const patched = await p.call('PATCH', `/api/v1/plans/${plan.id}`, { version: 1, content: { ...formulaContent, targetEnergyKcal: 2000, distribution: { carbohydratePercent: 40, proteinPercent: 30, fatPercent: 30 } } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().computed).toMatchObject({ targetEnergyKcal: 2000, targetSource: 'typed' });
    expect(patched.json().computed.macroTargets.protein.grams).toBe(150);
    // Stale version → 409.
    const stale = await p.call('PATCH', `/api/v1/plans/${plan.id}`, { version: 1, title: 'Otro' });
    expect(stale.statusCode).toBe(409);
  });

  it('copies template → patient plan → another patient and back to a template, independently', async () => {
    const p = await practice(t);
    const ana = await p.createPatient({ firstName: 'Ana' });
    const bruno = await p.createPatient({ firstName: 'Bruno' });
    const template = (await p.call('POST', '/api/v1/plans', { type: 2, title: 'Base', content: formulaContent })).json();
    const forAna = await p.call('POST', `/api/v1/plans/${template.id}/copy`, { patientId: ana.id });
    expect(forAna.statusCode).toBe(201);
    expect(forAna.json()).toMatchObject({ patientId: ana.id, title: 'Base', version: 1 });
    const forBruno = (await p.call('POST', `/api/v1/plans/${forAna.json().id}/copy`, { patientId: bruno.id })).json();
    expect(forBruno.patientName).toBe('Bruno Arce');
    const back = (await p.call('POST', `/api/v1/plans/${forBruno.id}/copy`, {})).json();
    expect(back.template).toBe(true);
    await p.call('PATCH', `/api/v1/plans/${forAna.json().id}`, { version: 1, content: { formula: [] } });
    expect((await p.call('GET', `/api/v1/plans/${template.id}`)).json().content.formula).toHaveLength(2);
  });

  it('serves the AR exchange groups and computes exchange plans with discarded groups', async () => {
    const p = await practice(t);
    const groups = (await p.call('GET', '/api/v1/exchange-groups?country=AR')).json();
    expect(groups.groups.length).toBeGreaterThan(10);
    expect(groups.groups[0]).toMatchObject({ position: 1, name: 'Leche y yogur descremados' });
    expect(groups.groups[0].members[0]).toMatchObject({ foodId: 'usda:01085', measure: '1 taza (200 ml)' });
    const portions = zeros();
    portions[0] = 2;
    portions[5] = 1;
    const discarded = zeros();
    discarded[5] = 1;
    const created = await p.call('POST', '/api/v1/plans', { type: 3, title: 'Intercambio', content: { exchange: [{ day: 1, meals: [{ slot: 1, portions }], discarded }] } });
    expect(created.statusCode).toBe(201);
    expect(created.json().computed.days[0].nutrients.energyKcal).toBeCloseTo(groups.groups[0].portion.energyKcal * 2, 6);
    const bad = await p.call('POST', '/api/v1/plans', { type: 3, title: 'X', content: { exchange: [{ day: 1, meals: [{ slot: 1, portions: portions.map(() => -1) }], discarded }] } });
    expect(bad.statusCode).toBe(400);
    expect((await p.call('GET', '/api/v1/exchange-groups?country=ZZ')).statusCode).toBe(404);
  });

  it('prints a PDF and emails it as an attachment to the patient', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ email: 'sofia@correo.test' });
    const plan = (await p.call('POST', '/api/v1/plans', { type: 2, title: 'Plan semanal', patientId: patient.id, content: formulaContent })).json();
    const pdf = await p.call('GET', `/api/v1/plans/${plan.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const mail = await p.call('POST', `/api/v1/plans/${plan.id}/email`, {});
    expect(mail.statusCode).toBe(202);
    expect(mail.json()).toEqual({ to: 'sofia@correo.test' });
    const outbox = await t.database.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', 'sofia@correo.test').execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.subject).toContain('Plan semanal');
    const template = (await p.call('POST', '/api/v1/plans', { type: 3, title: 'Sin paciente' })).json();
    expect((await p.call('POST', `/api/v1/plans/${template.id}/email`, {})).statusCode).toBe(422);
    expect((await p.call('GET', `/api/v1/plans/${template.id}/pdf`)).statusCode).toBe(200);
  });
});
