// POST /api/v1/anthropometry/growth: the WHO growth assessment other tools call (issue 26's contract).
// The figures are the WHO's own (the AnthroPlus survey child and the anthro package test value reproduced
// in packages/domain); here: the contract's shape, which indicators appear at which age, the position
// correction, and the 400s with Spanish messages. Stateless: nothing is saved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { issuesOf } from './patients-helpers.js';
import { practice } from './consultations-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const url = '/api/v1/anthropometry/growth';

describe('POST /anthropometry/growth', () => {
  it('a 14-year-old boy of the WHO AnthroPlus survey (id 1): the WHO 2007 z-scores the WHO computed', async () => {
    const p = await practice(t);
    // Survey id 1: boy, 166.59 months, 50.7 kg, 153.7 cm → zhfa −1.13, zbfa 0.94 (WHO), no weight-for-age after 10 y.
    // 166.59 months ≈ 5071 days: born 1987-01-03, visit 2000-11-21.
    const response = await p.call('POST', url, { sex: 'm', birthDate: '1987-01-03', date: '2000-11-21', weightKg: 50.7, heightCm: 153.7 });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      ageDays: 5071,
      ageMonths: 166.6,
      reference: 'who2007',
      indicators: {
        heightForAge: { z: -1.13, percentile: 12.9, classification: 'normal', flagged: false },
        bmiForAge: { z: 0.94, percentile: 82.6, classification: 'normal', flagged: false },
      },
    });
  });

  it('a girl of 4 years: WHO 2006 by days, all five indicators, weight-for-height overweight', async () => {
    const p = await practice(t);
    const response = await p.call('POST', url, {
      sex: 'f',
      birthDate: '2021-06-10',
      date: '2025-06-09',
      weightKg: 19.8,
      heightCm: 101,
      headCircumferenceCm: 49.5,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ ageDays: 1460, ageMonths: 47.97, reference: 'who2006' });
    expect(Object.keys(body.indicators).sort()).toEqual(['bmiForAge', 'headCircumferenceForAge', 'heightForAge', 'weightForAge', 'weightForHeight']);
    expect(body.indicators.weightForHeight.classification).toBe('overweight');
    for (const value of Object.values(body.indicators) as Array<{ z: number; percentile: number }>) {
      expect(Math.round(value.z * 100) / 100).toBe(value.z);
      expect(Math.round(value.percentile * 10) / 10).toBe(value.percentile);
    }
  });

  it('lying length from 2 years is corrected by −0.7 cm; absent position means no correction', async () => {
    const p = await practice(t);
    const base = { sex: 'm', birthDate: '2022-01-01', date: '2025-01-01', heightCm: 95 };
    const [absent, lying, standing] = await Promise.all([
      p.call('POST', url, base),
      p.call('POST', url, { ...base, measuredLying: true }),
      p.call('POST', url, { ...base, measuredLying: false }),
    ]);
    expect(absent.json().indicators.heightForAge.z).toBe(standing.json().indicators.heightForAge.z);
    expect(lying.json().indicators.heightForAge.z).toBeLessThan(standing.json().indicators.heightForAge.z);
  });

  it('flags an implausible value and does not classify it; oedema leaves out the weight-based indicators', async () => {
    const p = await practice(t);
    const flagged = (await p.call('POST', url, { sex: 'm', birthDate: '2022-01-01', date: '2025-01-01', heightCm: 60 })).json();
    expect(flagged.indicators.heightForAge).toMatchObject({ flagged: true, classification: 'implausible' });
    const oedema = (await p.call('POST', url, { sex: 'f', birthDate: '2024-01-01', date: '2025-01-01', weightKg: 8, heightCm: 72, oedema: true })).json();
    expect(Object.keys(oedema.indicators)).toEqual(['heightForAge']);
  });

  it('answers 400 in Spanish for a date before birth, an age of 19 or more, and bad fields', async () => {
    const p = await practice(t);
    const before = await p.call('POST', url, { sex: 'f', birthDate: '2020-05-10', date: '2020-05-09' });
    expect(before.statusCode).toBe(400);
    expect(before.json().error).toMatchObject({ code: 'VALIDATION_ERROR', message: 'La fecha de la medición es anterior a la fecha de nacimiento.' });
    expect(issuesOf(before.json())).toEqual({ date: 'La fecha de la medición es anterior a la fecha de nacimiento.' });

    const adult = await p.call('POST', url, { sex: 'f', birthDate: '2006-05-10', date: '2025-05-10', weightKg: 60 });
    expect(adult.statusCode).toBe(400);
    expect(adult.json().error.message).toMatch(/19 años/);
    // The day before the 19th birthday is still assessed.
    expect((await p.call('POST', url, { sex: 'f', birthDate: '2006-05-10', date: '2025-05-09', weightKg: 60 })).statusCode).toBe(200);

    const bad = await p.call('POST', url, { sex: 'x', birthDate: '2020-02-30', date: '2025-01-01', weightKg: -3, measuredLying: 'si' });
    expect(bad.statusCode).toBe(400);
    expect(issuesOf(bad.json())).toMatchObject({
      sex: "El sexo debe ser 'm' (masculino) o 'f' (femenino).",
      birthDate: 'No es una fecha válida.',
      weightKg: 'El peso debe estar entre 0,3 y 300 kg.',
      measuredLying: 'measuredLying debe ser verdadero o falso.',
    });
  });

  it('requires a signed-in professional', async () => {
    const response = await t.app.inject({ method: 'POST', url, payload: { sex: 'f', birthDate: '2020-01-01', date: '2025-01-01' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('a child\'s consultation: the WHO assessment in the derived values, the evolution and the PDF', () => {
  it('12-year-old girl: WHO 2007 indicators, no adult BMI category, IOM 2005 energy', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ sex: 'f', birthDate: '2014-01-15' });
    const saved = await p.createConsultation(patient.id, { date: '2026-03-09', time: '10:00', measurements: { weightKg: 52, heightCm: 150 } });
    expect(saved.derived.bmiCategory).toBeNull();
    expect(saved.derived.bmrKcal).toBeNull();
    expect(saved.derived.energyMethod).toBe('iom2005');
    expect(saved.derived.growth).toMatchObject({ reference: 'who2007' });
    expect(Object.keys(saved.derived.growth.indicators).sort()).toEqual(['bmiForAge', 'heightForAge']);
    // The same figures as the stateless endpoint.
    const direct = (await p.call('POST', url, { sex: 'f', birthDate: '2014-01-15', date: '2026-03-09', weightKg: 52, heightCm: 150 })).json();
    expect(saved.derived.growth).toEqual(direct);
    expect(saved.missing).toContainEqual({ result: 'bmrKcal', reason: 'PEDIATRIC_WHO', inputs: ['growth.birthDate'] });
  });

  it('4-year-old boy: head circumference and "measured lying" are stored and used; evolution carries the assessment', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ sex: 'm', birthDate: '2022-01-20' });
    const first = await p.createConsultation(patient.id, {
      date: '2025-03-09',
      time: '10:00',
      measuredLying: true,
      measurements: { weightKg: 14, heightCm: 95, girthsCm: { head: 49 } },
    });
    expect(first.measuredLying).toBe(true);
    expect(first.measurements.girthsCm.head).toBe(49);
    const direct = (
      await p.call('POST', url, { sex: 'm', birthDate: '2022-01-20', date: '2025-03-09', weightKg: 14, heightCm: 95, measuredLying: true, headCircumferenceCm: 49 })
    ).json();
    expect(first.derived.growth).toEqual(direct);
    expect(Object.keys(direct.indicators)).toHaveLength(5);

    const patched = await p.call('PATCH', `/api/v1/consultations/${first.id}`, { version: first.version, measuredLying: false });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().measuredLying).toBe(false);
    expect(patched.json().derived.growth.indicators.heightForAge.z).toBeGreaterThan(direct.indicators.heightForAge.z);

    await p.createConsultation(patient.id, { date: '2026-03-09', time: '10:00', measurements: { weightKg: 16, heightCm: 102 } });
    const { points } = (await p.call('GET', `/api/v1/patients/${patient.id}/consultations/evolution`)).json();
    expect(points).toHaveLength(2);
    expect(points[0]).toMatchObject({ heightCm: 95, headCircumferenceCm: 49, measuredLying: false, growth: { reference: 'who2006' } });
    expect(points[1].growth.reference).toBe('who2006');
    expect(points[1].growth.ageDays).toBe(1509);
  });

  it('oedema is stored with the consultation: the weight-based indicators are then not reported (WHO Anthro rule)', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ sex: 'f', birthDate: '2023-02-01' });
    const measurements = { weightKg: 9.1, heightCm: 80.5, girthsCm: { head: 46 } };
    const saved = await p.createConsultation(patient.id, { date: '2025-02-01', time: '10:00', oedema: true, measurements });
    expect(saved.oedema).toBe(true);
    expect(Object.keys(saved.derived.growth.indicators).sort()).toEqual(['headCircumferenceForAge', 'heightForAge']);
    const direct = (await p.call('POST', url, { sex: 'f', birthDate: '2023-02-01', date: '2025-02-01', weightKg: 9.1, heightCm: 80.5, headCircumferenceCm: 46, oedema: true })).json();
    expect(saved.derived.growth).toEqual(direct);
    const read = (await p.call('GET', `/api/v1/consultations/${saved.id}`)).json();
    expect(read.oedema).toBe(true);
    // Without oedema (the default) the same child gets all five indicators back.
    const patched = await p.call('PATCH', `/api/v1/consultations/${saved.id}`, { version: saved.version, oedema: false });
    expect(patched.json().oedema).toBe(false);
    expect(Object.keys(patched.json().derived.growth.indicators)).toHaveLength(5);
    const other = await p.createConsultation(patient.id, { date: '2025-03-01', time: '10:00', measurements });
    expect(other.oedema).toBe(false);
    const bad = await p.call('PATCH', `/api/v1/consultations/${saved.id}`, { version: patched.json().version, oedema: 'si' });
    expect(bad.statusCode).toBe(400);
    expect(issuesOf(bad.json())).toMatchObject({ oedema: 'El edema debe ser verdadero o falso.' });
  });

  it('without the patient\'s sex nothing paediatric is computed and the reason is MISSING_SEX', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ birthDate: '2018-05-01' });
    const saved = await p.createConsultation(patient.id, { date: '2026-03-09', time: '10:00', measurements: { weightKg: 25, heightCm: 125 } });
    expect(saved.derived.growth).toBeNull();
    expect(saved.derived.energyRequirementKcal).toBeNull();
    expect(saved.missing).toContainEqual(expect.objectContaining({ result: 'growth', reason: 'MISSING_SEX' }));
  });
});
