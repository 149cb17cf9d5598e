// Integration tests of appointments, free-time blocks, today's agenda and slots, through app.inject() on
// SQLite (and on PostgreSQL when TEST_DATABASE_URL is set). The test clock starts on Tuesday
// 2026-03-10 at 13:00 UTC, 10:00 in Buenos Aires (UTC−3, the default zone).
import type { LightMyRequestResponse } from 'fastify';
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
type Call = (method: Method, url: string, payload?: unknown) => Promise<LightMyRequestResponse>;

function issuesOf(body: { error: { details?: Array<{ path: string; message: string }> } }): Record<string, string> {
  return Object.fromEntries((body.error.details ?? []).map((d) => [d.path, d.message]));
}

/** A nutritionist with one place open Mon–Fri 09:00–13:00 and Tuesday 15:00–18:00, and one patient. */
async function practice(placeOverrides: Record<string, unknown> = {}) {
  const session = await registerAndLogin(t);
  const call: Call = (method, url, payload) =>
    t.app.inject({ method, url, headers: session.auth, ...(payload === undefined ? {} : { payload: payload as never }) });
  const place = (await call('POST', '/api/v1/locations', { name: 'Consultorio Palermo', street: 'Av. Santa Fe', streetNumber: '3456', ...placeOverrides })).json();
  await call('PUT', `/api/v1/locations/${place.id}/schedule`, {
    days: [1, 2, 3, 4, 5].map((weekday) => ({
      weekday,
      ranges: weekday === 2 ? [{ start: '09:00', end: '13:00' }, { start: '15:00', end: '18:00' }] : [{ start: '09:00', end: '13:00' }],
    })),
  });
  const patient = await call('POST', '/api/v1/patients', { firstName: 'María José', lastName: 'Núñez', email: 'mj.nunez@correo.test', sex: 'f' });
  if (patient.statusCode !== 201) throw new Error(`patient: ${patient.body}`);
  return { ...session, call, place, patient: patient.json() as { id: string } };
}

/** Buenos Aires wall time of 2026-03-dd as a UTC instant. */
const ba = (day: number, time: string) => {
  const [h, m] = time.split(':').map(Number);
  return new Date(Date.UTC(2026, 2, day, h! + 3, m!)).toISOString();
};

