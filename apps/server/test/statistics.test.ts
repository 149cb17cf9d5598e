// Statistics (GET /statistics) and the mailing export (GET /patients/contacts.csv) against data seeded
// through the API, with every expected number worked out by hand below. SQLite by default, PostgreSQL when
// TEST_DATABASE_URL is set. The clock is moved to 2026-05-20 so every seeded date is in the past; the
// practice's zone is Buenos Aires (UTC−3) unless a test changes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';
import { practice } from './consultations-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.set('2026-05-20T15:00:00.000Z');
});
afterAll(async () => {
  await t.close();
});

type Practice = Awaited<ReturnType<typeof practice>>;

async function weigh(p: Practice, patientId: string, date: string, weightKg?: number, targetWeightKg?: number) {
  const measurements = weightKg === undefined ? undefined : { weightKg, ...(targetWeightKg === undefined ? {} : { targetWeightKg }) };
  return p.createConsultation(patientId, { date, time: '10:00', ...(measurements ? { measurements } : {}) });
}

async function completed(p: Practice, patientId: string, locationId: string, start: string, serviceId?: string, status = 'completed') {
  const end = new Date(Date.parse(start) + 30 * 60_000).toISOString();
  const response = await p.call('POST', '/api/v1/appointments', {
    patientId,
    locationId,
    ...(serviceId ? { serviceId } : {}),
    start,
    end,
    status,
    allowOutsideSchedule: true,
  });
  if (response.statusCode !== 201) throw new Error(`appointment failed: ${response.body}`);
}

async function service(p: Practice, locationId: string, name: string, priceCents: number, currency = 'ARS') {
  const response = await p.call('POST', `/api/v1/locations/${locationId}/services`, { name, durationMinutes: 30, priceCents, currency });
  if (response.statusCode !== 201) throw new Error(`service failed: ${response.body}`);
  return (response.json() as { id: string }).id;
}

/**
 * Practice A. Patients (start of treatment → month of arrival):
 *   P1 Ana Gómez, f, 1990-04-15, Deportista (2), start 2026-01-20, consents
 *   P2 Beto Ruiz, m, 2008-03-31, Genérico (14), start 2026-03-02, no consent
 *   P3 Carla Pérez, "Chula" (last name with a comma and quotes), f, 1960-06-01, Obesidad (9), start 2026-03-15, consents
 *   P4 Dani Sosa, no sex, no birth date, start 2026-04-05 (after March)
 *   P5 Eva Luna, no sex, 2015-01-01, Niños (16), start 2026-03-10, no email nor mobile
 *   P9 Flor Díaz, f, no birth date, Genérico, start 2025-11-01
 *   left out everywhere: P6 test patient, P7 deleted patient, P8 pending (new) patient — all consenting.
 */
