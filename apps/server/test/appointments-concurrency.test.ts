// Double booking under concurrency: simultaneous requests for overlapping times of one nutritionist must
// end with exactly one booking. Runs on SQLite and, with TEST_DATABASE_URL, on PostgreSQL, where the
// requests really run in parallel on separate pooled connections.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH';

async function practice() {
  const session = await registerAndLogin(t);
  const call = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: session.auth, ...(payload === undefined ? {} : { payload: payload as never }) });
  const place = (await call('POST', '/api/v1/locations', { name: 'Consultorio' })).json();
  const second = (await call('POST', '/api/v1/locations', { name: 'Sede Norte' })).json();
  const patient = (await call('POST', '/api/v1/patients', { firstName: 'Ana', lastName: 'Gómez' })).json();
  return { call, place, second, patient };
}

const at = (hour: number, minute = 0) => new Date(Date.UTC(2026, 2, 20, hour, minute)).toISOString();
const statuses = (responses: Array<{ statusCode: number }>) => responses.map((r) => r.statusCode).sort();

describe('concurrent bookings of one nutritionist', () => {
  it('two simultaneous POSTs for overlapping times: exactly one 201 and one 409, every time', async () => {
    const { call, place, second, patient } = await practice();
    for (let round = 0; round < 8; round += 1) {
      const hour = 8 + round;
      const [a, b] = await Promise.all([
        call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start: at(hour, 0), end: at(hour, 40), allowOutsideSchedule: true }),
        // The same nutritionist at her other place, overlapping by 10 minutes.
        call('POST', '/api/v1/appointments', { locationId: second.id, start: at(hour, 30), end: at(hour, 50) }),
      ]);
      expect(statuses([a, b])).toEqual([201, 409]);
      const loser = a.statusCode === 409 ? a : b;
      expect(loser.json().error).toMatchObject({ code: 'CONFLICT', message: 'Ese horario ya está ocupado.' });
    }
    const stored = await call('GET', `/api/v1/appointments?from=${at(0)}&to=${at(23)}`);
    expect(stored.json()).toHaveLength(8);
  });

  it('a burst of eight simultaneous POSTs for the same time books exactly one', async () => {
    const { call, place, patient } = await practice();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', '/api/v1/appointments', {
          patientId: i % 2 === 0 ? patient.id : null,
          locationId: place.id,
          start: at(15, i),
          end: at(15, 30 + i),
          allowOutsideSchedule: true,
        }),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.statusCode === 409)).toHaveLength(7);
    expect((await call('GET', `/api/v1/appointments?from=${at(0)}&to=${at(23)}`)).json()).toHaveLength(1);
  });

  it('two simultaneous reschedules into the same time: one 200, one 409', async () => {
    const { call, place, patient } = await practice();
    const first = (await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start: at(9), end: at(9, 30), allowOutsideSchedule: true })).json();
    const second = (await call('POST', '/api/v1/appointments', { locationId: place.id, start: at(10), end: at(10, 30) })).json();
    const [a, b] = await Promise.all([
      call('PATCH', `/api/v1/appointments/${first.id}`, { start: at(12), allowOutsideSchedule: true }),
      call('PATCH', `/api/v1/appointments/${second.id}`, { start: at(12, 15) }),
    ]);
    expect(statuses([a, b])).toEqual([200, 409]);
    const day = (await call('GET', `/api/v1/appointments?from=${at(0)}&to=${at(23)}`)).json() as Array<{ start: string; end: string }>;
    for (let i = 1; i < day.length; i += 1) expect(day[i]!.start >= day[i - 1]!.end).toBe(true);
  });

  it('different nutritionists never block each other', async () => {
    const a = await practice();
    const b = await practice();
    const responses = await Promise.all([
      a.call('POST', '/api/v1/appointments', { locationId: a.place.id, start: at(11), end: at(12) }),
      b.call('POST', '/api/v1/appointments', { locationId: b.place.id, start: at(11), end: at(12) }),
    ]);
    expect(statuses(responses)).toEqual([201, 201]);
  });
});