describe('POST /api/v1/appointments', () => {
  it('books a patient inside the hours and answers the calendar fields', async () => {
    const { call, place, patient } = await practice();
    const created = await call('POST', '/api/v1/appointments', {
      patientId: patient.id,
      locationId: place.id,
      start: '2026-03-11T09:30:00-03:00',
      end: '2026-03-11T10:15:00-03:00',
      notes: 'Traer análisis',
    });
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      patientId: patient.id,
      patientName: 'María José Núñez',
      title: 'María José Núñez',
      locationId: place.id,
      locationName: 'Consultorio Palermo',
      serviceId: null,
      start: '2026-03-11T12:30:00.000Z',
      end: '2026-03-11T13:15:00.000Z',
      color: '#2b6cd4',
      customColor: false,
      textColor: '#ffffff',
      notes: 'Traer análisis',
      status: 'scheduled',
      consultationId: null,
      reminderSentAt: null,
    });
    expect((await call('GET', `/api/v1/appointments/${body.id}`)).json()).toEqual(body);
  });

  it('a block without patient is "Tiempo libre" and may lie outside the hours', async () => {
    const { call, place } = await practice();
    const saturday = await call('POST', '/api/v1/appointments', { locationId: place.id, start: ba(14, '10:00'), end: ba(14, '12:00') });
    expect(saturday.statusCode).toBe(201);
    expect(saturday.json()).toMatchObject({ patientId: null, patientName: null, title: 'Tiempo libre' });
  });

  it('text colour follows the brightness rule on the appointment’s colour, or its place’s, unless unreadable', async () => {
    const { call, place, patient } = await practice({ color: '#FFF5CC' });
    const pale = await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start: ba(11, '09:00'), end: ba(11, '09:30') });
    expect(pale.json()).toMatchObject({ color: '#fff5cc', customColor: false, textColor: '#000000' });
    const edge = await call('POST', '/api/v1/appointments', { locationId: place.id, start: ba(11, '10:00'), end: ba(11, '10:30'), color: '#cccccc' });
    // The 80 % rule says white on #cccccc (1.6:1): black is used instead (packages/domain colour.ts).
    expect(edge.json()).toMatchObject({ color: '#cccccc', customColor: true, textColor: '#000000' });
    const dark = await call('PATCH', `/api/v1/appointments/${edge.json().id}`, { color: '#1c2a6b' });
    expect(dark.json().textColor).toBe('#ffffff');
    const reset = await call('PATCH', `/api/v1/appointments/${edge.json().id}`, { color: null });
    expect(reset.json()).toMatchObject({ color: '#fff5cc', customColor: false });
  });

  it('answers 422 outside the hours (before opening, across the lunch gap, closed day) unless overridden', async () => {
    const { call, place, patient } = await practice();
    const base = { patientId: patient.id, locationId: place.id };
    for (const [start, end] of [
      [ba(11, '08:30'), ba(11, '09:30')],
      [ba(10, '12:30'), ba(10, '15:30')],
      [ba(15, '10:00'), ba(15, '10:30')],
      [ba(11, '15:00'), ba(11, '15:30')],
    ] as const) {
      const refused = await call('POST', '/api/v1/appointments', { ...base, start, end });
      expect(refused.statusCode, start).toBe(422);
      expect(refused.json().error).toMatchObject({ code: 'DOMAIN_RULE', message: 'El turno está fuera del horario de atención del lugar.' });
    }
    expect((await call('GET', `/api/v1/appointments?from=${ba(9, '00:00')}&to=${ba(16, '00:00')}`)).json()).toEqual([]);
    const forced = await call('POST', '/api/v1/appointments', { ...base, start: ba(15, '10:00'), end: ba(15, '10:30'), allowOutsideSchedule: true });
    expect(forced.statusCode).toBe(201);
    // Tuesday's afternoon range counts; 13:00–15:00 is the gap.
    expect((await call('POST', '/api/v1/appointments', { ...base, start: ba(10, '15:00'), end: ba(10, '16:00') })).statusCode).toBe(201);
  });

  it('a service with its own hours is checked against them instead of the place’s', async () => {
    const { call, place, patient } = await practice();
    const service = (await call('POST', `/api/v1/locations/${place.id}/services`, { name: 'Sábados', durationMinutes: 60 })).json();
    await call('PUT', `/api/v1/locations/${place.id}/services/${service.id}/schedule`, { days: [{ weekday: 6, ranges: [{ start: '10:00', end: '12:00' }] }] });
    const base = { patientId: patient.id, locationId: place.id, serviceId: service.id };
    const saturday = await call('POST', '/api/v1/appointments', { ...base, start: ba(14, '10:00'), end: ba(14, '11:00') });
    expect(saturday.statusCode).toBe(201);
    expect(saturday.json().serviceName).toBe('Sábados');
    expect((await call('POST', '/api/v1/appointments', { ...base, start: ba(11, '10:00'), end: ba(11, '11:00') })).statusCode).toBe(422);
  });

  it('a place without any hours configured refuses patient appointments unless overridden', async () => {
    const { call, patient } = await practice();
    const bare = (await call('POST', '/api/v1/locations', { name: 'Domicilio' })).json();
    const base = { patientId: patient.id, locationId: bare.id, start: ba(11, '10:00'), end: ba(11, '10:30') };
    expect((await call('POST', '/api/v1/appointments', base)).statusCode).toBe(422);
    expect((await call('POST', '/api/v1/appointments', { ...base, allowOutsideSchedule: true })).statusCode).toBe(201);
  });

  it('answers 400 for bad times and bodies, with field paths, and saves nothing', async () => {
    const { call, place, patient } = await practice();
    const base = { patientId: patient.id, locationId: place.id };
    const reversed = await call('POST', '/api/v1/appointments', { ...base, start: ba(11, '10:00'), end: ba(11, '09:00') });
    expect(reversed.statusCode).toBe(400);
    expect(issuesOf(reversed.json())).toEqual({ end: 'La hora de fin debe ser posterior a la de inicio.' });
    const zero = await call('POST', '/api/v1/appointments', { ...base, start: ba(11, '10:00'), end: ba(11, '10:00') });
    expect(zero.statusCode).toBe(400);
    const long = await call('POST', '/api/v1/appointments', { ...base, start: ba(11, '06:00'), end: ba(11, '18:01'), allowOutsideSchedule: true });
    expect(issuesOf(long.json())).toEqual({ end: 'Un turno no puede durar más de 12 horas.' });
    const noZone = await call('POST', '/api/v1/appointments', { ...base, start: '2026-03-11T10:00:00', end: '2026-03-11T10:30:00' });
    expect(Object.keys(issuesOf(noZone.json())).sort()).toEqual(['end', 'start']);
    const noPlace = await call('POST', '/api/v1/appointments', { patientId: patient.id, start: ba(11, '10:00'), end: ba(11, '10:30') });
    expect(Object.keys(issuesOf(noPlace.json()))).toEqual(['locationId']);
    const both = await call('POST', '/api/v1/appointments', { ...base, newPatient: { firstName: 'A', lastName: 'B' }, start: ba(11, '10:00'), end: ba(11, '10:30') });
    expect(issuesOf(both.json())).toEqual({ newPatient: 'Elige un paciente existente o crea uno nuevo, no ambos.' });
    const status = await call('POST', '/api/v1/appointments', { ...base, start: ba(11, '10:00'), end: ba(11, '10:30'), status: 'done' });
    expect(status.statusCode).toBe(400);
    const malformed = await t.app.inject({ method: 'POST', url: '/api/v1/appointments', headers: { ...(await registerAndLogin(t)).auth, 'content-type': 'application/json' }, payload: '{"start":' });
    expect(malformed.statusCode).toBe(400);
    expect((await call('GET', `/api/v1/appointments?from=${ba(1, '00:00')}&to=${ba(31, '00:00')}`)).json()).toEqual([]);
  });

  it('answers 404 for an unknown or deleted patient, an unknown place or a service of another place', async () => {
    const { call, place, patient } = await practice();
    const other = (await call('POST', '/api/v1/locations', { name: 'Sede Norte' })).json();
    const foreignService = (await call('POST', `/api/v1/locations/${other.id}/services`, { name: 'Control', durationMinutes: 30 })).json();
    const slot = { start: ba(11, '10:00'), end: ba(11, '10:30') };

    const unknownPatient = await call('POST', '/api/v1/appointments', { ...slot, locationId: place.id, patientId: '01900000-0000-7000-8000-000000000000' });
    expect(unknownPatient.statusCode).toBe(404);
    expect(unknownPatient.json().error.message).toBe('No encontramos ese paciente.');
    const unknownPlace = await call('POST', '/api/v1/appointments', { ...slot, locationId: 'nope', patientId: patient.id });
    expect(unknownPlace.json().error).toMatchObject({ code: 'NOT_FOUND', message: 'No encontramos ese lugar de atención.' });
    const wrongService = await call('POST', '/api/v1/appointments', { ...slot, locationId: place.id, patientId: patient.id, serviceId: foreignService.id });
    expect(wrongService.statusCode).toBe(404);

    expect((await call('DELETE', `/api/v1/patients/${patient.id}`)).statusCode).toBeLessThan(300);
    const deleted = await call('POST', '/api/v1/appointments', { ...slot, locationId: place.id, patientId: patient.id });
    expect(deleted.statusCode).toBe(404);
    expect((await call('GET', `/api/v1/appointments?from=${ba(1, '00:00')}&to=${ba(31, '00:00')}`)).json()).toEqual([]);
  });

  it('a disabled place takes no new appointments (422) and offers no slot', async () => {
    const { call, place, patient } = await practice();
    await call('PATCH', `/api/v1/locations/${place.id}`, { disabled: true });
    const refused = await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start: ba(11, '10:00'), end: ba(11, '10:30') });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error.message).toBe('Ese lugar de atención está deshabilitado: no recibe turnos nuevos.');
    const slots = (await call('GET', `/api/v1/locations/${place.id}/slots?date=2026-03-11`)).json();
    expect(slots.length).toBe(8);
    expect(slots.every((s: { available: boolean }) => !s.available)).toBe(true);
  });

  it('a hidden place still takes the nutritionist’s own bookings', async () => {
    const { call, place, patient } = await practice();
    await call('POST', `/api/v1/locations/${place.id}/hide`);
    expect((await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start: ba(11, '10:00'), end: ba(11, '10:30') })).statusCode).toBe(201);
  });
});

