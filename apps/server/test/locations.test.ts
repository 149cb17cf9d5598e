// Integration tests of places of care, their hours, their services and the calendar hours, through
// app.inject() on SQLite (and on PostgreSQL when TEST_DATABASE_URL is set).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
function caller(auth: Record<string, string>) {
  return (method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: auth, ...(payload === undefined ? {} : { payload: payload as never }) });
}
async function nutritionist() {
  const session = await registerAndLogin(t);
  return { ...session, call: caller(session.auth) };
}
function issuesOf(body: { error: { details?: Array<{ path: string; message: string }> } }): Record<string, string> {
  return Object.fromEntries((body.error.details ?? []).map((d) => [d.path, d.message]));
}

const place = (overrides: Record<string, unknown> = {}) => ({
  name: 'Consultorio Palermo',
  detail: 'Piso 3, oficina B',
  street: 'Av. Santa Fe',
  streetNumber: '3456',
  phone1: '011 4831-0000',
  mobileAreaCode: '11',
  mobileNumber: '5555-1234',
  latitude: -34.588,
  longitude: -58.41,
  ...overrides,
});

const weekdaysNineToOne = {
  days: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, ranges: [{ start: '09:00', end: '13:00' }] })),
};

describe('places of care: CRUD', () => {
  it('creates a place with the documented defaults and lists it', async () => {
    const { call } = await nutritionist();
    const created = await call('POST', '/api/v1/locations', place());
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      name: 'Consultorio Palermo',
      detail: 'Piso 3, oficina B',
      streetNumber: '3456',
      phone2: null,
      color: '#2b6cd4',
      slotIntervalMinutes: 30,
      visible: true,
      disabled: false,
      latitude: -34.588,
      longitude: -58.41,
      reminderEmailsEnabled: true,
      createdAt: '2026-03-10T13:00:00.000Z',
    });
    const list = await call('GET', '/api/v1/locations');
    expect(list.json().map((l: { id: string }) => l.id)).toEqual([body.id]);
    expect((await call('GET', `/api/v1/locations/${body.id}`)).json()).toEqual(body);
  });

  it('PATCH changes only what is sent: no default resets, null clears, colour normalised', async () => {
    const { call } = await nutritionist();
    const { id } = (await call('POST', '/api/v1/locations', place({ slotIntervalMinutes: 45, reminderEmailsEnabled: false }))).json();
    const patched = await call('PATCH', `/api/v1/locations/${id}`, { name: 'Sede Centro', detail: null, color: '#AABBCC' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Sede Centro',
      detail: null,
      color: '#aabbcc',
      slotIntervalMinutes: 45,
      reminderEmailsEnabled: false,
      street: 'Av. Santa Fe',
    });
  });

  it('answers 400 with a Spanish message per invalid field and saves nothing', async () => {
    const { call } = await nutritionist();
    const bad = await call('POST', '/api/v1/locations', {
      name: ' ',
      color: 'rojo',
      slotIntervalMinutes: 4,
      latitude: 91,
      longitude: -181,
      phone1: 'llamame',
    });
    expect(bad.statusCode).toBe(400);
    expect(issuesOf(bad.json())).toMatchObject({
      name: 'Ingresa el nombre del lugar.',
      color: 'El color debe tener el formato #rrggbb.',
      slotIntervalMinutes: 'El intervalo debe estar entre 5 y 240 minutos.',
      latitude: 'La latitud debe estar entre -90 y 90.',
      longitude: 'La longitud debe estar entre -180 y 180.',
      phone1: 'Usa solo números, espacios y los signos + - ( ).',
    });
    expect((await call('POST', '/api/v1/locations', place({ slotIntervalMinutes: 241 }))).statusCode).toBe(400);
    expect((await call('POST', '/api/v1/locations', place({ slotIntervalMinutes: 12.5 }))).statusCode).toBe(400);
    expect((await call('GET', '/api/v1/locations')).json()).toEqual([]);
    const { id } = (await call('POST', '/api/v1/locations', place())).json();
    expect((await call('PATCH', `/api/v1/locations/${id}`, { slotIntervalMinutes: 0 })).statusCode).toBe(400);
    expect((await call('GET', `/api/v1/locations/${id}`)).json().slotIntervalMinutes).toBe(30);
  });

  it('hide and unhide toggle visibility; a hidden place is kept and still listed', async () => {
    const { call } = await nutritionist();
    const { id } = (await call('POST', '/api/v1/locations', place())).json();
    const hidden = await call('POST', `/api/v1/locations/${id}/hide`);
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json().visible).toBe(false);
    expect((await call('GET', '/api/v1/locations')).json()[0]).toMatchObject({ id, visible: false });
    expect((await call('POST', `/api/v1/locations/${id}/unhide`)).json().visible).toBe(true);
  });

  it('DELETE removes a place without appointments ahead', async () => {
    const { call } = await nutritionist();
    const { id } = (await call('POST', '/api/v1/locations', place())).json();
    expect((await call('DELETE', `/api/v1/locations/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/locations/${id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/locations')).json()).toEqual([]);
    expect((await call('DELETE', `/api/v1/locations/${id}`)).statusCode).toBe(404);
  });

  it('DELETE answers 409 with the Spanish advice to hide while appointments lie ahead; past ones keep the place', async () => {
    const { call } = await nutritionist();
    const { id } = (await call('POST', '/api/v1/locations', place())).json();
    const future = await call('POST', '/api/v1/appointments', {
      locationId: id,
      start: '2026-03-12T15:00:00.000Z',
      end: '2026-03-12T15:30:00.000Z',
    });
    expect(future.statusCode).toBe(201);
    const past = await call('POST', '/api/v1/appointments', {
      locationId: id,
      start: '2026-03-02T15:00:00.000Z',
      end: '2026-03-02T15:30:00.000Z',
    });
    expect(past.statusCode).toBe(201);

    const refused = await call('DELETE', `/api/v1/locations/${id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'Este lugar tiene turnos agendados a futuro. Ocúltalo en lugar de eliminarlo, o mueve esos turnos primero.',
    });
    expect((await call('GET', `/api/v1/locations/${id}`)).statusCode).toBe(200);

    // A cancelled appointment ahead does not hold the place.
    expect((await call('PATCH', `/api/v1/appointments/${future.json().id}`, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/locations/${id}`)).statusCode).toBe(204);
    const history = await call('GET', '/api/v1/appointments?from=2026-03-01T00:00:00Z&to=2026-03-05T00:00:00Z');
    expect(history.json()).toHaveLength(1);
    expect(history.json()[0]).toMatchObject({ id: past.json().id, locationName: 'Consultorio Palermo', color: '#2b6cd4' });
  });

  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/locations' })).statusCode).toBe(401);
  });
});

describe('weekly schedule', () => {
  it('starts closed every day, saves ranges sorted and replaces them on the next PUT', async () => {
    const { call } = await nutritionist();
    const { id } = (await call('POST', '/api/v1/locations', place())).json();
    const empty = await call('GET', `/api/v1/locations/${id}/schedule`);
    expect(empty.json().days).toEqual([1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [] })));

    const saved = await call('PUT', `/api/v1/locations/${id}/schedule`, {
      days: [
        { weekday: 3, ranges: [{ start: '15:00', end: '20:00' }, { start: '08:00', end: '12:00' }] },
        { weekday: 6, ranges: [{ start: '18:00', end: '24:00' }] },
      ],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().days[2]).toEqual({ weekday: 3, ranges: [{ start: '08:00', end: '12:00' }, { start: '15:00', end: '20:00' }] });
    expect(saved.json().days[5]).toEqual({ weekday: 6, ranges: [{ start: '18:00', end: '24:00' }] });

    await call('PUT', `/api/v1/locations/${id}/schedule`, { days: [{ weekday: 1, ranges: [{ start: '10:00', end: '11:00' }] }] });
    const again = (await call('GET', `/api/v1/locations/${id}/schedule`)).json();
    expect(again.days.filter((d: { ranges: unknown[] }) => d.ranges.length > 0)).toEqual([
      { weekday: 1, ranges: [{ start: '10:00', end: '11:00' }] },
    ]);
  });

  it('rejects reversed, overlapping, malformed and repeated entries with field paths, keeping the old hours', async () => {
    const { call } = await nutritionist();
    const { id } = (await call('POST', '/api/v1/locations', place())).json();
    await call('PUT', `/api/v1/locations/${id}/schedule`, weekdaysNineToOne);

    const reversed = await call('PUT', `/api/v1/locations/${id}/schedule`, { days: [{ weekday: 1, ranges: [{ start: '13:00', end: '09:00' }] }] });
    expect(reversed.statusCode).toBe(400);
    expect(issuesOf(reversed.json())).toEqual({ 'days.0.ranges.0.end': 'La hora de inicio debe ser anterior a la de fin.' });

    const overlapping = await call('PUT', `/api/v1/locations/${id}/schedule`, {
      days: [{ weekday: 2, ranges: [{ start: '09:00', end: '12:00' }, { start: '11:30', end: '14:00' }] }],
    });
    expect(overlapping.statusCode).toBe(400);
    expect(issuesOf(overlapping.json())).toEqual({ 'days.0.ranges.1.start': 'Los horarios de un mismo día no pueden superponerse.' });

    const malformed = await call('PUT', `/api/v1/locations/${id}/schedule`, {
      days: [{ weekday: 8, ranges: [{ start: '9:00', end: '25:00' }] }],
    });
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(issuesOf(malformed.json())).sort()).toEqual(['days.0.ranges.0.end', 'days.0.ranges.0.start', 'days.0.weekday']);

    const repeated = await call('PUT', `/api/v1/locations/${id}/schedule`, { days: [{ weekday: 1, ranges: [] }, { weekday: 1, ranges: [] }] });
    expect(repeated.statusCode).toBe(400);
    expect(issuesOf(repeated.json())).toEqual({ 'days.1.weekday': 'Ese día está repetido.' });

    const kept = (await call('GET', `/api/v1/locations/${id}/schedule`)).json();
    expect(kept.days[0].ranges).toEqual([{ start: '09:00', end: '13:00' }]);
  });

  it('accepts touching ranges (09:00–12:00 and 12:00–13:00)', async () => {
    const { call } = await nutritionist();
    const { id } = (await call('POST', '/api/v1/locations', place())).json();
    const touching = await call('PUT', `/api/v1/locations/${id}/schedule`, {
      days: [{ weekday: 4, ranges: [{ start: '09:00', end: '12:00' }, { start: '12:00', end: '13:00' }] }],
    });
    expect(touching.statusCode).toBe(200);
  });
});

describe('services of a place', () => {
  it('creates with defaults (ARS, visible, price 0), edits, lists and deletes', async () => {
    const { call } = await nutritionist();
    const { id } = (await call('POST', '/api/v1/locations', place())).json();
    const created = await call('POST', `/api/v1/locations/${id}/services`, { name: 'Primera consulta', durationMinutes: 60 });
    expect(created.statusCode).toBe(201);
    const service = created.json();
    expect(service).toMatchObject({ locationId: id, name: 'Primera consulta', durationMinutes: 60, priceCents: 0, currency: 'ARS', visible: true, ownSchedule: false });

    const patched = await call('PATCH', `/api/v1/locations/${id}/services/${service.id}`, { priceCents: 2500000, currency: 'usd', visible: false });
    expect(patched.json()).toMatchObject({ priceCents: 2500000, currency: 'USD', visible: false, durationMinutes: 60 });
    expect((await call('GET', `/api/v1/locations/${id}/services`)).json()).toHaveLength(1);

    expect((await call('DELETE', `/api/v1/locations/${id}/services/${service.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/locations/${id}/services`)).json()).toEqual([]);
    expect((await call('PATCH', `/api/v1/locations/${id}/services/${service.id}`, { name: 'x' })).statusCode).toBe(404);
  });

  it('keeps prices in integer cents and currencies as ISO 4217 codes', async () => {
    const { call } = await nutritionist();
    const { id } = (await call('POST', '/api/v1/locations', place())).json();
    const fractional = await call('POST', `/api/v1/locations/${id}/services`, { name: 'Control', durationMinutes: 30, priceCents: 1500.5 });
    expect(issuesOf(fractional.json())).toEqual({ priceCents: 'El precio va en centavos: debe ser un número entero.' });
    const negative = await call('POST', `/api/v1/locations/${id}/services`, { name: 'Control', durationMinutes: 30, priceCents: -1 });
    expect(issuesOf(negative.json())).toEqual({ priceCents: 'El precio no puede ser negativo.' });
    const currency = await call('POST', `/api/v1/locations/${id}/services`, { name: 'Control', durationMinutes: 30, currency: 'PESOS' });
    expect(issuesOf(currency.json())).toEqual({ currency: 'La moneda debe ser un código ISO 4217 de 3 letras (ARS, USD…).' });
    const duration = await call('POST', `/api/v1/locations/${id}/services`, { name: 'Control', durationMinutes: 2 });
    expect(duration.statusCode).toBe(400);
    const big = await call('POST', `/api/v1/locations/${id}/services`, { name: 'Plan anual', durationMinutes: 60, priceCents: 90_000_000_000 });
    expect(big.json().priceCents).toBe(90_000_000_000);
  });

  it('a service follows its place’s hours until it gets its own, and can go back', async () => {
    const { call } = await nutritionist();
    const { id } = (await call('POST', '/api/v1/locations', place())).json();
    await call('PUT', `/api/v1/locations/${id}/schedule`, weekdaysNineToOne);
    const { id: sid } = (await call('POST', `/api/v1/locations/${id}/services`, { name: 'Antropometría', durationMinutes: 20 })).json();

    const inherited = (await call('GET', `/api/v1/locations/${id}/services/${sid}/schedule`)).json();
    expect(inherited.ownSchedule).toBe(false);
    expect(inherited.days[0].ranges).toEqual([{ start: '09:00', end: '13:00' }]);

    const own = await call('PUT', `/api/v1/locations/${id}/services/${sid}/schedule`, { days: [{ weekday: 6, ranges: [{ start: '10:00', end: '12:00' }] }] });
    expect(own.statusCode).toBe(200);
    expect(own.json().ownSchedule).toBe(true);
    expect(own.json().days[5].ranges).toEqual([{ start: '10:00', end: '12:00' }]);
    expect(own.json().days[0].ranges).toEqual([]);
    expect((await call('GET', `/api/v1/locations/${id}/services`)).json()[0].ownSchedule).toBe(true);
    // The place's hours are untouched.
    expect((await call('GET', `/api/v1/locations/${id}/schedule`)).json().days[0].ranges).toEqual([{ start: '09:00', end: '13:00' }]);

    const back = await call('DELETE', `/api/v1/locations/${id}/services/${sid}/schedule`);
    expect(back.json()).toMatchObject({ ownSchedule: false });
    expect(back.json().days[0].ranges).toEqual([{ start: '09:00', end: '13:00' }]);
  });
});

describe('GET /api/v1/locations/hours', () => {
  it('answers the spec defaults with the alert when nothing is configured', async () => {
    const { call } = await nutritionist();
    expect((await call('GET', '/api/v1/locations/hours')).json()).toEqual({ min: '05:00', max: '18:00', alert: true, stepMinutes: 5 });
    await call('POST', '/api/v1/locations', place());
    expect((await call('GET', '/api/v1/locations/hours')).json().alert).toBe(true);
  });

  it('spans every place’s hours and every service’s own hours, leaving out disabled and deleted places', async () => {
    const { call } = await nutritionist();
    const a = (await call('POST', '/api/v1/locations', place())).json();
    const b = (await call('POST', '/api/v1/locations', place({ name: 'Sede Norte' }))).json();
    const c = (await call('POST', '/api/v1/locations', place({ name: 'Sede cerrada' }))).json();
    await call('PUT', `/api/v1/locations/${a.id}/schedule`, weekdaysNineToOne);
    await call('PUT', `/api/v1/locations/${b.id}/schedule`, { days: [{ weekday: 2, ranges: [{ start: '14:00', end: '19:30' }] }] });
    await call('PUT', `/api/v1/locations/${c.id}/schedule`, { days: [{ weekday: 2, ranges: [{ start: '06:00', end: '23:00' }] }] });
    await call('PATCH', `/api/v1/locations/${c.id}`, { disabled: true });
    expect((await call('GET', '/api/v1/locations/hours')).json()).toEqual({ min: '09:00', max: '19:30', alert: false, stepMinutes: 5 });

    const { id: sid } = (await call('POST', `/api/v1/locations/${a.id}/services`, { name: 'Temprano', durationMinutes: 30 })).json();
    await call('PUT', `/api/v1/locations/${a.id}/services/${sid}/schedule`, { days: [{ weekday: 6, ranges: [{ start: '07:15', end: '08:00' }] }] });
    expect((await call('GET', '/api/v1/locations/hours')).json()).toMatchObject({ min: '07:15', max: '19:30' });

    await call('DELETE', `/api/v1/locations/${b.id}`);
    expect((await call('GET', '/api/v1/locations/hours')).json()).toMatchObject({ min: '07:15', max: '13:00' });
  });
});

describe('tenant isolation', () => {
  it('every place and service endpoint answers 404 for another nutritionist’s ids and changes nothing', async () => {
    const owner = await nutritionist();
    const intruder = await nutritionist();
    const { id } = (await owner.call('POST', '/api/v1/locations', place())).json();
    await owner.call('PUT', `/api/v1/locations/${id}/schedule`, weekdaysNineToOne);
    const { id: sid } = (await owner.call('POST', `/api/v1/locations/${id}/services`, { name: 'Control', durationMinutes: 30 })).json();

    const attempts: Array<[Method, string, unknown?]> = [
      ['GET', `/api/v1/locations/${id}`],
      ['PATCH', `/api/v1/locations/${id}`, { name: 'Robado' }],
      ['DELETE', `/api/v1/locations/${id}`],
      ['POST', `/api/v1/locations/${id}/hide`],
      ['POST', `/api/v1/locations/${id}/unhide`],
      ['GET', `/api/v1/locations/${id}/schedule`],
      ['PUT', `/api/v1/locations/${id}/schedule`, { days: [] }],
      ['GET', `/api/v1/locations/${id}/services`],
      ['POST', `/api/v1/locations/${id}/services`, { name: 'Intruso', durationMinutes: 30 }],
      ['PATCH', `/api/v1/locations/${id}/services/${sid}`, { name: 'Robado' }],
      ['DELETE', `/api/v1/locations/${id}/services/${sid}`],
      ['GET', `/api/v1/locations/${id}/services/${sid}/schedule`],
      ['PUT', `/api/v1/locations/${id}/services/${sid}/schedule`, { days: [] }],
      ['DELETE', `/api/v1/locations/${id}/services/${sid}/schedule`],
      ['GET', `/api/v1/locations/${id}/slots?date=2026-03-11`],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await intruder.call(method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
    expect((await intruder.call('GET', '/api/v1/locations')).json()).toEqual([]);
    expect((await intruder.call('GET', '/api/v1/locations/hours')).json().alert).toBe(true);

    // A service id of the owner under the intruder's own place is not found either.
    const { id: own } = (await intruder.call('POST', '/api/v1/locations', place())).json();
    expect((await intruder.call('PATCH', `/api/v1/locations/${own}/services/${sid}`, { name: 'x' })).statusCode).toBe(404);

    const after = (await owner.call('GET', `/api/v1/locations/${id}`)).json();
    expect(after).toMatchObject({ name: 'Consultorio Palermo', visible: true });
    expect((await owner.call('GET', `/api/v1/locations/${id}/schedule`)).json().days[0].ranges).toHaveLength(1);
    expect((await owner.call('GET', `/api/v1/locations/${id}/services`)).json()[0].name).toBe('Control');
  });
});
