// Integration tests of consultations and anthropometry through app.inject(): the calculator, complete
// consultations (female athlete, male generic patient) whose derived values must equal packages/domain's,
// warnings, history/evolution/comparison, editing with optimistic concurrency, deletion, the patient's last
// visit and height, the appointment link, the summary email and the audit log. SQLite and PostgreSQL.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { computeAnthropometry } from '@almendra/domain';
import { createTestApp, type TestApp } from './helpers.js';
import { athleteMeasurements, genericMaleMeasurements, practice } from './consultations-helpers.js';

const START = '2026-03-10T13:00:00.000Z';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterEach(() => {
  t.clock.set(START);
});
afterAll(async () => {
  await t.close();
});

/** What the domain computes for the same inputs: the API must answer exactly this. */
function expectedDerived(input: Parameters<typeof computeAnthropometry>[0]) {
  return JSON.parse(JSON.stringify(computeAnthropometry(input)));
}

describe('POST /api/v1/anthropometry/calculate', () => {
  it('answers the domain derived values and missing reasons, and saves nothing', async () => {
    const { call, nutritionistId } = await practice(t);
    const measurements = athleteMeasurements();
    const response = await call('POST', '/api/v1/anthropometry/calculate', {
      sex: 'f',
      ageYears: 27,
      patientTypeId: 2,
      activityFactor: 1.725,
      measurements,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    const expected = expectedDerived({ sex: 'f', ageYears: 27, patientTypeId: 2, activityFactor: 1.725, measurements });
    expect(body.derived).toEqual(expected.derived);
    expect(body.missing).toEqual([]);
    // Σ6 = 12 + 9.8 + 8.2 + 14.5 + 18.3 + 9.1 = 71.9 mm; athlete women: 3.58 + 0.1548 · Σ6 (Carter 1982).
    expect(body.derived.sumSixSkinfoldsMm).toBeCloseTo(71.9, 10);
    expect(body.derived.bodyFatPercent).toBeCloseTo(3.58 + 0.1548 * 71.9, 10);
    expect(body.warnings.map((w: { code: string }) => w.code)).toEqual(['MISSING_LOCATION']);
    const rows = await t.database.db.selectFrom('consultations').select('id').where('nutritionist_id', '=', nutritionistId).execute();
    expect(rows).toEqual([]);
  });

  it('reports what is missing and warns about height, place and pregnancy data', async () => {
    const { call } = await practice(t);
    const response = await call('POST', '/api/v1/anthropometry/calculate', {
      sex: 'f',
      ageYears: 31,
      patientTypeId: 1,
      measurements: { weightKg: 64, skinfoldsMm: { triceps: 14 } },
      pregnancy: { lastMenstrualPeriod: '2025-12-01' },
      date: '2026-03-09',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.derived.bmi).toBeNull();
    expect(body.derived.bodyFatPercent).toBeNull();
    expect(body.derived.dueDate).toBe('2026-09-07');
    expect(body.derived.gestationalAge).toEqual({ totalDays: 98, weeks: 14, days: 0 });
    expect(body.derived.suggestedGestationalGainKg).toBeNull();
    expect(body.missing).toContainEqual({ result: 'bmi', reason: 'MISSING_HEIGHT', inputs: ['measurements.heightCm'] });
    expect(body.missing).toContainEqual({
      result: 'suggestedGestationalGainKg',
      reason: 'MISSING_PRE_PREGNANCY_WEIGHT',
      inputs: ['pregnancy.preGestationalWeightKg'],
    });
    expect(body.warnings).toEqual([
      { code: 'MISSING_HEIGHT', message: expect.stringContaining('Falta la talla'), fields: ['measurements.heightCm'] },
      { code: 'MISSING_LOCATION', message: 'No elegiste el lugar de atención de esta consulta.', fields: ['locationId'] },
      { code: 'MISSING_PREGNANCY_DATA', message: expect.stringContaining('Faltan datos del embarazo'), fields: ['pregnancy.preGestationalWeightKg'] },
    ]);
  });

  it('rejects text in a number with the field path and a Spanish message', async () => {
    const { call } = await practice(t);
    const response = await call('POST', '/api/v1/anthropometry/calculate', {
      sex: 'm',
      ageYears: 40,
      patientTypeId: 14,
      measurements: { weightKg: 80, skinfoldsMm: { triceps: '12,5' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([
      { path: 'measurements.skinfoldsMm.triceps', message: 'El pliegue tricipital debe ser un número.' },
    ]);
  });

  it('requires a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/anthropometry/calculate',
      payload: { sex: 'm', ageYears: 40, patientTypeId: 14, measurements: {} },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('a complete consultation', () => {
  it('saves a female athlete (type 2) visit with every measurement and derives exactly what the domain does', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ sex: 'f', birthDate: '1998-04-12', typeId: 2, email: 'sofia.arce@correo.test' });
    const location = await p.createLocation();
    const measurements = athleteMeasurements();
    const response = await p.call('POST', `/api/v1/patients/${patient.id}/consultations`, {
      date: '2026-03-09',
      time: '09:30',
      locationId: location.id,
      note: 'Pretemporada de hockey; buena adherencia.',
      activityFactor: 1.725,
      measurements,
    });
    expect(response.statusCode).toBe(201);
    const saved = response.json();
    // 27 on the consultation date (her birthday is in April).
    const expected = expectedDerived({ sex: 'f', ageYears: 27, patientTypeId: 2, activityFactor: 1.725, measurements });
    expect(saved.derived).toEqual(expected.derived);
    expect(saved.missing).toEqual([]);
    expect(saved.warnings).toEqual([]);
    expect(saved.basis).toEqual({
      sex: 'f',
      ageYears: 27,
      patientTypeId: 2,
      lastMenstrualPeriod: null,
      preGestationalWeightKg: null,
      pregnancySource: null,
    });
    expect(saved.measurements).toEqual({ ...measurements, girthsCm: { ...measurements.girthsCm, head: null } });
    expect(saved).toMatchObject({
      patientId: patient.id,
      date: '2026-03-09',
      time: '09:30',
      locationId: location.id,
      serviceId: null,
      appointmentId: null,
      note: 'Pretemporada de hockey; buena adherencia.',
      activityFactor: 1.725,
      sendSummaryEmail: false,
      version: 1,
      createdAt: START,
      summaryEmail: { requested: false, queued: false, reason: 'NOT_REQUESTED' },
    });
    expect(saved.derived.bmi).toBeCloseTo(58.4 / 1.652 ** 2, 12);
    expect(saved.derived.bmiCategory).toBe('normal');

    // Computed again on read: same answer.
    const read = await p.call('GET', `/api/v1/consultations/${saved.id}`);
    expect(read.statusCode).toBe(200);
    const { summaryEmail: _ignored, ...withoutEmail } = saved;
    expect(read.json()).toEqual(withoutEmail);

    // The record now shows the visit and the measured height.
    const record = (await p.call('GET', `/api/v1/patients/${patient.id}`)).json();
    expect(record.lastVisitAt).toBe('2026-03-09T12:30:00.000Z');
    expect(record.heightCm).toBe(165.2);
    expect(record.version).toBe(patient.version + 1);
  });

  it('saves a male generic patient visit; default activity factor 1.55 and general Yuhasz equation', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ firstName: 'Martín', sex: 'm', birthDate: '1980-11-02' });
    const location = await p.createLocation();
    const measurements = genericMaleMeasurements();
    const saved = await p.createConsultation(patient.id, { date: '2026-03-10', time: '08:15', locationId: location.id, measurements });
    const expected = expectedDerived({ sex: 'm', ageYears: 45, patientTypeId: 14, measurements });
    expect(saved.derived).toEqual(expected.derived);
    expect(saved.missing).toEqual(expected.missing);
    const sum = 10.5 + 15 + 12.4 + 24 + 14.6 + 8.8;
    expect(saved.derived.bodyFatPercent).toBeCloseTo(3.64 + 0.097 * sum, 10);
    expect(saved.derived.energyRequirementKcal).toBeCloseTo((10 * 84.2 + 6.25 * 178 - 5 * 45 + 5) * 1.55, 9);
    // Unmeasured sites come back as null; unmeasured groups are complete objects of nulls.
    expect(saved.measurements.skinfoldsMm.axillary).toBeNull();
    expect(saved.measurements.bioimpedance).toEqual({ fatPercent: null, visceralFat: null, visceralFatKg: null, totalWaterPercent: null, totalWaterKg: null, muscleMassKg: null, deviceBmrKcal: null });
    expect(saved.basis).toMatchObject({ sex: 'm', ageYears: 45, patientTypeId: 14 });

    const history = (await p.call('GET', `/api/v1/patients/${patient.id}/consultations`)).json();
    expect(history.items).toEqual([
      {
        id: saved.id,
        date: '2026-03-10',
        time: '08:15',
        locationId: location.id,
        serviceId: null,
        appointmentId: null,
        note: null,
        weightKg: 84.2,
        heightCm: 178,
        bmi: expected.derived.bmi,
        bmiCategory: 'overweight',
        bodyFatPercent: expected.derived.bodyFatPercent,
        energyRequirementKcal: expected.derived.energyRequirementKcal,
        bmrKcal: expected.derived.bmrKcal,
        version: 1,
      },
    ]);
    expect(history.lastHeightCm).toBe(178);
  });

  it('stores the measurements in their own tables in one go, with a derived snapshot for statistics', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ sex: 'f', birthDate: '1998-04-12', typeId: 2 });
    const saved = await p.createConsultation(patient.id, { date: '2026-03-09', time: '09:30', measurements: athleteMeasurements() });
    const db = t.database.db;
    const anthropometry = await db.selectFrom('anthropometry').selectAll().where('consultation_id', '=', saved.id).executeTakeFirstOrThrow();
    expect(anthropometry).toMatchObject({ nutritionist_id: p.nutritionistId, patient_id: patient.id, weight_kg: 58.4, height_cm: 165.2, bio_fat_percent: 19.5 });
    expect(Number(anthropometry.snapshot_bmi)).toBe(saved.derived.bmi);
    expect(anthropometry.snapshot_bmi_category).toBe('normal');
    expect(Number(anthropometry.snapshot_body_fat_percent)).toBe(saved.derived.bodyFatPercent);
    const skinfolds = await db.selectFrom('skinfolds').selectAll().where('consultation_id', '=', saved.id).executeTakeFirstOrThrow();
    expect(skinfolds).toMatchObject({ calf_mm: 9.1, leg_mm: 10, triceps_mm: 12 });
    const girths = await db.selectFrom('girths').selectAll().where('consultation_id', '=', saved.id).executeTakeFirstOrThrow();
    expect(girths).toMatchObject({ waist_cm: 66.5, humerus_breadth_cm: 6.1, wrist_breadth_cm: 5 });
  });

  it('without a recorded sex, keeps what does not depend on sex and explains the rest', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ birthDate: '1990-01-01' });
    const measurements = athleteMeasurements();
    const saved = await p.createConsultation(patient.id, { date: '2026-03-09', time: '10:00', measurements });
    const female = expectedDerived({ sex: 'f', ageYears: 36, patientTypeId: 14, measurements }).derived;
    expect(saved.derived.bmi).toBe(female.bmi);
    expect(saved.derived.sumSixSkinfoldsMm).toBe(female.sumSixSkinfoldsMm);
    expect(saved.derived.somatotype).toEqual(female.somatotype);
    expect(saved.derived.boneMassKg).toBe(female.boneMassKg);
    for (const key of ['bmrKcal', 'energyRequirementKcal', 'bodyFatPercent', 'fatMassKg', 'leanMassKg', 'skeletalMuscleMassKg', 'residualMassKg', 'muscleMassKg']) {
      expect(saved.derived[key]).toBeNull();
      expect(saved.missing).toContainEqual({ result: key, reason: 'MISSING_SEX', inputs: ['sex'] });
    }
    expect(saved.basis.sex).toBeNull();
  });

  it('without a birth date, the results that need age are null with MISSING_AGE', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ sex: 'm' });
    const saved = await p.createConsultation(patient.id, { date: '2026-03-09', time: '10:00', measurements: genericMaleMeasurements() });
    expect(saved.derived.bmrKcal).toBeNull();
    expect(saved.derived.bmi).not.toBeNull();
    expect(saved.missing).toContainEqual({ result: 'bmrKcal', reason: 'MISSING_AGE', inputs: ['ageYears'] });
  });
});

