// The reminder email job: due from 09:00 (nutritionist's zone) of the day before until the day begins,
// sent once per appointment date even across restarts and several instances, and only where the place
// has reminders on and the patient has an email and has not opted out.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Mailer } from '../src/lib/mailer.js';
import { randomUUID } from 'node:crypto';
import { createReminderJob, createReminderScheduler, REMINDER_BATCH_SIZE, reminderWindow } from '../src/modules/appointments/reminder-job.js';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  // The tests move the clock by days; sessions must outlive that.
  t = await createTestApp({ ACCESS_TOKEN_TTL_SECONDS: String(60 * 86_400) });
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
let emailCounter = 0;

/** A job instance as one server process would build it (each has its own Mailer). */
function newJob() {
  return createReminderJob({ db: t.database.db, mailer: new Mailer(t.database.db, t.clock, t.app.log, undefined, 'Almendra <no-reply@almendra.test>') });
}

async function practice(placeOverrides: Record<string, unknown> = {}) {
  const session = await registerAndLogin(t);
  const call = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: session.auth, ...(payload === undefined ? {} : { payload: payload as never }) });
  const place = (await call('POST', '/api/v1/locations', { name: 'Consultorio Palermo', street: 'Av. Santa Fe', streetNumber: '3456', ...placeOverrides })).json();
  emailCounter += 1;
  const email = `paciente.${emailCounter}.${Date.now().toString(36)}@correo.test`;
  const patient = (await call('POST', '/api/v1/patients', { firstName: 'Lucía', lastName: 'Pérez', email })).json();
  const book = async (start: string, end: string, extra: Record<string, unknown> = {}) => {
    const response = await call('POST', '/api/v1/appointments', { patientId: patient.id, locationId: place.id, start, end, allowOutsideSchedule: true, ...extra });
    if (response.statusCode !== 201) throw new Error(`book: ${response.body}`);
    return response.json() as { id: string };
  };
  const sentAt = async (id: string) =>
    (await t.database.db.selectFrom('appointments').select('reminder_sent_at').where('id', '=', id).executeTakeFirstOrThrow()).reminder_sent_at;
  const outbox = () => t.database.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', email).orderBy('created_at').execute();
  return { session, call, place, patient, email, book, outbox, sentAt };
}

describe('reminderWindow', () => {
  it('opens at 09:00 local the day before and closes when the appointment’s day begins', () => {
    // Thursday 2026-03-12 10:00 in Buenos Aires (13:00 UTC).
    expect(reminderWindow('2026-03-12T13:00:00.000Z', 'America/Argentina/Buenos_Aires')).toEqual({
      from: new Date('2026-03-11T12:00:00.000Z'),
      until: new Date('2026-03-12T03:00:00.000Z'),
    });
    // Madrid's day before the spring-forward Sunday is still on CET (UTC+1).
    expect(reminderWindow('2025-03-30T08:00:00.000Z', 'Europe/Madrid').from).toEqual(new Date('2025-03-29T08:00:00.000Z'));
  });
});