async function seedPracticeA() {
  const a = await practice(t);
  const patient = async (fields: Record<string, unknown>) => (await a.createPatient(fields)).id;
  const p1 = await patient({ firstName: 'Ana', lastName: 'Gómez', sex: 'f', birthDate: '1990-04-15', typeId: 2, startDate: '2026-01-20', email: 'ana@correo.test', mobileAreaCode: '11', mobileNumber: '5555-0001', newsConsent: true });
  const p2 = await patient({ firstName: 'Beto', lastName: 'Ruiz', sex: 'm', birthDate: '2008-03-31', startDate: '2026-03-02', email: 'beto@correo.test', newsConsent: false });
  const p3 = await patient({ firstName: 'Carla', lastName: 'Pérez, "Chula"', sex: 'f', birthDate: '1960-06-01', typeId: 9, startDate: '2026-03-15', email: 'carla@correo.test', newsConsent: true });
  await patient({ firstName: 'Dani', lastName: 'Sosa', startDate: '2026-04-05', mobileNumber: '15 4444-1234' });
  const p5 = await patient({ firstName: 'Eva', lastName: 'Luna', birthDate: '2015-01-01', typeId: 16, startDate: '2026-03-10' });
  const p9 = await patient({ firstName: 'Flor', lastName: 'Díaz', sex: 'f', startDate: '2025-11-01', email: 'flor@correo.test' });
  await patient({ firstName: 'Prueba', lastName: 'Test', sex: 'f', startDate: '2026-03-05', isTest: true, email: 'test@correo.test', newsConsent: true });
  const p7 = await patient({ firstName: 'Borrada', lastName: 'Baja', sex: 'm', startDate: '2026-03-06', email: 'baja@correo.test', newsConsent: true });
  expect((await a.call('DELETE', `/api/v1/patients/${p7}`)).statusCode).toBe(204);
  await patient({ firstName: 'Pedido', lastName: 'Web', sex: 'f', startDate: '2026-03-07', isNew: true, email: 'web@correo.test', newsConsent: true });

  // Consultations (local dates). March: P1 ×3, P2 ×2, P3 ×2, P5 ×1, P9 ×1 = 9.
  await weigh(a, p1, '2026-01-20', 70, 65);
  await weigh(a, p1, '2026-02-15', 68);
  await weigh(a, p1, '2026-03-05', 66.5);
  await weigh(a, p1, '2026-03-07');
  await weigh(a, p1, '2026-03-12');
  await weigh(a, p2, '2026-03-03', 60, 64);
  await weigh(a, p2, '2026-03-08', 64.2);
  await weigh(a, p3, '2026-03-04', 90);
  await weigh(a, p3, '2026-03-09');
  await weigh(a, p5, '2026-02-27', 40, 42);
  await weigh(a, p5, '2026-03-06', 43);
  await weigh(a, p9, '2026-02-10', 80);
  await weigh(a, p9, '2026-03-31', 78);
  await weigh(a, p9, '2026-04-02', 77);

  // Billing: ARS 15.000 and 20.000 services, a USD 50 one.
  const place = (await a.createLocation()).id;
  const s1 = await service(a, place, 'Consulta', 1_500_000);
  const s2 = await service(a, place, 'Primera consulta', 2_000_000);
  const s3 = await service(a, place, 'Online exterior', 5_000, 'USD');
  await completed(a, p1, place, '2026-03-05T13:00:00.000Z', s1); // March
  await completed(a, p2, place, '2026-03-01T03:00:00.000Z', s2); // 1 March 00:00 in Buenos Aires: March
  await completed(a, p2, place, '2026-03-01T02:29:00.000Z', s1); // 28 Feb 23:29 in Buenos Aires: February
  await completed(a, p3, place, '2026-04-01T02:30:00.000Z', s1); // 31 March 23:30 in Buenos Aires: March
  await completed(a, p5, place, '2026-03-10T13:00:00.000Z', s3); // March, USD
  await completed(a, p9, place, '2026-03-12T13:00:00.000Z'); // March, no service: unpriced
  await completed(a, p1, place, '2026-03-20T13:00:00.000Z', s1, 'scheduled'); // not completed: left out
  await completed(a, p1, place, '2026-03-21T13:00:00.000Z', s1, 'cancelled'); // cancelled: left out
  return { a, p1, p2, p3, p5, p9 };
}

/** Practice B: a March full of data that must never reach practice A's figures. */
async function seedPracticeB() {
  const b = await practice(t);
  const q = (await b.createPatient({ firstName: 'Otra', lastName: 'Práctica', sex: 'm', birthDate: '1980-01-01', startDate: '2026-03-03', email: 'otra@correo.test', newsConsent: true })).id;
  await weigh(b, q, '2026-02-01', 100, 90);
  await weigh(b, q, '2026-03-03', 89.8);
  const place = (await b.createLocation()).id;
  const s = await service(b, place, 'Consulta', 9_900_000);
  await completed(b, q, place, '2026-03-04T13:00:00.000Z', s);
  return { b };
}

let seeded: Awaited<ReturnType<typeof seedPracticeA>>;
let other: Awaited<ReturnType<typeof seedPracticeB>>;
beforeAll(async () => {
  seeded = await seedPracticeA();
  other = await seedPracticeB();
});

const months = (values: Record<number, number>) => Array.from({ length: 12 }, (_, i) => ({ month: i + 1, count: values[i + 1] ?? 0 }));