describe('new-consultation checks', () => {
  it('warns about missing height, place and pregnancy data but saves', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ sex: 'f', birthDate: '1994-06-01', typeId: 1 });
    const response = await p.call('POST', `/api/v1/patients/${patient.id}/consultations`, {
      date: '2026-03-09',
      time: '11:00',
      measurements: { weightKg: 66 },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().warnings.map((w: { code: string }) => w.code)).toEqual(['MISSING_HEIGHT', 'MISSING_LOCATION', 'MISSING_PREGNANCY_DATA']);
    expect(response.json().warnings[2].fields).toEqual(['pregnancy.lastMenstrualPeriod', 'pregnancy.preGestationalWeightKg']);
  });

  it('uses the pregnancy entered at the consultation, or else the open pregnancy record', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ sex: 'f', birthDate: '1994-06-01' });
    const location = await p.createLocation();
    const pregnancy = await p.call('POST', `/api/v1/patients/${patient.id}/pregnancies`, { lastMenstrualPeriod: '2025-12-01', preGestationalWeightKg: 60 });
    expect(pregnancy.statusCode).toBe(201);

    const fromRecord = await p.createConsultation(patient.id, {
      date: '2026-03-09',
      time: '11:00',
      locationId: location.id,
      measurements: { weightKg: 63.5, heightCm: 163 },
    });
    const expected = expectedDerived({
      sex: 'f',
      ageYears: 31,
      patientTypeId: 14,
      measurements: { weightKg: 63.5, heightCm: 163 },
      pregnancy: { preWeightKg: 60, lastMenstrualPeriod: '2025-12-01', today: '2026-03-09' },
    });
    expect(fromRecord.derived.suggestedGestationalGainKg).toEqual(expected.derived.suggestedGestationalGainKg);
    expect(fromRecord.derived.gestationalAge).toEqual({ totalDays: 98, weeks: 14, days: 0 });
    expect(fromRecord.basis).toMatchObject({ lastMenstrualPeriod: '2025-12-01', preGestationalWeightKg: 60, pregnancySource: 'pregnancy-record' });
    expect(fromRecord.warnings).toEqual([]);
    expect(fromRecord.pregnancy).toEqual({ lastMenstrualPeriod: null, preGestationalWeightKg: null });

    const entered = await p.createConsultation(patient.id, {
      date: '2026-03-10',
      time: '09:00',
      locationId: location.id,
      measurements: { weightKg: 63.9, heightCm: 163 },
      pregnancy: { preGestationalWeightKg: 72 },
    });
    expect(entered.basis).toMatchObject({ lastMenstrualPeriod: '2025-12-01', preGestationalWeightKg: 72, pregnancySource: 'consultation' });
    // Pre-pregnancy BMI 72 / 1.63² = 27.1 → overweight band: 7–11.5 kg (IOM 2009).
    expect(entered.derived.suggestedGestationalGainKg).toEqual({ min: 7, max: 11.5 });
  });

  it('rejects a future date in the nutritionist time zone', async () => {
    // 02:00 UTC on 11 March is still 10 March in Buenos Aires: 11 March is tomorrow.
    t.clock.set('2026-03-11T02:00:00.000Z');
    const p = await practice(t);
    const patient = await p.createPatient();
    const response = await p.call('POST', `/api/v1/patients/${patient.id}/consultations`, { date: '2026-03-11', time: '09:00' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.details).toEqual([{ path: 'date', message: 'La fecha de la consulta no puede ser futura.' }]);
  });
});