describe('runReminderJob', () => {
  it('sends nothing before 09:00 of the day before, then exactly one Spanish email, never twice', async () => {
    t.clock.set('2026-03-10T13:00:00.000Z');
    const p = await practice();
    const appointment = await p.book('2026-03-12T13:00:00.000Z', '2026-03-12T13:45:00.000Z'); // Thursday 10:00 local
    const job = newJob();

    t.clock.set('2026-03-11T11:59:00.000Z'); // Wednesday 08:59 local
    await job.runReminderJob(t.clock.now());
    expect(await p.outbox()).toHaveLength(0);

    t.clock.set('2026-03-11T12:00:00.000Z'); // 09:00 local
    await job.runReminderJob(t.clock.now());
    const sent = await p.outbox();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Recordatorio: tu turno de mañana a las 10:00');
    expect(sent[0]!.text_body).toContain('Hola, Lucía:');
    expect(sent[0]!.text_body).toContain('jueves 12-03-2026, a las 10:00, con Lucía Fernández');
    expect(sent[0]!.text_body).toContain('Lugar: Consultorio Palermo (Av. Santa Fe 3456).');
    expect(sent[0]!.status).toBe('logged');
    expect(await p.sentAt(appointment.id)).toBe('2026-03-11T12:00:00.000Z');

    t.clock.advanceSeconds(60);
    await job.runReminderJob(t.clock.now());
    // A restarted process (a new job, nothing in memory) does not send it again either.
    await newJob().runReminderJob(t.clock.now());
    expect(await p.outbox()).toHaveLength(1);
  });

  it('several instances running at once send one email per appointment', async () => {
    t.clock.set('2026-03-10T13:00:00.000Z');
    const p = await practice();
    for (const hour of [13, 14, 15]) await p.book(`2026-03-12T${hour}:00:00.000Z`, `2026-03-12T${hour}:30:00.000Z`);
    t.clock.set('2026-03-11T15:00:00.000Z');
    const results = await Promise.all([newJob(), newJob(), newJob(), newJob()].map((job) => job.runReminderJob(t.clock.now())));
    expect(await p.outbox()).toHaveLength(3);
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBeGreaterThanOrEqual(3);
  });

  it('catches up after downtime until the day begins, and gives up once it has begun', async () => {
    t.clock.set('2026-03-10T13:00:00.000Z');
    const p = await practice();
    await p.book('2026-03-12T11:00:00.000Z', '2026-03-12T11:30:00.000Z'); // Thursday 08:00 local
    const late = await p.book('2026-03-13T20:00:00.000Z', '2026-03-13T20:30:00.000Z'); // Friday 17:00 local
    t.clock.set('2026-03-12T02:59:00.000Z'); // Wednesday 23:59 local: still the day before Thursday
    await newJob().runReminderJob(t.clock.now());
    expect(await p.outbox()).toHaveLength(1);

    t.clock.set('2026-03-13T03:00:00.000Z'); // Friday 00:00 local: Friday's reminder window has closed
    await newJob().runReminderJob(t.clock.now());
    expect(await p.outbox()).toHaveLength(1);
    expect(await p.sentAt(late.id)).toBeNull();
  });

  it('skips places with reminders off, opted-out or deleted patients, patients without email, cancelled and free time', async () => {
    t.clock.set('2026-03-10T13:00:00.000Z');
    const off = await practice({ reminderEmailsEnabled: false });
    const optedOut = await practice();
    const deleted = await practice();
    const cancelled = await practice();
    const noEmail = await practice();
    t.clock.set('2026-03-10T13:00:00.000Z');
    const start = '2026-03-12T13:00:00.000Z';
    const end = '2026-03-12T13:30:00.000Z';
    await off.book(start, end);
    await optedOut.book(start, end);
    await t.database.db.updateTable('patients').set({ reminders_opt_out: 1 }).where('id', '=', optedOut.patient.id).execute();
    await deleted.book(start, end);
    expect((await deleted.call('DELETE', `/api/v1/patients/${deleted.patient.id}`)).statusCode).toBeLessThan(300);
    await cancelled.book(start, end, { status: 'cancelled' });
    await cancelled.call('POST', '/api/v1/appointments', { locationId: cancelled.place.id, start: '2026-03-12T15:00:00.000Z', end: '2026-03-12T15:30:00.000Z' });
    const silent = (await noEmail.call('POST', '/api/v1/patients', { firstName: 'Sin', lastName: 'Correo' })).json();
    await noEmail.call('POST', '/api/v1/appointments', { patientId: silent.id, locationId: noEmail.place.id, start, end, allowOutsideSchedule: true });

    t.clock.set('2026-03-11T14:00:00.000Z');
    await newJob().runReminderJob(t.clock.now());
    for (const p of [off, optedOut, deleted, cancelled, noEmail]) expect(await p.outbox()).toHaveLength(0);

    // Turning reminders back on at the place makes it due at the next run.
    expect((await off.call('PATCH', `/api/v1/locations/${off.place.id}`, { reminderEmailsEnabled: true })).statusCode).toBe(200);
    await newJob().runReminderJob(t.clock.now());
    expect(await off.outbox()).toHaveLength(1);
  });

  it('a rescheduled appointment gets a reminder for its new date', async () => {
    t.clock.set('2026-03-10T13:00:00.000Z');
    const p = await practice();
    const appointment = await p.book('2026-03-12T13:00:00.000Z', '2026-03-12T13:30:00.000Z');
    t.clock.set('2026-03-11T12:30:00.000Z');
    await newJob().runReminderJob(t.clock.now());
    expect(await p.outbox()).toHaveLength(1);
    const moved = await p.call('PATCH', `/api/v1/appointments/${appointment.id}`, { start: '2026-03-17T13:00:00.000Z', allowOutsideSchedule: true });
    expect(moved.statusCode).toBe(200);
    await newJob().runReminderJob(t.clock.now());
    expect(await p.outbox()).toHaveLength(1);
    t.clock.set('2026-03-16T12:00:00.000Z');
    await newJob().runReminderJob(t.clock.now());
    const sent = await p.outbox();
    expect(sent).toHaveLength(2);
    expect(sent[1]!.text_body).toContain('martes 17-03-2026, a las 10:00');
  });
});

