// The tenant rule and input validation of every consultation endpoint: another nutritionist's patient or
// consultation answers 404 and is left untouched; bad measurements answer 400 with the field path and a
// Spanish message, and nothing is saved. SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { issuesOf } from './patients-helpers.js';
import { athleteMeasurements, practice } from './consultations-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('cross-tenant', () => {
  it("answers 404 for another nutritionist's patient or consultation on every endpoint", async () => {
    const owner = await practice(t);
    const intruder = await practice(t);
    const patient = await owner.createPatient({ sex: 'f', birthDate: '1998-04-12' });
    const saved = await owner.createConsultation(patient.id, { date: '2026-03-09', time: '09:30', measurements: athleteMeasurements() });
    const other = await owner.createConsultation(patient.id, { date: '2026-03-01', time: '09:30', measurements: { weightKg: 60 } });
    const mine = await intruder.createPatient();
    const myConsultation = await intruder.createConsultation(mine.id, { date: '2026-03-01', time: '09:30' });

    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/api/v1/patients/${patient.id}/consultations`],
      ['POST', `/api/v1/patients/${patient.id}/consultations`, { date: '2026-03-09', time: '10:00' }],
      ['GET', `/api/v1/patients/${patient.id}/consultations/latest-measurements`],
      ['GET', `/api/v1/patients/${patient.id}/consultations/evolution`],
      ['GET', `/api/v1/consultations/${saved.id}`],
      ['PATCH', `/api/v1/consultations/${saved.id}`, { version: 1, note: 'intruso' }],
      ['DELETE', `/api/v1/consultations/${saved.id}`],
      ['GET', `/api/v1/consultations/compare?a=${other.id}&b=${saved.id}`],
      ['GET', `/api/v1/consultations/compare?a=${myConsultation.id}&b=${saved.id}`],
    ];
    for (const [method, url, body] of attempts) {
      const response = await intruder.call(method as 'GET', url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }

    // Untouched for the owner.
    const read = (await owner.call('GET', `/api/v1/consultations/${saved.id}`)).json();
    expect(read).toMatchObject({ version: 1, note: null });
    expect((await owner.call('GET', `/api/v1/patients/${patient.id}/consultations`)).json().items).toHaveLength(2);
  });

  it("refuses the owner's place, service and appointment ids in another tenant's consultation", async () => {
    const owner = await practice(t);
    const intruder = await practice(t);
    const ownerPatient = await owner.createPatient();
    const location = await owner.createLocation();
    const service = await owner.createService(location.id);
    const appointment = await owner.createAppointment(ownerPatient.id, location.id);
    const mine = await intruder.createPatient();
    const url = `/api/v1/patients/${mine.id}/consultations`;
    const base = { date: '2026-03-09', time: '09:00' };
    for (const body of [{ ...base, locationId: location.id }, { ...base, serviceId: service.id }, { ...base, appointmentId: appointment.id }]) {
      expect((await intruder.call('POST', url, body)).statusCode).toBe(404);
    }
    const saved = await intruder.createConsultation(mine.id, base);
    expect((await intruder.call('PATCH', `/api/v1/consultations/${saved.id}`, { version: 1, locationId: location.id })).statusCode).toBe(404);
    expect((await intruder.call('PATCH', `/api/v1/consultations/${saved.id}`, { version: 1, appointmentId: appointment.id })).statusCode).toBe(404);
    expect((await owner.call('GET', `/api/v1/appointments/${appointment.id}`)).json()).toMatchObject({ consultationId: null, status: 'scheduled' });
  });
});

describe('bad input', () => {
  const cases: Array<[string, Record<string, unknown>, string, string]> = [
    ['weight 0', { weightKg: 0 }, 'measurements.weightKg', 'El peso debe estar entre 0,5 y 400 kg.'],
    ['weight 900', { weightKg: 900 }, 'measurements.weightKg', 'El peso debe estar entre 0,5 y 400 kg.'],
    ['height 20', { heightCm: 20 }, 'measurements.heightCm', 'La talla debe estar entre 40 y 272 cm.'],
    ['skinfold 300', { skinfoldsMm: { triceps: 300 } }, 'measurements.skinfoldsMm.triceps', 'El pliegue tricipital debe estar entre 1 y 80 mm.'],
    ['text in a number', { skinfoldsMm: { triceps: 'doce' } }, 'measurements.skinfoldsMm.triceps', 'El pliegue tricipital debe ser un número.'],
    ['text weight', { weightKg: '72,5' }, 'measurements.weightKg', 'El peso debe ser un número.'],
    ['girth 300', { girthsCm: { waist: 300 } }, 'measurements.girthsCm.waist', 'El perímetro de la cintura debe estar entre 5 y 250 cm.'],
    ['breadth 40', { breadthsCm: { femur: 40 } }, 'measurements.breadthsCm.femur', 'El diámetro del fémur debe estar entre 1 y 30 cm.'],
    ['fat 90 %', { bioimpedance: { fatPercent: 90 } }, 'measurements.bioimpedance.fatPercent', 'El porcentaje de grasa (bioimpedancia) debe estar entre 1 y 75 %.'],
  ];

  it.each(cases)('rejects %s with the field path and saves nothing', async (_name, measurements, path, message) => {
    const p = await practice(t);
    const patient = await p.createPatient();
    const response = await p.call('POST', `/api/v1/patients/${patient.id}/consultations`, { date: '2026-03-09', time: '09:30', measurements });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(issuesOf(response.json())).toEqual({ [path]: message });
    expect((await p.call('GET', `/api/v1/patients/${patient.id}/consultations`)).json().items).toEqual([]);
    const rows = await t.database.db.selectFrom('anthropometry').select('id').where('nutritionist_id', '=', p.nutritionistId).execute();
    expect(rows).toEqual([]);
    // The calculator validates the same way.
    const preview = await p.call('POST', '/api/v1/anthropometry/calculate', { sex: 'f', ageYears: 30, patientTypeId: 14, measurements });
    expect(preview.statusCode).toBe(400);
    expect(issuesOf(preview.json())).toEqual({ [path]: message });
  });

  it('rejects a misspelt site instead of dropping the measurement', async () => {
    const p = await practice(t);
    const patient = await p.createPatient();
    const response = await p.call('POST', `/api/v1/patients/${patient.id}/consultations`, {
      date: '2026-03-09',
      time: '09:30',
      measurements: { skinfoldsMm: { tricep: 12 } },
    });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(issuesOf(response.json()))).toEqual(['measurements.skinfoldsMm']);
  });

  it('rejects bad dates, times, activity factors and race terms', async () => {
    const p = await practice(t);
    const patient = await p.createPatient();
    const response = await p.call('POST', `/api/v1/patients/${patient.id}/consultations`, {
      date: '2026-02-30',
      time: '25:00',
      activityFactor: 4,
      raceTerm: 3,
      sendSummaryEmail: 'sí',
      pregnancy: { lastMenstrualPeriod: '01-12-2025' },
    });
    expect(response.statusCode).toBe(400);
    expect(issuesOf(response.json())).toEqual({
      date: 'No es una fecha válida.',
      time: 'Usa el formato de hora HH:mm (00:00 a 23:59).',
      activityFactor: 'El factor de actividad debe estar entre 1 y 2,5.',
      raceTerm: 'El término étnico debe ser 0, -2 o 1,1.',
      sendSummaryEmail: 'Debe ser verdadero o falso.',
      'pregnancy.lastMenstrualPeriod': 'Usa el formato de fecha AAAA-MM-DD.',
    });
    const missing = await p.call('POST', `/api/v1/patients/${patient.id}/consultations`, {});
    expect(Object.keys(issuesOf(missing.json())).sort()).toEqual(['date', 'time']);
  });

  it('rejects a calculator request without sex or with an unknown one', async () => {
    const p = await practice(t);
    const response = await p.call('POST', '/api/v1/anthropometry/calculate', { sex: 'x', ageYears: 30, patientTypeId: 14, measurements: {} });
    expect(response.statusCode).toBe(400);
    expect(issuesOf(response.json())).toEqual({ sex: "El sexo debe ser 'm' (masculino) o 'f' (femenino)." });
  });
});