describe('history, evolution, latest measurements and comparison', () => {
  async function threeVisits() {
    const p = await practice(t);
    const patient = await p.createPatient({ sex: 'm', birthDate: '1980-11-02' });
    const first = await p.createConsultation(patient.id, { date: '2026-01-05', time: '10:00', measurements: genericMaleMeasurements() });
    const third = await p.createConsultation(patient.id, {
      date: '2026-03-02',
      time: '10:00',
      measurements: { ...genericMaleMeasurements(), weightKg: 80.1, heightCm: null, girthsCm: { ...genericMaleMeasurements().girthsCm, waist: 88 } },
    });
    const second = await p.createConsultation(patient.id, { date: '2026-02-02', time: '18:45', measurements: { weightKg: 82.3, heightCm: 178.5 } });
    return { p, patient, first, second, third };
  }

  it('lists newest first and keeps the last visit as the newest date', async () => {
    const { p, patient, first, second, third } = await threeVisits();
    const history = (await p.call('GET', `/api/v1/patients/${patient.id}/consultations`)).json();
    expect(history.items.map((i: { id: string }) => i.id)).toEqual([third.id, second.id, first.id]);
    // The newest visit with a height is the second one (the third was saved without).
    expect(history.lastHeightCm).toBe(178.5);
    const record = (await p.call('GET', `/api/v1/patients/${patient.id}`)).json();
    expect(record.lastVisitAt).toBe('2026-03-02T13:00:00.000Z');
    expect(record.heightCm).toBe(178.5);
    // A visit entered late but older than the others changes neither the last visit nor the height.
    await p.createConsultation(patient.id, { date: '2025-12-01', time: '10:00', measurements: { heightCm: 175 } });
    const after = (await p.call('GET', `/api/v1/patients/${patient.id}`)).json();
    expect(after).toMatchObject({ lastVisitAt: '2026-03-02T13:00:00.000Z', heightCm: 178.5, version: record.version });
  });

  it('answers the latest measurements to pre-fill the next visit', async () => {
    const { p, patient, third } = await threeVisits();
    const latest = (await p.call('GET', `/api/v1/patients/${patient.id}/consultations/latest-measurements`)).json();
    expect(latest).toMatchObject({ consultationId: third.id, date: '2026-03-02', lastHeightCm: 178.5 });
    expect(latest.measurements.weightKg).toBe(80.1);
    const empty = await p.createPatient({ heightCm: 170 });
    expect((await p.call('GET', `/api/v1/patients/${empty.id}/consultations/latest-measurements`)).json()).toEqual({
      consultationId: null,
      date: null,
      measurements: null,
      lastHeightCm: 170,
    });
  });

  it('answers evolution series oldest first', async () => {
    const { p, patient, first, second, third } = await threeVisits();
    const { points } = (await p.call('GET', `/api/v1/patients/${patient.id}/consultations/evolution`)).json();
    expect(points.map((x: { consultationId: string }) => x.consultationId)).toEqual([first.id, second.id, third.id]);
    expect(points[0]).toEqual({
      consultationId: first.id,
      date: '2026-01-05',
      time: '10:00',
      weightKg: 84.2,
      bmi: first.derived.bmi,
      bodyFatPercent: first.derived.bodyFatPercent,
      sumSixSkinfoldsMm: first.derived.sumSixSkinfoldsMm,
      waistCm: 92.5,
      muscleMassKg: first.derived.muscleMassKg,
      visceralFat: null,
      visceralFatKg: null,
      totalWaterPercent: null,
      totalWaterKg: null,
      somatotype: { x: first.derived.somatotype.x, y: first.derived.somatotype.y },
      heightCm: 178,
      headCircumferenceCm: null,
      measuredLying: null,
      // An adult: no WHO growth assessment.
      growth: null,
    });
    expect(points[1]).toMatchObject({ weightKg: 82.3, bodyFatPercent: null, waistCm: null, somatotype: null });
    expect(points[2]).toMatchObject({ weightKg: 80.1, bmi: null, waistCm: 88 });
  });

  it('compares two visits with b − a for every numeric field', async () => {
    const { p, first, third } = await threeVisits();
    const response = await p.call('GET', `/api/v1/consultations/compare?a=${first.id}&b=${third.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.a.id).toBe(first.id);
    expect(body.b.id).toBe(third.id);
    expect(body.daysBetween).toBe(56);
    expect(body.deltas.measurements.weightKg).toBeCloseTo(80.1 - 84.2, 12);
    expect(body.deltas.measurements.heightCm).toBeNull();
    expect(body.deltas.measurements.girthsCm.waist).toBeCloseTo(88 - 92.5, 12);
    expect(body.deltas.measurements.skinfoldsMm.triceps).toBe(0);
    expect(body.deltas.measurements.skinfoldsMm.axillary).toBeNull();
    expect(body.deltas.derived.bodyFatPercent).toBeCloseTo(third.derived.bodyFatPercent - first.derived.bodyFatPercent, 12);
    expect(body.deltas.derived.bmi).toBeNull();
    expect(body.deltas.derived.somatotype).toEqual({ endomorphy: null, mesomorphy: null, ectomorphy: null, x: null, y: null });
  });

  it('refuses to compare visits of two different patients', async () => {
    const p = await practice(t);
    const one = await p.createPatient();
    const two = await p.createPatient();
    const a = await p.createConsultation(one.id, { date: '2026-03-01', time: '10:00' });
    const b = await p.createConsultation(two.id, { date: '2026-03-02', time: '10:00' });
    const response = await p.call('GET', `/api/v1/consultations/compare?a=${a.id}&b=${b.id}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().error.message).toBe('Solo puedes comparar consultas del mismo paciente.');
  });
});