describe('runReminderJob with many appointments', () => {
  /** Inserts appointments directly (the API would refuse overlapping ones); every one has a patient with email. */
  async function insertMany(p: Awaited<ReturnType<typeof practice>>, starts: string[]) {
    const now = t.clock.now().toISOString();
    const rows = starts.map((start) => ({
      id: randomUUID(),
      nutritionist_id: p.session.session.nutritionist.id as string,
      location_id: p.place.id as string,
      service_id: null,
      patient_id: p.patient.id as string,
      start_at: start,
      end_at: new Date(new Date(start).getTime() + 15 * 60_000).toISOString(),
      color: null,
      notes: null,
      status: 'scheduled' as const,
      consultation_id: null,
      reminder_claimed_at: null,
      reminder_sent_at: null,
      created_at: now,
      updated_at: now,
    }));
    for (let i = 0; i < rows.length; i += 100) await t.database.db.insertInto('appointments').values(rows.slice(i, i + 100)).execute();
    return rows.map((row) => row.id);
  }
  const minutesAfter = (iso: string, minutes: number) => new Date(new Date(iso).getTime() + minutes * 60_000).toISOString();

  it('more than a batch of not-yet-due appointments later today does not push out tomorrow’s reminder', async () => {
    t.clock.set('2026-04-06T13:00:00.000Z');
    const p = await practice();
    // Wednesday 2026-04-08 10:00 → 13:00 local (Buenos Aires): 250 short appointments, none due while it is Wednesday.
    await insertMany(p, Array.from({ length: REMINDER_BATCH_SIZE + 50 }, (_, i) => minutesAfter('2026-04-08T13:00:00.000Z', i)));
    // Thursday 10:00 local: due from Wednesday 09:00.
    const tomorrow = await p.book('2026-04-09T13:00:00.000Z', '2026-04-09T13:30:00.000Z');
    t.clock.set('2026-04-08T12:30:00.000Z'); // Wednesday 09:30 local
    const result = await newJob().runReminderJob(t.clock.now());
    expect(result.sent).toBe(1);
    expect(await p.sentAt(tomorrow.id)).toBe('2026-04-08T12:30:00.000Z');
    const sent = await p.outbox();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text_body).toContain('jueves 09-04-2026, a las 10:00');
  });

  it('pages through more due reminders than one batch holds, each sent once', async () => {
    t.clock.set('2026-04-13T13:00:00.000Z');
    const p = await practice();
    const ids = await insertMany(p, Array.from({ length: REMINDER_BATCH_SIZE + 30 }, (_, i) => minutesAfter('2026-04-15T12:00:00.000Z', i)));
    t.clock.set('2026-04-14T12:00:00.000Z'); // Tuesday 09:00 local; Wednesday's appointments are due
    const results = await Promise.all([newJob(), newJob()].map((job) => job.runReminderJob(t.clock.now())));
    expect(results[0]!.sent + results[1]!.sent).toBe(ids.length);
    expect(await p.outbox()).toHaveLength(ids.length);
    expect((await newJob().runReminderJob(t.clock.now())).sent).toBe(0);
  });

  it('follows each practice’s own time zone', async () => {
    t.clock.set('2026-04-20T10:00:00.000Z');
    const p = await practice();
    const zone = await p.call('PATCH', '/api/v1/me/preferences', { timeZone: 'Europe/Madrid' });
    expect(zone.statusCode).toBe(200);
    // Wednesday 2026-04-22 10:00 in Madrid (UTC+2): due from Tuesday 09:00 Madrid = 07:00 UTC.
    await p.book('2026-04-22T08:00:00.000Z', '2026-04-22T08:30:00.000Z');
    t.clock.set('2026-04-21T06:59:00.000Z');
    await newJob().runReminderJob(t.clock.now());
    expect(await p.outbox()).toHaveLength(0);
    t.clock.set('2026-04-21T07:00:00.000Z');
    await newJob().runReminderJob(t.clock.now());
    const sent = await p.outbox();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.subject).toBe('Recordatorio: tu turno de mañana a las 10:00');
  });
});

describe('createReminderScheduler', () => {
  it('runs the job at start and on every tick, and stop() waits for a run in progress', async () => {
    t.clock.set('2026-03-10T13:00:00.000Z');
    const p = await practice();
    await p.book('2026-03-12T13:00:00.000Z', '2026-03-12T13:30:00.000Z');
    t.clock.set('2026-03-11T13:00:00.000Z');
    const job = newJob();
    const spy = vi.spyOn(job, 'runReminderJob');
    const scheduler = createReminderScheduler({ job, clock: t.clock, intervalMs: 20 });
    scheduler.start();
    await vi.waitFor(async () => expect(await p.outbox()).toHaveLength(1));
    await vi.waitFor(() => expect(spy.mock.calls.length).toBeGreaterThanOrEqual(3));
    await scheduler.stop();
    const calls = spy.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(spy.mock.calls.length).toBe(calls);
    expect(await p.outbox()).toHaveLength(1);
  });
});