describe('GET /api/v1/statistics', () => {
  it('answers March 2026 of practice A with the hand-computed series', async () => {
    const response = await seeded.a.call('GET', '/api/v1/statistics?year=2026&month=3');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ year: 2026, month: 3, timeZone: 'America/Argentina/Buenos_Aires' });

    // P1 70 → 66.5 (lost 3.5; target 65 not reached), P2 60 → 64.2 (gained; target 64 within 0.5 kg),
    // P5 40 → 43 (gained; crossed target 42), P9 80 → 78 (lost 2; the April 77 is after March). P3 weighed once.
    expect(body.achievements).toEqual({ patientsCompared: 4, patientsLostWeight: 2, patientsGainedWeight: 2, totalWeightLostKg: 5.5, patientsReachedTarget: 2 });

    // Arrivals: January P1; March P2, P3, P5; April P4 (P9 arrived in 2025; test, deleted and pending left out).
    expect(body.newPatients).toEqual({ total: 3, byMonth: months({ 1: 1, 3: 3, 4: 1 }) });
    expect(body.completedConsultations).toEqual({ total: 9, byMonth: months({ 1: 1, 2: 3, 3: 9, 4: 1 }) });

    // The practice at 31 March: P1 (35: birthday in April), P2 (18 on 31 March), P3 (65), P5 (11), P9 (no birth date).
    expect(body.ages).toEqual([
      { band: '0-17', count: 1 },
      { band: '18-29', count: 1 },
      { band: '30-39', count: 1 },
      { band: '40-49', count: 0 },
      { band: '50-59', count: 0 },
      { band: '60+', count: 1 },
      { band: 'unknown', count: 1 },
    ]);
    expect(body.gender).toEqual([
      { sex: 'f', count: 3 },
      { sex: 'm', count: 1 },
      { sex: 'unknown', count: 1 },
    ]);
    expect(body.patientTypes[0]).toEqual({ typeId: 14, name: 'Genérico', nameEn: expect.any(String), count: 2 });
    expect(body.patientTypes.slice(1).map((t: { typeId: number; count: number }) => [t.typeId, t.count]).sort()).toEqual([
      [16, 1],
      [2, 1],
      [9, 1],
    ].sort());

    // ARS: 15.000 (P1) + 20.000 (P2, 1 March 00:00) + 15.000 (P3, 31 March 23:30) = 50.000; USD 50; one without service.
    expect(body.billing).toEqual({
      totals: [
        { currency: 'ARS', amountCents: 5_000_000, appointments: 3 },
        { currency: 'USD', amountCents: 5_000, appointments: 1 },
      ],
      byMonth: [
        { month: 2, currency: 'ARS', amountCents: 1_500_000, appointments: 1 },
        { month: 3, currency: 'ARS', amountCents: 5_000_000, appointments: 3 },
        { month: 3, currency: 'USD', amountCents: 5_000, appointments: 1 },
      ],
      unpricedAppointments: 1,
    });

    // 9 consultations over 5 patients: P5 and P9 once, P2 and P3 twice, P1 three times.
    expect(body.consultationsPerPatient).toEqual({
      consultations: 9,
      patients: 5,
      average: 1.8,
      distribution: [
        { consultations: '1', patients: 2 },
        { consultations: '2', patients: 2 },
        { consultations: '3', patients: 1 },
        { consultations: '4+', patients: 0 },
      ],
    });
  });

  it('a month without activity answers zeros in every series, not missing keys', async () => {
    const body = (await seeded.a.call('GET', '/api/v1/statistics?year=2025&month=7')).json();
    expect(body.achievements).toEqual({ patientsCompared: 0, patientsLostWeight: 0, patientsGainedWeight: 0, totalWeightLostKg: 0, patientsReachedTarget: 0 });
    expect(body.newPatients).toEqual({ total: 0, byMonth: months({ 11: 1 }) });
    expect(body.completedConsultations).toEqual({ total: 0, byMonth: months({}) });
    expect(body.ages.every((a: { count: number }) => a.count === 0)).toBe(true);
    expect(body.gender).toEqual([{ sex: 'f', count: 0 }, { sex: 'm', count: 0 }, { sex: 'unknown', count: 0 }]);
    expect(body.patientTypes).toEqual([]);
    expect(body.billing).toEqual({ totals: [], byMonth: [], unpricedAppointments: 0 });
    expect(body.consultationsPerPatient).toMatchObject({ consultations: 0, patients: 0, average: 0 });
  });

  it('April: the patient who started in April joins the practice, the 2 April weighing is no March achievement', async () => {
    const body = (await seeded.a.call('GET', '/api/v1/statistics?year=2026&month=4')).json();
    expect(body.newPatients.total).toBe(1);
    expect(body.completedConsultations.total).toBe(1);
    // P9 80 → 77 over April; P4 arrives (no sex, no birth date).
    expect(body.achievements).toMatchObject({ patientsCompared: 1, patientsLostWeight: 1, totalWeightLostKg: 3 });
    expect(body.gender).toEqual([{ sex: 'f', count: 3 }, { sex: 'm', count: 1 }, { sex: 'unknown', count: 2 }]);
    expect(body.billing.totals).toEqual([]);
  });

  it("the practice's time zone decides the month of an appointment", async () => {
    const { a } = await seedPracticeOnlyBilling();
    // In Tokyo (UTC+9) 2026-03-01T02:59Z is 1 March and 2026-04-01T02:30Z is 1 April.
    expect((await a.call('PATCH', '/api/v1/me/preferences', { timeZone: 'Asia/Tokyo' })).statusCode).toBe(200);
    const tokyo = (await a.call('GET', '/api/v1/statistics?year=2026&month=3')).json();
    expect(tokyo.timeZone).toBe('Asia/Tokyo');
    expect(tokyo.billing.totals).toEqual([{ currency: 'ARS', amountCents: 100_000, appointments: 1 }]);
    expect((await a.call('PATCH', '/api/v1/me/preferences', { timeZone: 'America/Argentina/Buenos_Aires' })).statusCode).toBe(200);
    const ba = (await a.call('GET', '/api/v1/statistics?year=2026&month=3')).json();
    expect(ba.billing.totals).toEqual([{ currency: 'ARS', amountCents: 200_000, appointments: 1 }]);
  });

  it("never counts another practice's data", async () => {
    const body = (await other.b.call('GET', '/api/v1/statistics?year=2026&month=3')).json();
    expect(body.newPatients.total).toBe(1);
    expect(body.completedConsultations.total).toBe(1);
    expect(body.achievements).toMatchObject({ patientsCompared: 1, patientsLostWeight: 1, patientsReachedTarget: 1 });
    expect(body.billing.totals).toEqual([{ currency: 'ARS', amountCents: 9_900_000, appointments: 1 }]);
    expect(body.gender).toEqual([{ sex: 'f', count: 0 }, { sex: 'm', count: 1 }, { sex: 'unknown', count: 0 }]);
  });

  it('refuses a bad month or year with a Spanish message, and needs a session', async () => {
    const bad = await seeded.a.call('GET', '/api/v1/statistics?year=2026&month=13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details).toEqual([expect.objectContaining({ path: 'querystring.month', message: 'El mes debe estar entre 1 y 12.' })]);
    const word = await seeded.a.call('GET', '/api/v1/statistics?year=dos&month=3');
    expect(word.statusCode).toBe(400);
    expect(JSON.stringify(word.json())).toContain('El año debe ser un número');
    expect((await seeded.a.call('GET', '/api/v1/statistics?month=3')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/statistics?year=2026&month=3' })).statusCode).toBe(401);
  });
});

/** Two completed appointments either side of the March boundaries, priced 1.000 and 2.000. */
async function seedPracticeOnlyBilling() {
  const a = await practice(t);
  const patient = (await a.createPatient()).id;
  const place = (await a.createLocation()).id;
  const cheap = await service(a, place, 'Control', 100_000);
  const dear = await service(a, place, 'Primera', 200_000);
  await completed(a, patient, place, '2026-03-01T02:59:00.000Z', cheap);
  await completed(a, patient, place, '2026-04-01T02:30:00.000Z', dear);
  return { a };
}

describe('newsConsent on the patient', () => {
  it('is false by default, saved by PATCH and read back', async () => {
    const created = await seeded.a.createPatient({ firstName: 'Gala', lastName: 'Sur' });
    const read = (await seeded.a.call('GET', `/api/v1/patients/${created.id}`)).json();
    expect(read.newsConsent).toBe(false);
    const patched = await seeded.a.call('PATCH', `/api/v1/patients/${created.id}`, { newsConsent: true, version: read.version });
    expect(patched.statusCode).toBe(200);
    expect((await seeded.a.call('GET', `/api/v1/patients/${created.id}`)).json().newsConsent).toBe(true);
    const wrong = await seeded.a.call('PATCH', `/api/v1/patients/${created.id}`, { newsConsent: 'sí', version: read.version + 1 });
    expect(wrong.statusCode).toBe(400);
  });
});

describe('GET /api/v1/patients/contacts.csv', () => {
  it('lists only consenting patients by default, escaped, with a BOM and CRLF, in the Spanish Excel dialect (;)', async () => {
    const response = await seeded.a.call('GET', '/api/v1/patients/contacts.csv');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="contactos-pacientes-con-consentimiento.csv"');
    expect(response.body.startsWith('\uFEFF')).toBe(true);
    expect(response.body.slice(1).split('\r\n')).toEqual([
      'nombre;apellido;email;celular;acepta_novedades',
      'Ana;Gómez;ana@correo.test;11 5555-0001;sí',
      'Carla;"Pérez, ""Chula""";carla@correo.test;;sí',
      '',
    ]);
  });

  it('consent=all lists every contactable patient with the consent column; never another practice or the left-out ones', async () => {
    const response = await seeded.a.call('GET', '/api/v1/patients/contacts.csv?consent=all');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain('contactos-pacientes-todos.csv');
    const lines = response.body.slice(1).trimEnd().split('\r\n');
    // Ordered by last name: Díaz, Gómez, Pérez, Ruiz, Sosa. Eva Luna has no email nor mobile; test, deleted,
    // pending patients and practice B's "Otra Práctica" are never listed.
    expect(lines).toEqual([
      'nombre;apellido;email;celular;acepta_novedades',
      'Flor;Díaz;flor@correo.test;;no',
      'Ana;Gómez;ana@correo.test;11 5555-0001;sí',
      'Carla;"Pérez, ""Chula""";carla@correo.test;;sí',
      'Beto;Ruiz;beto@correo.test;;no',
      'Dani;Sosa;;15 4444-1234;no',
    ]);
    const fromB = (await other.b.call('GET', '/api/v1/patients/contacts.csv')).body;
    expect(fromB).toContain('Otra;Práctica;otra@correo.test');
    expect(fromB).not.toContain('Gómez');
  });

  it('neutralises names that a spreadsheet would run as a formula', async () => {
    const c = await practice(t);
    await c.createPatient({ firstName: '=HYPERLINK("x")', lastName: 'Mal', email: 'mal@correo.test', newsConsent: true });
    const body = (await c.call('GET', '/api/v1/patients/contacts.csv')).body;
    expect(body).toContain(`"'=HYPERLINK(""x"")";Mal;mal@correo.test;;sí`);
  });

  it('an English-speaking user gets the comma dialect', async () => {
    const c = await practice(t);
    await c.createPatient({ firstName: 'Ana', lastName: 'Paz', email: 'ana.paz@correo.test', newsConsent: true });
    expect((await c.call('PATCH', '/api/v1/me/preferences', { locale: 'en' })).statusCode).toBe(200);
    const body = (await c.call('GET', '/api/v1/patients/contacts.csv')).body;
    expect(body.slice(1).split('\r\n')).toEqual(['nombre,apellido,email,celular,acepta_novedades', 'Ana,Paz,ana.paz@correo.test,,sí', '']);
  });

  it('refuses an unknown consent filter and needs a session', async () => {
    const bad = await seeded.a.call('GET', '/api/v1/patients/contacts.csv?consent=some');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("'consenting' o 'all'");
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/patients/contacts.csv' })).statusCode).toBe(401);
  });
});