describe('no double booking', () => {
  it('answers 409 for any overlap at any of her places, free time included; touching and cancelled do not count', async () => {
    const { call, place, patient } = await practice();
    const second = (await call('POST', '/api/v1/locations', { name: 'Sede Norte' })).json();
    await call('PUT', `/api/v1/locations/${second.id}/schedule`, { days: [{ weekday: 3, ranges: [{ start: '08:00', end: '20:00' }] }] });
    const first = await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start: ba(11, '10:00'), end: ba(11, '11:00') });
    expect(first.statusCode).toBe(201);

    const samePlace = await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start: ba(11, '10:30'), end: ba(11, '11:30') });
    expect(samePlace.statusCode).toBe(409);
    expect(samePlace.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'Ese horario ya está ocupado.',
      details: { conflictingAppointmentId: first.json().id },
    });
    const otherPlace = await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: second.id, start: ba(11, '09:15'), end: ba(11, '10:01') });
    expect(otherPlace.statusCode).toBe(409);
    const inside = await call('POST', '/api/v1/appointments', { locationId: second.id, start: ba(11, '10:15'), end: ba(11, '10:45') });
    expect(inside.statusCode).toBe(409);

    const touchingBefore = await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: second.id, start: ba(11, '09:00'), end: ba(11, '10:00') });
    const touchingAfter = await call('POST', '/api/v1/appointments', { locationId: place.id, start: ba(11, '11:00'), end: ba(11, '11:30') });
    expect([touchingBefore.statusCode, touchingAfter.statusCode]).toEqual([201, 201]);

    await call('PATCH', `/api/v1/appointments/${first.json().id}`, { status: 'cancelled' });
    expect((await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start: ba(11, '10:30'), end: ba(11, '11:00') })).statusCode).toBe(201);
    // Re-activating the cancelled one would now collide.
    const reactivate = await call('PATCH', `/api/v1/appointments/${first.json().id}`, { status: 'scheduled' });
    expect(reactivate.statusCode).toBe(409);
  });

  it('another nutritionist may book the same time', async () => {
    const a = await practice();
    const b = await practice();
    const slot = { start: ba(11, '10:00'), end: ba(11, '11:00') };
    expect((await a.call('POST', '/api/v1/appointments', { ...slot, patientId: a.patient.id, locationId: a.place.id })).statusCode).toBe(201);
    expect((await b.call('POST', '/api/v1/appointments', { ...slot, patientId: b.patient.id, locationId: b.place.id })).statusCode).toBe(201);
  });
});

