// Plans API through app.inject() on the SR24 fixture: meal slots, the three plan types, validation (days,
// disabled meals, other tenants' foods/dishes, negative quantities — nothing saved), computed totals and
// targets from the latest consultation, versions, copies, publishing, exchange groups, the PDF and email;
// every endpoint's cross-tenant 404, and the printed text (pdftotext) of the branded PDF and its e-mail.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Mailer } from '../src/lib/mailer.js';
import type { TestApp } from './helpers.js';
import { createFoodsTestApp } from './foods-test-app.js';
import { genericMaleMeasurements, practice } from './consultations-helpers.js';
import { issuesOf, multipart, upload } from './patients-helpers.js';

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
    expect(initial.slots.map((s: { name: string }) => s.name)).toEqual(['Desayuno', 'Media mañana', 'Almuerzo', 'Merienda', 'Media tarde', 'Cena']);
    const put = await p.call('PUT', '/api/v1/meal-slots', {
      slots: [1, 2, 3, 4, 5, 6].map((slot) => ({ slot, name: slot === 2 ? 'Colación' : null, enabled: slot !== 6 && slot !== 2 })),
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().slots.map((s: { id: number | null }) => s.id)).toEqual([1, null, 2, 3, 4, null]);
    expect(put.json().slots[1].name).toBe('Colación');
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

  it('creates a plan published unless asked for a draft (seed 1 §4), and puts a published plan back to draft', async () => {
    const p = await practice(t);
    const created = (await p.call('POST', '/api/v1/plans', { type: 1, title: 'Plan sin bandera' })).json();
    expect(created).toMatchObject({ draft: 0, version: 1 });
    const back = await p.call('PATCH', `/api/v1/plans/${created.id}`, { version: 1, draft: 1 });
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ draft: 1, version: 2 });
    expect((await p.call('GET', `/api/v1/plans/${created.id}`)).json()).toMatchObject({ draft: 1 });
    expect((await p.call('POST', `/api/v1/plans/${created.id}/publish`)).json()).toMatchObject({ draft: 0, version: 3 });
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
    expect((await p.call('GET', '/api/v1/exchange-groups?country=ZZ')).statusCode).toBe(400); // not an ISO 3166 code
    expect((await p.call('GET', '/api/v1/exchange-groups?country=FR')).statusCode).toBe(404); // a country without a list
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

/** The text of a PDF as pdftotext (poppler) reads it — what a patient's reader or a screen reader gets. */
function pdfText(pdf: Buffer): string {
  return execFileSync('/usr/bin/pdftotext', ['-layout', '-', '-'], { input: pdf }).toString('utf8');
}

/** Number of images drawn in a PDF (pdfimages -list: two header lines, then one row per image or soft mask). */
function pdfImageCount(pdf: Buffer): number {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plan-pdf-'));
  const file = path.join(dir, 'plan.pdf');
  fs.writeFileSync(file, pdf);
  const lines = execFileSync('/usr/bin/pdfimages', ['-list', file]).toString('utf8').trim().split('\n');
  fs.rmSync(dir, { recursive: true, force: true });
  return lines.slice(2).filter((line) => line.trim().split(/\s+/)[2] === 'image').length;
}

describe('plans: tenant isolation', () => {
  it('answers 404 to another nutritionist on every plan endpoint and changes nothing', async () => {
    const a = await practice(t);
    const b = await practice(t);
    const patient = await a.createPatient({ email: 'ana@correo.test' });
    const plan = (await a.call('POST', '/api/v1/plans', { type: 2, title: 'Plan de Ana', patientId: patient.id, content: formulaContent })).json();
    const calls: [Parameters<typeof b.call>[0], string, unknown?][] = [
      ['GET', `/api/v1/plans/${plan.id}`],
      ['PATCH', `/api/v1/plans/${plan.id}`, { version: 1, title: 'Robado' }],
      ['DELETE', `/api/v1/plans/${plan.id}`],
      ['POST', `/api/v1/plans/${plan.id}/copy`, {}],
      ['POST', `/api/v1/plans/${plan.id}/publish`],
      ['GET', `/api/v1/plans/${plan.id}/pdf`],
      ['POST', `/api/v1/plans/${plan.id}/email`, { to: 'b@correo.test' }],
    ];
    for (const [method, url, body] of calls) {
      const response = await b.call(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect((await b.call('GET', '/api/v1/plans')).json().total).toBe(0);
    expect((await b.call('GET', `/api/v1/plans?patientId=${patient.id}`)).json().total).toBe(0);
    const intact = (await a.call('GET', `/api/v1/plans/${plan.id}`)).json();
    expect(intact).toMatchObject({ title: 'Plan de Ana', version: 1, draft: 0 });
    expect(intact.content.formula).toHaveLength(2);
    const sent = await t.database.db.selectFrom('outbox_emails').select('id').where('to_address', '=', 'b@correo.test').execute();
    expect(sent).toHaveLength(0);
  });

  it('refuses to copy a plan to another nutritionist’s patient (404) and copies nothing', async () => {
    const a = await practice(t);
    const b = await practice(t);
    const theirs = await b.createPatient({ firstName: 'Bruno' });
    const ownPatient = await a.createPatient();
    const template = (await a.call('POST', '/api/v1/plans', { type: 1, title: 'Base', content: { simple: [{ day: 1, meals: [{ slot: 1, text: 'Mate cocido' }] }] } })).json();
    const patientPlan = (await a.call('POST', `/api/v1/plans/${template.id}/copy`, { patientId: ownPatient.id })).json();
    for (const id of [template.id, patientPlan.id]) {
      const response = await a.call('POST', `/api/v1/plans/${id}/copy`, { patientId: theirs.id });
      expect(response.statusCode).toBe(404);
    }
    expect((await a.call('GET', '/api/v1/plans')).json().total).toBe(2);
    expect((await b.call('GET', `/api/v1/plans?patientId=${theirs.id}`)).json().total).toBe(0);
  });
});

describe('plans: the printed PDF', () => {
  async function brandedPractice() {
    const p = await practice(t);
    await t.database.db.updateTable('nutritionists').set({ licence_number: 'MN 12345', phone: '+54 11 4555-0101' }).where('id', '=', p.nutritionistId).execute();
    return p;
  }

  it('prints the letterhead (name, licence number, contact, logo), the patient, the meals and the foods', async () => {
    const p = await brandedPractice();
    const patient = await p.createPatient({ firstName: 'Lucía', lastName: 'Benítez' });
    const plan = (await p.call('POST', '/api/v1/plans', { type: 2, title: 'Plan otoño', patientId: patient.id, content: formulaContent })).json();
    const without = (await p.call('GET', `/api/v1/plans/${plan.id}/pdf`)).rawPayload;
    const text = pdfText(without);
    expect(text).toContain(`${p.body.firstName} ${p.body.lastName}`);
    expect(text).toContain('Matrícula: MN 12345');
    expect(text).toContain('+54 11 4555-0101');
    expect(text).toContain('Paciente: Lucía Benítez');
    expect(text).toContain('Plan otoño');
    for (const word of ['Lunes', 'Martes', 'Desayuno', 'Almuerzo']) expect(text).toContain(word);
    for (const item of [...plan.items['1-1'], ...plan.items['1-3']]) expect(text).toContain(item.name);
    expect(text).not.toContain('Miércoles'); // days without food are left out
    // The API keeps SR24's 'tablespoon'; the printed plan says it in Spanish.
    expect(text).toContain('Aceite de oliva: 1 cucharada (14 g)');
    expect(text).not.toContain('tablespoon');
    expect(pdfImageCount(without)).toBe(0);

    const logo = await sharp({ create: { width: 400, height: 200, channels: 4, background: { r: 47, g: 111, b: 79, alpha: 1 } } }).png().toBuffer();
    const uploaded = await upload(t, p.auth, 'PUT', '/api/v1/me/logo', multipart('logo', 'logo.png', 'image/png', logo));
    expect(uploaded.statusCode).toBe(200);
    const withLogo = (await p.call('GET', `/api/v1/plans/${plan.id}/pdf`)).rawPayload;
    expect(pdfImageCount(withLogo)).toBe(1);
    expect(pdfText(withLogo)).toContain('Matrícula: MN 12345');
  });

  it('keeps each day of a week on one page: a day that does not fit starts the next page', async () => {
    const p = await brandedPractice();
    const meal = (slot: number) => ({
      slot,
      items: [
        { kind: 'food', id: 'usda:01077', quantity: 200, unit: 'g' },
        { kind: 'food', id: 'usda:16070', quantity: 150, unit: 'g' },
        { kind: 'food', id: 'usda:04053', quantity: 1, unit: 1 },
      ],
    });
    const week = { formula: [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, meals: [1, 2, 3, 4, 5].map(meal) })) };
    const plan = (await p.call('POST', '/api/v1/plans', { type: 2, title: 'Semana completa', content: week })).json();
    const pages = pdfText((await p.call('GET', `/api/v1/plans/${plan.id}/pdf`)).rawPayload).split('\f').filter((page) => page.trim() !== '');
    expect(pages.length).toBeGreaterThan(1);
    const days = ['Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado', 'Domingo'];
    for (const page of pages) {
      // Every day that starts on a page ends on it (its total is the day's last line), and every page
      // starts with a day, never with the tail of the previous one.
      const starts = days.filter((day) => new RegExp(`^\\s*${day}\\s*$`, 'm').test(page)).length;
      expect(starts).toBe((page.match(/Total del día/g) ?? []).length);
    }
    expect(pages.reduce((sum, page) => sum + (page.match(/Total del día/g) ?? []).length, 0)).toBe(7);
  });

  it('prints an exchange plan’s portions per meal and the exchange lists with household measures', async () => {
    const p = await brandedPractice();
    const groups = (await p.call('GET', '/api/v1/exchange-groups?country=AR')).json().groups as { name: string; members: { measure: string }[] }[];
    const portions = zeros();
    portions[0] = 2;
    const plan = (await p.call('POST', '/api/v1/plans', { type: 3, title: 'Intercambios', content: { exchange: [{ day: 3, meals: [{ slot: 1, portions }], discarded: zeros() }] } })).json();
    const text = pdfText((await p.call('GET', `/api/v1/plans/${plan.id}/pdf`)).rawPayload);
    expect(text).toContain('Matrícula: MN 12345');
    expect(text).toContain('Miércoles');
    expect(text).toContain(`2 porciones de ${groups[0]!.name}`);
    expect(text).toContain('Listas de intercambio');
    const flat = text.replace(/\s+/g, ' ');
    for (const g of groups) {
      expect(flat).toContain(g.name);
      for (const m of g.members) expect(flat).toContain(m.measure);
    }
  });

  it('emails the PDF as an attachment whose text is the plan', async () => {
    const p = await brandedPractice();
    const patient = await p.createPatient({ email: 'lucia@correo.test' });
    const plan = (await p.call('POST', '/api/v1/plans', { type: 2, title: 'Plan enviado', patientId: patient.id, content: formulaContent })).json();
    const send = vi.spyOn(Mailer.prototype, 'send');
    try {
      const mail = await p.call('POST', `/api/v1/plans/${plan.id}/email`, {});
      expect(mail.statusCode).toBe(202);
      expect(send).toHaveBeenCalledTimes(1);
      const message = send.mock.calls[0]![0];
      expect(message.to).toBe('lucia@correo.test');
      expect(message.attachments).toHaveLength(1);
      const attachment = message.attachments![0]!;
      expect(attachment).toMatchObject({ filename: 'plan-enviado.pdf', contentType: 'application/pdf' });
      const text = pdfText(attachment.content);
      expect(text).toContain('Plan enviado');
      expect(text).toContain('Matrícula: MN 12345');
    } finally {
      send.mockRestore();
    }
    const outbox = await t.database.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', 'lucia@correo.test').execute();
    expect(outbox).toHaveLength(1);
  });
});

describe('plans: the link a patient opens from WhatsApp', () => {
  it('opens the current PDF without a session for 30 days, only that plan, and never after it expires or is deleted', async () => {
    t.clock.set('2026-03-10T13:00:00.000Z');
    const p = await practice(t);
    const patient = await p.createPatient({ firstName: 'Lucía', lastName: 'Benítez' });
    const plan = (await p.call('POST', '/api/v1/plans', { type: 2, title: 'Plan otoño', patientId: patient.id, content: formulaContent })).json();
    const other = (await p.call('POST', '/api/v1/plans', { type: 1, title: 'Otro', content: { simple: [] } })).json();
    const link = await p.call('GET', `/api/v1/plans/${plan.id}/share-link`);
    expect(link.statusCode).toBe(200);
    const { url, expiresAt } = link.json() as { url: string; expiresAt: string };
    expect(expiresAt).toBe('2026-04-09T13:00:00.000Z');
    const target = new URL(url);
    expect(target.pathname).toBe(`/api/v1/shared-plans/${plan.id}/pdf`);

    // No Authorization header: the token is the key.
    const open = (path: string) => t.app.inject({ method: 'GET', url: path });
    const opened = await open(`${target.pathname}${target.search}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    expect(String(opened.headers['content-disposition'])).toMatch(/^inline;/);
    expect(pdfText(opened.rawPayload)).toContain('Paciente: Lucía Benítez');

    // The token opens only its plan; a forged or missing one opens nothing.
    const gone = 'Este enlace no existe o ya venció. Pídele a tu nutricionista uno nuevo.';
    for (const path of [`/api/v1/shared-plans/${other.id}/pdf${target.search}`, `${target.pathname}?t=123.abc.${'x'.repeat(43)}`, target.pathname]) {
      const refused = await open(path);
      expect(refused.statusCode, path).toBe(404);
      expect(refused.json().error.message).toBe(gone);
    }
    // Another nutritionist cannot ask for a link to it.
    expect((await (await practice(t)).call('GET', `/api/v1/plans/${plan.id}/share-link`)).statusCode).toBe(404);

    // A deleted plan is gone for the patient too.
    const doomed = (await p.call('POST', '/api/v1/plans', { type: 1, title: 'Borrar', patientId: patient.id, content: { simple: [] } })).json();
    const doomedLink = new URL((await p.call('GET', `/api/v1/plans/${doomed.id}/share-link`)).json().url);
    expect((await open(`${doomedLink.pathname}${doomedLink.search}`)).statusCode).toBe(200);
    await p.call('DELETE', `/api/v1/plans/${doomed.id}`);
    expect((await open(`${doomedLink.pathname}${doomedLink.search}`)).statusCode).toBe(404);

    // Still open a minute before the 30 days are over, closed from then on.
    t.clock.set('2026-04-09T12:59:00.000Z');
    expect((await open(`${target.pathname}${target.search}`)).statusCode).toBe(200);
    t.clock.set('2026-04-09T13:00:00.000Z');
    expect((await open(`${target.pathname}${target.search}`)).statusCode).toBe(404);
    t.clock.set('2026-03-10T13:00:00.000Z');
  });
});
