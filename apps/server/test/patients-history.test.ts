// The record's change history (GET /patients/{id}/audit) and the PDF summary (GET /patients/{id}/export.pdf):
// who changed which fields and when, newest first and paginated; the PDF's text read back with pdftotext;
// another nutritionist's patient answers 404 on both.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { caller, validPatient } from './patients-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function practice() {
  const session = await registerAndLogin(t);
  const call = caller(t, session.auth);
  const create = async (overrides: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/v1/patients', validPatient(overrides));
    if (response.statusCode !== 201) throw new Error(`create failed: ${response.body}`);
    return response.json();
  };
  return { ...session, call, create };
}

/** The text of a PDF, as pdftotext (poppler) extracts it. */
function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-pdf-'));
  try {
    const file = path.join(dir, 'ficha.pdf');
    fs.writeFileSync(file, pdf);
    return execFileSync('/usr/bin/pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('GET /api/v1/patients/{id}/audit', () => {
  it('lists who did what to which fields, newest first, paginated', async () => {
    const { call, create, session } = await practice();
    const patient = await create({ goal: 'Bajar 5 kg' });
    t.clock.advanceSeconds(60);
    await call('PATCH', `/api/v1/patients/${patient.id}`, { version: 1, goal: 'Bajar 3 kg', phone: '4555-1234' });
    t.clock.advanceSeconds(60);
    await call('POST', `/api/v1/patients/${patient.id}/labs`, { date: '2026-03-01', analyte: 'Glucemia', value: 130, unit: 'mg/dL', referenceMax: 100 });
    t.clock.advanceSeconds(60);
    await call('GET', `/api/v1/patients/${patient.id}/export`);

    const first = await call('GET', `/api/v1/patients/${patient.id}/audit?limit=2`);
    expect(first.statusCode).toBe(200);
    const page = first.json();
    expect(page).toMatchObject({ total: 4, page: 1, limit: 2 });
    const actorName = `${session.nutritionist.firstName} ${session.nutritionist.lastName}`;
    expect(page.items).toEqual([
      expect.objectContaining({ action: 'export', entity: 'patient', actorName, userId: session.user.id, fields: [] }),
      expect.objectContaining({ action: 'create', entity: 'lab_result', actorName, fields: expect.arrayContaining(['analyte', 'value', 'unit']) }),
    ]);
    const second = (await call('GET', `/api/v1/patients/${patient.id}/audit?limit=2&page=2`)).json();
    expect(second.items.map((e: { action: string }) => e.action)).toEqual(['update', 'create']);
    expect(second.items[0]).toMatchObject({
      entity: 'patient',
      fields: ['phone', 'goal'],
      changes: { goal: { from: 'Bajar 5 kg', to: 'Bajar 3 kg' }, phone: { from: null, to: '4555-1234' } },
    });
    expect(second.items[1].fields).toEqual(expect.arrayContaining(['firstName', 'lastName', 'birthDate', 'goal']));
    expect(second.items[1].createdAt < second.items[0].createdAt).toBe(true);

    const bad = await call('GET', `/api/v1/patients/${patient.id}/audit?limit=500`);
    expect(bad.statusCode).toBe(400);
  });

  it("answers 404 for another nutritionist's patient and a missing one", async () => {
    const owner = await practice();
    const patient = await owner.create();
    const intruder = await practice();
    for (const url of [`/api/v1/patients/${patient.id}/audit`, `/api/v1/patients/${patient.id}/export.pdf`]) {
      const response = await intruder.call('GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'No encontramos a este paciente.' });
    }
    expect((await owner.call('GET', '/api/v1/patients/0190a0b0-0000-7000-8000-000000000000/audit')).statusCode).toBe(404);
    // The intruder's attempts left no trace in the owner's history.
    const history = (await owner.call('GET', `/api/v1/patients/${patient.id}/audit`)).json();
    expect(history.items.map((e: { action: string }) => e.action)).toEqual(['create']);
  });
});

describe('GET /api/v1/patients/{id}/export.pdf', () => {
  it('is a readable Spanish summary of the personal data, the record sections and the consultations', async () => {
    t.clock.set('2026-03-10T13:00:00.000Z');
    const { call, create } = await practice();
    const place = (await call('POST', '/api/v1/locations', { name: 'Consultorio Palermo' })).json();
    const patient = await create({
      documentNumber: '30123456',
      healthInsurance: 'OSDE',
      memberNumber: '123-45',
      heightCm: 162.5,
      locationId: place.id,
      typeId: 5,
      goal: 'Bajar 3 kg',
      remindersOptOut: true,
    });
    const id = patient.id;
    await call('PUT', `/api/v1/patients/${id}/background`, { version: 0, conditions: { celiacDisease: true, hypertension: true }, allergies: 'Maní' });
    await call('PUT', `/api/v1/patients/${id}/habits`, { version: 0, mealsPerDay: 4, waterLitersPerDay: 1.5, alcohol: 'occasional' });
    await call('POST', `/api/v1/patients/${id}/labs`, { date: '2026-03-01', analyte: 'Glucemia', value: 130.5, unit: 'mg/dL', referenceMin: 70, referenceMax: 100 });
    await call('POST', `/api/v1/patients/${id}/activities`, { activity: 'Natación', frequencyPerWeek: 2, durationMinutes: 45, intensity: 'moderate' });
    await call('POST', `/api/v1/patients/${id}/reminders`, { text: 'Pedir análisis de ferritina', dueDate: '2026-04-01' });
    const consultation = await call('POST', `/api/v1/patients/${id}/consultations`, {
      date: '2026-03-05',
      time: '10:30',
      measurements: { weightKg: 68.4, heightCm: 162.5 },
    });
    expect(consultation.statusCode).toBe(201);

    const response = await call('GET', `/api/v1/patients/${id}/export.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="ficha-nunez-maria-jose.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'Ficha del paciente: María José Núñez',
      'Generada el 10-03-2026 10:00',
      'Datos personales',
      '20-05-1990 (35 años)',
      'Femenino',
      '30123456',
      'OSDE · socio 123-45',
      'Consultorio Palermo',
      '162,5 cm',
      'Bajar 3 kg',
      'No desea recibirlos',
      'Antecedentes patológicos',
      'Hipertensión, Celiaquía',
      'Maní',
      'Hábitos',
      '1,5 litros',
      'Ocasional',
      'Análisis de laboratorio',
      'Glucemia',
      '130,5 mg/dL',
      '70 – 100',
      'Alto',
      'Natación',
      '45 min',
      'Moderada',
      'Pedir análisis de ferritina',
      'Consultas',
      '05-03-2026 10:30',
      '68,4 kg',
      'Sin embarazos registrados.',
      'Ley 25.326',
    ]) {
      expect(text, expected).toContain(expected);
    }
    // The PDF export is audited like the JSON one.
    const history = (await call('GET', `/api/v1/patients/${id}/audit?limit=1`)).json();
    expect(history.items[0]).toMatchObject({ action: 'export', changes: { format: 'pdf' } });
  });
});