describe('PATCH /api/v1/appointments/{id}', () => {
  it('moving the start keeps the length; moving the end changes it; the reminder state resets on a new date', async () => {
    const { call, place, patient } = await practice();
    const { id } = (await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start: ba(11, '10:00'), end: ba(11, '10:45') })).json();
    await t.database.db.updateTable('appointments').set({ reminder_claimed_at: ba(10, '09:00'), reminder_sent_at: ba(10, '09:00') }).where('id', '=', id).execute();
    const moved = await call('PATCH', `/api/v1/appointments/${id}`, { start: ba(12, '11:00') });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ start: ba(12, '11:00'), end: ba(12, '11:45'), reminderSentAt: null });
    const longer = await call('PATCH', `/api/v1/appointments/${id}`, { end: ba(12, '12:30') });
    expect(longer.json()).toMatchObject({ start: ba(12, '11:00'), end: ba(12, '12:30') });
    const row = await t.database.db.selectFrom('appointments').select('reminder_claimed_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.reminder_claimed_at).toBeNull();
  });

  it('a reschedule follows the same rules: 422 outside the hours (unless overridden), 409 on overlap, 400 on bad times', async () => {
    const { call, place, patient } = await practice();
    const a = (await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start: ba(11, '10:00'), end: ba(11, '10:30') })).json();
    const b = (await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start: ba(11, '11:00'), end: ba(11, '11:30') })).json();

    expect((await call('PATCH', `/api/v1/appointments/${a.id}`, { start: ba(11, '11:15') })).statusCode).toBe(409);
    expect((await call('PATCH', `/api/v1/appointments/${a.id}`, { start: ba(11, '13:00') })).statusCode).toBe(422);
    expect((await call('PATCH', `/api/v1/appointments/${a.id}`, { start: ba(11, '13:00'), allowOutsideSchedule: true })).statusCode).toBe(200);
    // Editing the notes of an appointment booked outside the hours needs no override again.
    expect((await call('PATCH', `/api/v1/appointments/${a.id}`, { notes: 'Llega tarde' })).statusCode).toBe(200);

    const reversed = await call('PATCH', `/api/v1/appointments/${b.id}`, { start: ba(11, '12:00'), end: ba(11, '11:00') });
    expect(issuesOf(reversed.json())).toEqual({ end: 'La hora de fin debe ser posterior a la de inicio.' });
    const endBeforeStart = await call('PATCH', `/api/v1/appointments/${b.id}`, { end: ba(11, '10:59') });
    expect(endBeforeStart.statusCode).toBe(400);
    expect(issuesOf(endBeforeStart.json())).toEqual({ end: 'La hora de fin debe ser posterior a la de inicio.' });
    expect((await call('GET', `/api/v1/appointments/${b.id}`)).json()).toMatchObject({ start: ba(11, '11:00'), end: ba(11, '11:30') });
  });

  it('changes patient, place, notes and status; completing is a PATCH', async () => {
    const { call, place, patient } = await practice();
    const other = (await call('POST', '/api/v1/patients', { firstName: 'Jorge', lastName: 'Paz' })).json();
    const { id } = (await call('POST', '/api/v1/appointments', { locationId: place.id, start: ba(11, '10:00'), end: ba(11, '10:30') })).json();
    const withPatient = await call('PATCH', `/api/v1/appointments/${id}`, { patientId: other.id, notes: 'Primera vez' });
    expect(withPatient.json()).toMatchObject({ patientId: other.id, title: 'Jorge Paz', notes: 'Primera vez' });
    const swapped = await call('PATCH', `/api/v1/appointments/${id}`, { patientId: patient.id });
    expect(swapped.json().patientName).toBe('María José Núñez');
    const done = await call('PATCH', `/api/v1/appointments/${id}`, { status: 'completed' });
    expect(done.json().status).toBe('completed');
    const free = await call('PATCH', `/api/v1/appointments/${id}`, { patientId: null });
    expect(free.json()).toMatchObject({ patientId: null, title: 'Tiempo libre' });
    expect((await call('PATCH', `/api/v1/appointments/${id}`, { status: 'finished' })).statusCode).toBe(400);
  });

  it('DELETE removes it; a second DELETE answers 404', async () => {
    const { call, place, patient } = await practice();
    const { id } = (await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start: ba(11, '10:00'), end: ba(11, '10:30') })).json();
    expect((await call('DELETE', `/api/v1/appointments/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/appointments/${id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/appointments/${id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/appointments (calendar window)', () => {
  it('answers what overlaps the window, filtered by place, cancelled only on request, in start order', async () => {
    const { call, place, patient } = await practice();
    const north = (await call('POST', '/api/v1/locations', { name: 'Sede Norte' })).json();
    const early = (await call('POST', '/api/v1/appointments', { locationId: place.id, start: ba(9, '23:00'), end: ba(10, '01:00') })).json();
    const later = (await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start: ba(10, '11:00'), end: ba(10, '11:30') })).json();
    const atNorth = (await call('POST', '/api/v1/appointments', { locationId: north.id, start: ba(10, '09:00'), end: ba(10, '09:30') })).json();
    const cancelled = (await call('POST', '/api/v1/appointments', { locationId: north.id, start: ba(10, '12:00'), end: ba(10, '12:30'), status: 'cancelled' })).json();
    (await call('POST', '/api/v1/appointments', { locationId: place.id, start: ba(12, '09:00'), end: ba(12, '09:30') })).json();

    const day = `from=${encodeURIComponent('2026-03-10T00:00:00-03:00')}&to=${encodeURIComponent('2026-03-11T00:00:00-03:00')}`;
    expect((await call('GET', `/api/v1/appointments?${day}`)).json().map((a: { id: string }) => a.id)).toEqual([early.id, atNorth.id, later.id]);
    expect((await call('GET', `/api/v1/appointments?${day}&locationId=${north.id}`)).json().map((a: { id: string }) => a.id)).toEqual([atNorth.id]);
    expect((await call('GET', `/api/v1/appointments?${day}&includeCancelled=true`)).json().map((a: { id: string }) => a.id)).toContain(cancelled.id);
  });

  it('rejects a window over 62 days, a reversed one, missing bounds and a foreign place', async () => {
    const { call } = await practice();
    const tooLong = await call('GET', `/api/v1/appointments?from=2026-03-01T00:00:00Z&to=2026-05-02T00:00:01Z`);
    expect(tooLong.statusCode).toBe(400);
    expect(issuesOf(tooLong.json())).toEqual({ 'querystring.to': 'Pide como máximo 62 días por vez.' });
    expect((await call('GET', `/api/v1/appointments?from=2026-03-01T00:00:00Z&to=2026-05-02T00:00:00Z`)).statusCode).toBe(200);
    expect((await call('GET', `/api/v1/appointments?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z`)).statusCode).toBe(400);
    expect((await call('GET', `/api/v1/appointments?from=2026-03-02T00:00:00Z`)).statusCode).toBe(400);
    expect((await call('GET', `/api/v1/appointments?from=ayer&to=hoy`)).statusCode).toBe(400);
    const foreign = await practice();
    expect((await call('GET', `/api/v1/appointments?from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z&locationId=${foreign.place.id}`)).statusCode).toBe(404);
  });
});

describe('GET /api/v1/appointments/today', () => {
  it('lists today in the nutritionist’s zone with names, statuses and the next patient flagged', async () => {
    const { call, place, patient } = await practice();
    const other = (await call('POST', '/api/v1/patients', { firstName: 'Jorge', lastName: 'Paz' })).json();
    const base = { locationId: place.id };
    const past = (await call('POST', '/api/v1/appointments', { ...base, patientId: patient.id, start: ba(10, '09:00'), end: ba(10, '09:30') })).json();
    await call('PATCH', `/api/v1/appointments/${past.id}`, { status: 'completed' });
    const block = (await call('POST', '/api/v1/appointments', { ...base, start: ba(10, '10:00'), end: ba(10, '10:30') })).json();
    const next = (await call('POST', '/api/v1/appointments', { ...base, patientId: other.id, start: ba(10, '11:00'), end: ba(10, '11:30') })).json();
    const after = (await call('POST', '/api/v1/appointments', { ...base, patientId: patient.id, start: ba(10, '15:00'), end: ba(10, '15:30') })).json();
    // 22:30 local is still today in Buenos Aires although it is tomorrow in UTC.
    const lateNight = (await call('POST', '/api/v1/appointments', { ...base, start: ba(10, '22:30'), end: ba(10, '23:00') })).json();
    await call('POST', '/api/v1/appointments', { ...base, patientId: patient.id, start: ba(11, '09:00'), end: ba(11, '09:30') });

    const today = await call('GET', '/api/v1/appointments/today');
    expect(today.statusCode).toBe(200);
    const body = today.json();
    expect(body.date).toBe('2026-03-10');
    expect(body.timeZone).toBe('America/Argentina/Buenos_Aires');
    expect(body.appointments.map((a: { id: string; isNext: boolean; status: string; title: string }) => [a.id, a.title, a.status, a.isNext])).toEqual([
      [past.id, 'María José Núñez', 'completed', false],
      [block.id, 'Tiempo libre', 'scheduled', false],
      [next.id, 'Jorge Paz', 'scheduled', true],
      [after.id, 'María José Núñez', 'scheduled', false],
      [lateNight.id, 'Tiempo libre', 'scheduled', false],
    ]);
  });

  it('follows the nutritionist’s own time zone', async () => {
    const { call, place, session } = await practice();
    await t.database.db.updateTable('nutritionists').set({ time_zone: 'Asia/Tokyo' }).where('id', '=', session.nutritionist.id).execute();
    // 13:00 UTC is 22:00 in Tokyo; 15:30 UTC is already the 11th there.
    await call('POST', '/api/v1/appointments', { locationId: place.id, start: '2026-03-10T14:00:00Z', end: '2026-03-10T14:30:00Z' });
    await call('POST', '/api/v1/appointments', { locationId: place.id, start: '2026-03-10T15:30:00Z', end: '2026-03-10T16:00:00Z' });
    const body = (await call('GET', '/api/v1/appointments/today')).json();
    expect(body).toMatchObject({ date: '2026-03-10', timeZone: 'Asia/Tokyo' });
    expect(body.appointments.map((a: { start: string }) => a.start)).toEqual(['2026-03-10T14:00:00.000Z']);
  });
});

describe('GET /api/v1/locations/{id}/slots', () => {
  it('offers the day’s starts with past and busy ones unavailable, blocks at other places included', async () => {
    const { call, place, patient } = await practice();
    const north = (await call('POST', '/api/v1/locations', { name: 'Sede Norte' })).json();
    await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start: ba(10, '10:30'), end: ba(10, '11:00') });
    await call('POST', '/api/v1/appointments', { locationId: north.id, start: ba(10, '11:10'), end: ba(10, '11:20') });
    await call('POST', '/api/v1/appointments', { locationId: place.id, start: ba(10, '12:00'), end: ba(10, '12:30'), status: 'cancelled' });

    const slots = await call('GET', `/api/v1/locations/${place.id}/slots?date=2026-03-10`);
    expect(slots.statusCode).toBe(200);
    expect(slots.json().map((s: { time: string; available: boolean }) => `${s.time} ${s.available ? 'libre' : 'ocupado'}`)).toEqual([
      '09:00 ocupado', // past
      '09:30 ocupado', // past
      '10:00 libre', // now
      '10:30 ocupado',
      '11:00 ocupado', // free-time block at another place
      '11:30 libre',
      '12:00 libre', // the cancelled one does not count
      '12:30 libre',
      '15:00 libre',
      '15:30 libre',
      '16:00 libre',
      '16:30 libre',
      '17:00 libre',
      '17:30 libre',
    ]);
    expect(slots.json()[2]).toEqual({ time: '10:00', start: '2026-03-10T13:00:00.000Z', end: '2026-03-10T13:30:00.000Z', available: true });
  });

  it('uses the interval asked for, the place’s interval by default, and a service’s duration and own hours', async () => {
    const { call, place } = await practice({ slotIntervalMinutes: 20 });
    const byDefault = (await call('GET', `/api/v1/locations/${place.id}/slots?date=2026-03-11`)).json();
    expect(byDefault.map((s: { time: string }) => s.time).slice(0, 4)).toEqual(['09:00', '09:20', '09:40', '10:00']);
    expect(byDefault).toHaveLength(12);
    const hourly = (await call('GET', `/api/v1/locations/${place.id}/slots?date=2026-03-11&interval=60`)).json();
    expect(hourly.map((s: { time: string }) => s.time)).toEqual(['09:00', '10:00', '11:00', '12:00']);

    const service = (await call('POST', `/api/v1/locations/${place.id}/services`, { name: 'Primera consulta', durationMinutes: 90 })).json();
    const long = (await call('GET', `/api/v1/locations/${place.id}/slots?date=2026-03-11&interval=30&serviceId=${service.id}`)).json();
    expect(long.map((s: { time: string }) => s.time)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '11:30']);
    expect(long[0]).toMatchObject({ start: ba(11, '09:00'), end: ba(11, '10:30') });

    await call('PUT', `/api/v1/locations/${place.id}/services/${service.id}/schedule`, { days: [{ weekday: 6, ranges: [{ start: '10:00', end: '12:00' }] }] });
    expect((await call('GET', `/api/v1/locations/${place.id}/slots?date=2026-03-11&serviceId=${service.id}`)).json()).toEqual([]);
    expect((await call('GET', `/api/v1/locations/${place.id}/slots?date=2026-03-14&serviceId=${service.id}`)).json().map((s: { time: string }) => s.time)).toEqual([
      '10:00',
      '10:20',
    ]);
  });

  it('computes the day in the nutritionist’s zone across a DST change (America/Santiago)', async () => {
    const { call, place, session } = await practice();
    await t.database.db.updateTable('nutritionists').set({ time_zone: 'America/Santiago' }).where('id', '=', session.nutritionist.id).execute();
    t.clock.set('2025-09-01T12:00:00.000Z');
    try {
      // Friday 2025-09-05 is UTC−4; Monday 2025-09-08 is UTC−3 (clocks went forward on the 7th).
      const friday = (await call('GET', `/api/v1/locations/${place.id}/slots?date=2025-09-05&interval=60`)).json();
      const monday = (await call('GET', `/api/v1/locations/${place.id}/slots?date=2025-09-08&interval=60`)).json();
      expect(friday[0]).toMatchObject({ time: '09:00', start: '2025-09-05T13:00:00.000Z' });
      expect(monday[0]).toMatchObject({ time: '09:00', start: '2025-09-08T12:00:00.000Z' });
    } finally {
      t.clock.set('2026-03-10T13:00:00.000Z');
    }
  });

  it('answers 400 for a bad date or interval and 404 for a foreign or unknown service', async () => {
    const { call, place } = await practice();
    expect((await call('GET', `/api/v1/locations/${place.id}/slots?date=2026-02-30`)).statusCode).toBe(400);
    expect((await call('GET', `/api/v1/locations/${place.id}/slots?date=10-03-2026`)).statusCode).toBe(400);
    expect((await call('GET', `/api/v1/locations/${place.id}/slots`)).statusCode).toBe(400);
    const interval = await call('GET', `/api/v1/locations/${place.id}/slots?date=2026-03-11&interval=3`);
    expect(issuesOf(interval.json())).toEqual({ 'querystring.interval': 'El intervalo debe estar entre 5 y 240 minutos.' });
    expect((await call('GET', `/api/v1/locations/${place.id}/slots?date=2026-03-11&serviceId=nope`)).statusCode).toBe(404);
    const foreign = await practice();
    const foreignService = (await foreign.call('POST', `/api/v1/locations/${foreign.place.id}/services`, { name: 'X', durationMinutes: 30 })).json();
    expect((await call('GET', `/api/v1/locations/${place.id}/slots?date=2026-03-11&serviceId=${foreignService.id}`)).statusCode).toBe(404);
  });
});

describe('booking with a new patient', () => {
  it('creates the patient (not "new") and the appointment together', async () => {
    const { call, place } = await practice();
    const created = await call('POST', '/api/v1/appointments', {
      locationId: place.id,
      start: ba(11, '10:00'),
      end: ba(11, '10:30'),
      newPatient: { firstName: ' Ramón ', lastName: 'Ibáñez', sex: 'm', email: 'Ramon@Correo.Test', phone: '11 5555-0000' },
    });
    expect(created.statusCode).toBe(201);
    const appointment = created.json();
    expect(appointment.patientName).toBe('Ramón Ibáñez');
    const patient = await call('GET', `/api/v1/patients/${appointment.patientId}`);
    expect(patient.statusCode).toBe(200);
    expect(patient.json()).toMatchObject({ firstName: 'Ramón', lastName: 'Ibáñez', sex: 'm', email: 'ramon@correo.test', phone: '11 5555-0000', isNew: false });
    // It is found by the patient search like any other patient (accent-insensitive keys written alike).
    const found = await call('GET', '/api/v1/patients?q=ramon%20ibanez');
    expect(JSON.stringify(found.json())).toContain(appointment.patientId);
  });

  it('creates nothing when the booking fails (409, 422) or the new patient is invalid (400)', async () => {
    const { call, place, patient } = await practice();
    await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start: ba(11, '10:00'), end: ba(11, '10:30') });
    const count = async () => {
      const rows = await t.database.db.selectFrom('patients').select('id').where('first_name', '=', 'Nadia').execute();
      return rows.length;
    };
    const conflict = await call('POST', '/api/v1/appointments', { locationId: place.id, start: ba(11, '10:15'), end: ba(11, '10:45'), newPatient: { firstName: 'Nadia', lastName: 'Sosa' } });
    expect(conflict.statusCode).toBe(409);
    const outside = await call('POST', '/api/v1/appointments', { locationId: place.id, start: ba(14, '10:15'), end: ba(14, '10:45'), newPatient: { firstName: 'Nadia', lastName: 'Sosa' } });
    expect(outside.statusCode).toBe(422);
    const invalid = await call('POST', '/api/v1/appointments', { locationId: place.id, start: ba(11, '11:00'), end: ba(11, '11:30'), newPatient: { firstName: 'Nadia', lastName: '', email: 'nadia@' } });
    expect(invalid.statusCode).toBe(400);
    expect(issuesOf(invalid.json())).toMatchObject({ 'newPatient.lastName': 'Ingresa el apellido.', 'newPatient.email': 'Ingresa un correo electrónico válido.' });
    expect(await count()).toBe(0);
  });
});

describe('tenant isolation of appointments', () => {
  it('every appointment endpoint answers 404 for another nutritionist’s ids and changes nothing', async () => {
    const owner = await practice();
    const intruder = await practice();
    const { id } = (await owner.call('POST', '/api/v1/appointments', { patientId: owner.patient.id, locationId: owner.place.id, start: ba(11, '10:00'), end: ba(11, '10:30') })).json();
    const slot = { start: ba(12, '10:00'), end: ba(12, '10:30') };

    expect((await intruder.call('GET', `/api/v1/appointments/${id}`)).statusCode).toBe(404);
    expect((await intruder.call('PATCH', `/api/v1/appointments/${id}`, { notes: 'x' })).statusCode).toBe(404);
    expect((await intruder.call('DELETE', `/api/v1/appointments/${id}`)).statusCode).toBe(404);
    // Booking with the owner's place, or the owner's patient, at the intruder's own calendar.
    expect((await intruder.call('POST', '/api/v1/appointments', { ...slot, locationId: owner.place.id })).statusCode).toBe(404);
    expect((await intruder.call('POST', '/api/v1/appointments', { ...slot, locationId: intruder.place.id, patientId: owner.patient.id })).statusCode).toBe(404);
    const mine = (await intruder.call('POST', '/api/v1/appointments', { ...slot, locationId: intruder.place.id })).json();
    expect((await intruder.call('PATCH', `/api/v1/appointments/${mine.id}`, { patientId: owner.patient.id })).statusCode).toBe(404);
    expect((await intruder.call('PATCH', `/api/v1/appointments/${mine.id}`, { locationId: owner.place.id })).statusCode).toBe(404);
    expect((await intruder.call('GET', `/api/v1/locations/${owner.place.id}/slots?date=2026-03-11`)).statusCode).toBe(404);

    const window = `from=${ba(1, '00:00')}&to=${ba(31, '00:00')}`;
    expect((await intruder.call('GET', `/api/v1/appointments?${window}`)).json().map((a: { id: string }) => a.id)).toEqual([mine.id]);
    expect((await intruder.call('GET', '/api/v1/appointments/today')).json().appointments).toEqual([]);
    expect((await owner.call('GET', `/api/v1/appointments/${id}`)).json()).toMatchObject({ notes: null, status: 'scheduled' });
  });

  it('answers 401 without a session', async () => {
    for (const url of ['/api/v1/appointments/today', '/api/v1/appointments?from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('OpenAPI', () => {
  it('publishes the places, appointments, slots and calendar-feed endpoints', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/locations',
        '/api/v1/locations/hours',
        '/api/v1/locations/{id}',
        '/api/v1/locations/{id}/hide',
        '/api/v1/locations/{id}/unhide',
        '/api/v1/locations/{id}/schedule',
        '/api/v1/locations/{id}/services',
        '/api/v1/locations/{id}/services/{sid}',
        '/api/v1/locations/{id}/services/{sid}/schedule',
        '/api/v1/locations/{id}/slots',
        '/api/v1/appointments',
        '/api/v1/appointments/today',
        '/api/v1/appointments/{id}',
        '/api/v1/calendar-feed',
        '/api/v1/calendar-feed/{token}.ics',
      ]),
    );
  });
});

describe('POST /api/v1/appointments/:id/notify-change', () => {
  const outbox = (to: string) => t.database.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', to).execute();

  it('emails the patient the new date, time and place after a move; only to her, only on request', async () => {
    const { call, place, patient } = await practice();
    const booked = (await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start: ba(12, '09:00'), end: ba(12, '09:30') })).json();
    expect((await call('PATCH', `/api/v1/appointments/${booked.id}`, { start: ba(13, '11:30') })).statusCode).toBe(200);
    // Moving never writes to the patient by itself.
    expect(await outbox('mj.nunez@correo.test')).toHaveLength(0);

    const notice = await call('POST', `/api/v1/appointments/${booked.id}/notify-change`);
    expect(notice.statusCode).toBe(200);
    expect(notice.json()).toEqual({ sentTo: 'mj.nunez@correo.test' });
    const [email] = await outbox('mj.nunez@correo.test');
    expect(email?.subject).toBe('Tu turno cambió: viernes 13-03-2026 a las 11:30');
    expect(email?.text_body).toContain('La nueva fecha es el viernes 13-03-2026, a las 11:30.');
    expect(email?.text_body).toContain('Lugar: Consultorio Palermo (Av. Santa Fe 3456).');
    // Her personal link for the new time (a link sent before the move names the old time and no longer opens).
    expect(email?.text_body).toMatch(/Confirm(a|á) tu asistencia o avis(á|a)le a tu nutricionista si no (puedes|podés) ir/);
    const link = /https?:\/\/\S+\/turno\/(\S+)/.exec(email?.text_body ?? '');
    expect(link, email?.text_body).not.toBeNull();
    const page = await t.app.inject({ method: 'GET', url: `/turno/${link![1]}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('11:30');

    // Another nutritionist cannot use the appointment's id.
    const other = await practice();
    expect((await other.call('POST', `/api/v1/appointments/${booked.id}/notify-change`)).statusCode).toBe(404);
    expect(await outbox('mj.nunez@correo.test')).toHaveLength(1);
  });

  it('says why it cannot: free time, a patient without email, a cancelled appointment', async () => {
    const { call, place } = await practice();
    const free = (await call('POST', '/api/v1/appointments', { locationId: place.id, start: ba(12, '10:00'), end: ba(12, '10:30') })).json();
    const noPatient = await call('POST', `/api/v1/appointments/${free.id}/notify-change`);
    expect(noPatient.statusCode).toBe(409);
    expect(noPatient.json().error.message).toBe('Este turno no tiene paciente: no hay a quién avisarle.');

    const silent = (await call('POST', '/api/v1/patients', { firstName: 'Ana', lastName: 'Sin Correo', sex: 'f' })).json();
    const booked = (await call('POST', '/api/v1/appointments', { patientId: silent.id, locationId: place.id, start: ba(12, '11:00'), end: ba(12, '11:30') })).json();
    const noEmail = await call('POST', `/api/v1/appointments/${booked.id}/notify-change`);
    expect(noEmail.statusCode).toBe(409);
    expect(noEmail.json().error).toMatchObject({ code: 'CONFLICT', message: 'El paciente no tiene correo cargado. Agrégalo en su ficha para poder avisarle.' });

    await call('PATCH', `/api/v1/appointments/${booked.id}`, { status: 'cancelled' });
    expect((await call('POST', `/api/v1/appointments/${booked.id}/notify-change`)).statusCode).toBe(409);
  });
});