describe('PATCH and DELETE /api/v1/consultations/{id}', () => {
  it('changes date and time, the note and measurements field by field; stale versions get 409', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ sex: 'f', birthDate: '1998-04-12', typeId: 2 });
    const saved = await p.createConsultation(patient.id, { date: '2026-03-09', time: '09:30', measurements: athleteMeasurements() });

    const moved = await p.call('PATCH', `/api/v1/consultations/${saved.id}`, { version: 1, date: '2026-03-06', time: '17:00' });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ date: '2026-03-06', time: '17:00', version: 2 });
    expect((await p.call('GET', `/api/v1/patients/${patient.id}`)).json().lastVisitAt).toBe('2026-03-06T20:00:00.000Z');

    const noted = await p.call('PATCH', `/api/v1/consultations/${saved.id}`, { version: 2, note: 'Control de pretemporada.' });
    expect(noted.json()).toMatchObject({ note: 'Control de pretemporada.', version: 3 });

    const measured = await p.call('PATCH', `/api/v1/consultations/${saved.id}`, {
      version: 3,
      measurements: { weightKg: 57.9, skinfoldsMm: { calf: null, triceps: 11.5 }, bioimpedance: null },
    });
    expect(measured.statusCode).toBe(200);
    const body = measured.json();
    expect(body.version).toBe(4);
    expect(body.measurements.weightKg).toBe(57.9);
    expect(body.measurements.heightCm).toBe(165.2);
    expect(body.measurements.skinfoldsMm).toMatchObject({ triceps: 11.5, calf: null, subscapular: 9.8 });
    expect(body.measurements.bioimpedance.fatPercent).toBeNull();
    expect(body.measurements.girthsCm.waist).toBe(66.5);
    // Without the medial calf there is no six-site sum, so no body fat.
    expect(body.derived.bodyFatPercent).toBeNull();
    expect(body.missing).toContainEqual({ result: 'bodyFatPercent', reason: 'MISSING_SKINFOLDS', inputs: ['measurements.skinfoldsMm.calf'] });
    const expected = expectedDerived({ sex: 'f', ageYears: 27, patientTypeId: 2, measurements: body.measurements });
    expect(body.derived).toEqual(expected.derived);

    const stale = await p.call('PATCH', `/api/v1/consultations/${saved.id}`, { version: 3, note: 'Otra pestaña' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'Otra persona o pestaña modificó esta consulta. Recarga para ver los cambios.',
    });

    // Nothing changed: same version, no audit row.
    const same = await p.call('PATCH', `/api/v1/consultations/${saved.id}`, { version: 4, note: 'Control de pretemporada.' });
    expect(same.json().version).toBe(4);
  });

  it('rejects bad PATCH input and changes nothing', async () => {
    const p = await practice(t);
    const patient = await p.createPatient();
    const saved = await p.createConsultation(patient.id, { date: '2026-03-09', time: '09:30', measurements: { weightKg: 70 } });
    const bad = await p.call('PATCH', `/api/v1/consultations/${saved.id}`, { version: 1, measurements: { weightKg: 900 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([{ path: 'measurements.weightKg', message: 'El peso debe estar entre 0,5 y 400 kg.' }]);
    const noVersion = await p.call('PATCH', `/api/v1/consultations/${saved.id}`, { note: 'x' });
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.json().error.details[0].path).toBe('version');
    const read = (await p.call('GET', `/api/v1/consultations/${saved.id}`)).json();
    expect(read).toMatchObject({ version: 1, measurements: { weightKg: 70 } });
  });

  it('deletes a consultation with its measurements and moves the last visit back', async () => {
    const p = await practice(t);
    const patient = await p.createPatient();
    const older = await p.createConsultation(patient.id, { date: '2026-02-01', time: '10:00', measurements: { weightKg: 70 } });
    const newer = await p.createConsultation(patient.id, { date: '2026-03-01', time: '10:00', measurements: { weightKg: 69 } });
    expect((await p.call('DELETE', `/api/v1/consultations/${newer.id}`)).statusCode).toBe(204);
    expect((await p.call('GET', `/api/v1/consultations/${newer.id}`)).statusCode).toBe(404);
    for (const table of ['anthropometry', 'skinfolds', 'girths'] as const) {
      const rows = await t.database.db.selectFrom(table).select('id').where('consultation_id', '=', newer.id).execute();
      expect(rows).toEqual([]);
    }
    expect((await p.call('GET', `/api/v1/patients/${patient.id}`)).json().lastVisitAt).toBe('2026-02-01T13:00:00.000Z');
    expect((await p.call('DELETE', `/api/v1/consultations/${older.id}`)).statusCode).toBe(204);
    expect((await p.call('GET', `/api/v1/patients/${patient.id}`)).json().lastVisitAt).toBeNull();
    expect((await p.call('DELETE', `/api/v1/consultations/${older.id}`)).statusCode).toBe(404);
  });

  it('does not change consultations of a patient in the trash', async () => {
    const p = await practice(t);
    const patient = await p.createPatient();
    const saved = await p.createConsultation(patient.id, { date: '2026-03-01', time: '10:00' });
    expect((await p.call('DELETE', `/api/v1/patients/${patient.id}`)).statusCode).toBe(204);
    expect((await p.call('GET', `/api/v1/consultations/${saved.id}`)).statusCode).toBe(200);
    expect((await p.call('POST', `/api/v1/patients/${patient.id}/consultations`, { date: '2026-03-02', time: '10:00' })).statusCode).toBe(409);
    expect((await p.call('PATCH', `/api/v1/consultations/${saved.id}`, { version: 1, note: 'x' })).statusCode).toBe(409);
    expect((await p.call('DELETE', `/api/v1/consultations/${saved.id}`)).statusCode).toBe(409);
  });
});

describe('audit log', () => {
  it('records create, update and delete with the API field names, and the height change of the record', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ sex: 'm', birthDate: '1980-11-02' });
    const saved = await p.createConsultation(patient.id, { date: '2026-03-01', time: '10:00', measurements: { weightKg: 80, heightCm: 176 } });
    await p.call('PATCH', `/api/v1/consultations/${saved.id}`, { version: 1, measurements: { weightKg: 79.5 }, note: 'Bien' });
    await p.call('DELETE', `/api/v1/consultations/${saved.id}`);
    const rows = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('nutritionist_id', '=', p.nutritionistId)
      .where('patient_id', '=', patient.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    const trail = rows.map((r) => `${r.entity}:${r.action}`);
    expect(trail).toEqual(['patient:create', 'patient:update', 'consultation:create', 'consultation:update', 'consultation:delete']);
    const [, heightChange, created, updated, deleted] = rows.map((r) => ({ ...r, changes: JSON.parse(r.changes ?? 'null') }));
    expect(heightChange!.changes).toEqual({ heightCm: { from: null, to: 176 }, source: 'consultation' });
    expect(created!.entity_id).toBe(saved.id);
    expect(created!.user_id).toBe(p.session.user.id);
    expect(created!.changes).toMatchObject({ date: '2026-03-01', time: '10:00', measurements: { weightKg: 80, heightCm: 176 } });
    expect(updated!.changes).toEqual({ note: { from: null, to: 'Bien' }, 'measurements.weightKg': { from: 80, to: 79.5 } });
    expect(deleted!.changes).toMatchObject({ date: '2026-03-01', measurements: { weightKg: 79.5 } });
  });

  it('includes every consultation in the per-patient export (Ley 25.326)', async () => {
    const p = await practice(t);
    const patient = await p.createPatient({ sex: 'f', birthDate: '1990-05-20' });
    const saved = await p.createConsultation(patient.id, { date: '2026-02-01', time: '09:30', measurements: { weightKg: 61.2, heightCm: 163 } });
    const exported = (await p.call('GET', `/api/v1/patients/${patient.id}/export`)).json();
    expect(exported.consultations).toHaveLength(1);
    expect(exported.consultations[0]).toMatchObject({ id: saved.id, date: '2026-02-01', measurements: { weightKg: 61.2, heightCm: 163 } });
    expect(exported.consultations[0].derived.bmi).toBeCloseTo(61.2 / 1.63 ** 2, 10);
  });
});

describe('appointment, place and service', () => {
  it('links the appointment, marks it completed and takes its place and service', async () => {
    const p = await practice(t);
    const patient = await p.createPatient();
    const location = await p.createLocation();
    const service = await p.createService(location.id);
    const appointment = await p.createAppointment(patient.id, location.id, '2026-03-09T12:00:00.000Z', service.id);
    const saved = await p.createConsultation(patient.id, { date: '2026-03-09', time: '09:00', appointmentId: appointment.id });
    expect(saved).toMatchObject({ appointmentId: appointment.id, locationId: location.id, serviceId: service.id, warnings: [expect.objectContaining({ code: 'MISSING_HEIGHT' })] });
    const linked = (await p.call('GET', `/api/v1/appointments/${appointment.id}`)).json();
    expect(linked).toMatchObject({ consultationId: saved.id, status: 'completed' });

    const again = await p.call('POST', `/api/v1/patients/${patient.id}/consultations`, { date: '2026-03-09', time: '09:30', appointmentId: appointment.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Ese turno ya tiene una consulta registrada.');

    // Moving the consultation to no appointment frees it; deleting a consultation clears the link too.
    const unlinked = await p.call('PATCH', `/api/v1/consultations/${saved.id}`, { version: 1, appointmentId: null });
    expect(unlinked.json().appointmentId).toBeNull();
    expect((await p.call('GET', `/api/v1/appointments/${appointment.id}`)).json().consultationId).toBeNull();
    const relinked = await p.createConsultation(patient.id, { date: '2026-03-09', time: '09:30', appointmentId: appointment.id });
    await p.call('DELETE', `/api/v1/consultations/${relinked.id}`);
    expect((await p.call('GET', `/api/v1/appointments/${appointment.id}`)).json()).toMatchObject({ consultationId: null, status: 'completed' });
  });

  it("answers 404 for another patient's appointment, an unknown place or a service of another place", async () => {
    const p = await practice(t);
    const patient = await p.createPatient();
    const other = await p.createPatient();
    const location = await p.createLocation();
    const elsewhere = await p.createLocation('Consultorio Belgrano');
    const service = await p.createService(elsewhere.id);
    const appointment = await p.createAppointment(other.id, location.id);
    const url = `/api/v1/patients/${patient.id}/consultations`;
    const base = { date: '2026-03-09', time: '09:00' };
    expect((await p.call('POST', url, { ...base, appointmentId: appointment.id })).statusCode).toBe(404);
    expect((await p.call('POST', url, { ...base, locationId: 'no-such-place' })).statusCode).toBe(404);
    expect((await p.call('POST', url, { ...base, locationId: location.id, serviceId: service.id })).statusCode).toBe(404);
    expect((await p.call('GET', url)).json().items).toEqual([]);
  });

  it('deleting the appointment keeps the consultation', async () => {
    const p = await practice(t);
    const patient = await p.createPatient();
    const location = await p.createLocation();
    const appointment = await p.createAppointment(patient.id, location.id);
    const saved = await p.createConsultation(patient.id, { date: '2026-03-09', time: '09:00', appointmentId: appointment.id });
    expect((await p.call('DELETE', `/api/v1/appointments/${appointment.id}`)).statusCode).toBe(204);
    const read = await p.call('GET', `/api/v1/consultations/${saved.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ appointmentId: null, locationId: location.id });
  });
});

describe('summary email', () => {
  it('emails the patient a Spanish summary after saving, without the private note', async () => {
    const p = await practice(t);
    const email = `paciente.${Date.now()}@correo.test`;
    const patient = await p.createPatient({ firstName: 'Sofía', sex: 'f', birthDate: '1998-04-12', typeId: 2, email });
    const saved = await p.createConsultation(patient.id, {
      date: '2026-03-09',
      time: '09:30',
      note: 'Nota privada: ansiedad por la competencia.',
      summaryNote: 'Volvemos a vernos en 4 semanas.',
      sendSummaryEmail: true,
      measurements: athleteMeasurements(),
    });
    expect(saved.summaryEmail).toEqual({ requested: true, queued: true, reason: null });
    expect(saved.sendSummaryEmail).toBe(true);
    const outbox = await t.database.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', email).execute();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]!.subject).toBe('Resumen de tu consulta del 09-03-2026');
    const text = outbox[0]!.text_body;
    expect(text).toContain('Hola, Sofía:');
    expect(text).toContain('- Peso: 58,4 kg');
    expect(text).toContain('(Normal)');
    expect(text).toContain(`- Grasa corporal: ${new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 }).format(saved.derived.bodyFatPercent)} %`);
    expect(text).toContain('Próximos pasos: Volvemos a vernos en 4 semanas.');
    expect(text).not.toContain('ansiedad');
  });

  it('reports that nothing was queued when the patient has no email', async () => {
    const p = await practice(t);
    const patient = await p.createPatient();
    const saved = await p.createConsultation(patient.id, { date: '2026-03-09', time: '09:30', sendSummaryEmail: true, measurements: { weightKg: 70 } });
    expect(saved.summaryEmail).toEqual({ requested: true, queued: false, reason: 'NO_PATIENT_EMAIL' });
  });

  it('sends nothing when saving fails', async () => {
    const p = await practice(t);
    const email = `falla.${Date.now()}@correo.test`;
    const patient = await p.createPatient({ email });
    const response = await p.call('POST', `/api/v1/patients/${patient.id}/consultations`, {
      date: '2026-03-09',
      time: '09:30',
      sendSummaryEmail: true,
      locationId: 'no-such-place',
    });
    expect(response.statusCode).toBe(404);
    expect(await t.database.db.selectFrom('outbox_emails').select('id').where('to_address', '=', email).execute()).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('publishes the consultation endpoints', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/anthropometry/calculate',
        '/api/v1/patients/{id}/consultations',
        '/api/v1/patients/{id}/consultations/latest-measurements',
        '/api/v1/patients/{id}/consultations/evolution',
        '/api/v1/consultations/compare',
        '/api/v1/consultations/{id}',
      ]),
    );
  });
});
