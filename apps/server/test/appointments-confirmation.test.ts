// Appointments that patients confirm (issue 27), through app.inject() on SQLite and, with TEST_DATABASE_URL,
// on PostgreSQL: the personal link (signed, bound to the appointment and its start, expiring at the start),
// the page /turno/{token} and its form, the JSON answer, the slot freed by a cancellation, the live event,
// the badge, "quiero otro horario" reaching the requests inbox, attendance and its proposal, and the
// reminder email carrying the link. The test clock starts on Tuesday 2026-03-10 13:00 UTC (10:00 in BA).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRMATION_LINK_GONE } from '../src/modules/appointments/appointment-confirmation.service.js';
import { createReminderJob } from '../src/modules/appointments/reminder-job.js';
import { ConfirmationTokens } from '../src/modules/appointments/confirmation-token.js';
import { channels } from '../src/lib/event-bus.js';
import { Mailer } from '../src/lib/mailer.js';
import { practice as consultationPractice } from './consultations-helpers.js';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const TOMORROW_10 = '2026-03-11T13:00:00.000Z'; // Wednesday 10:00 in Buenos Aires

async function practice() {
  const p = await consultationPractice(t);
  const location = (await p.call('POST', '/api/v1/locations', { name: 'Consultorio Palermo', street: 'Av. Santa Fe', streetNumber: '3456', latitude: -34.588, longitude: -58.41 })).json() as { id: string };
  const patient = await p.createPatient({ firstName: 'Lucía', lastName: 'Benítez', email: 'lucia@correo.test' });
  const book = async (start = TOMORROW_10, patientId: string | null = patient.id) => {
    const response = await p.call('POST', '/api/v1/appointments', {
      ...(patientId ? { patientId } : {}),
      locationId: location.id,
      start,
      end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
      allowOutsideSchedule: true,
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    return response.json() as { id: string; confirmation: string; attendance: string | null };
  };
  const link = async (id: string) => {
    const response = await p.call('GET', `/api/v1/appointments/${id}/confirmation-link`);
    if (response.statusCode !== 200) throw new Error(response.body);
    return response.json() as { url: string; expiresAt: string };
  };
  const tokenOf = (url: string) => url.slice(url.indexOf('/turno/') + '/turno/'.length);
  const answer = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/v1/public/appointment-confirmations/${encodeURIComponent(token)}`, payload });
  return { ...p, location, patient, book, link, tokenOf, answer };
}

describe('confirmation link', () => {
  it('is a /turno/ address that expires when the appointment starts; every appointment carries confirmation and attendance', async () => {
    const p = await practice();
    const appointment = await p.book();
    expect(appointment).toMatchObject({ confirmation: 'pending', attendance: null, confirmationAnsweredAt: null, patientCancelReason: null });
    const link = await p.link(appointment.id);
    expect(link.url).toMatch(/^http:\/\/almendra\.test\/turno\/[0-9A-Za-z-]+\.\d+\.[0-9A-Za-z-]+\.[A-Za-z0-9_-]{43}$/);
    expect(link.expiresAt).toBe(TOMORROW_10);
    const list = (await p.call('GET', `/api/v1/appointments?from=2026-03-09T00:00:00Z&to=2026-03-16T00:00:00Z`)).json() as Array<Record<string, unknown>>;
    expect(list[0]).toMatchObject({ confirmation: 'pending', attendance: null, suggestedAttendance: null });
  });

  it("answers 404 for another practice's appointment, and 409 for free time, a cancelled or a started one", async () => {
    const owner = await practice();
    const intruder = await practice();
    const appointment = await owner.book();
    const foreign = await intruder.call('GET', `/api/v1/appointments/${appointment.id}/confirmation-link`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toBe('No encontramos ese turno.');

    const free = await owner.book('2026-03-12T13:00:00.000Z', null);
    expect((await owner.call('GET', `/api/v1/appointments/${free.id}/confirmation-link`)).statusCode).toBe(409);
    const cancelled = await owner.book('2026-03-12T15:00:00.000Z');
    await owner.call('PATCH', `/api/v1/appointments/${cancelled.id}`, { status: 'cancelled' });
    expect((await owner.call('GET', `/api/v1/appointments/${cancelled.id}/confirmation-link`)).json().error.message).toBe('El turno está cancelado.');
    const past = await owner.book('2026-03-09T13:00:00.000Z');
    expect((await owner.call('GET', `/api/v1/appointments/${past.id}/confirmation-link`)).statusCode).toBe(409);
  });
});

describe('the patient answers', () => {
  it('confirms; answering twice keeps the last (a cancel frees the slot, a later confirm takes it back)', async () => {
    const p = await practice();
    const appointment = await p.book();
    const token = p.tokenOf((await p.link(appointment.id)).url);

    const confirmed = await p.answer(token, { answer: 'confirm' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ confirmation: 'confirmed' });
    expect((await p.call('GET', `/api/v1/appointments/${appointment.id}`)).json()).toMatchObject({ confirmation: 'confirmed', status: 'scheduled', confirmationAnsweredAt: '2026-03-10T13:00:00.000Z' });

    const cancelled = await p.answer(token, { answer: 'cancel', reason: 'Me surgió un viaje' });
    expect(cancelled.json()).toEqual({ confirmation: 'cancelled_by_patient' });
    expect((await p.call('GET', `/api/v1/appointments/${appointment.id}`)).json()).toMatchObject({
      confirmation: 'cancelled_by_patient',
      status: 'cancelled',
      patientCancelReason: 'Me surgió un viaje',
    });
    // The slot is free: the calendar's slots offer it and another patient can be booked there.
    const slots = (await p.call('GET', `/api/v1/locations/${p.location.id}/slots?date=2026-03-11&interval=30`)).json() as Array<{ time: string; available: boolean }>;
    expect(slots).toEqual([]); // no hours configured at this place: nothing to offer, but nothing blocks either
    const other = await p.createPatient({ firstName: 'Ana', lastName: 'Paz' });
    const taken = await p.call('POST', '/api/v1/appointments', { patientId: other.id, locationId: p.location.id, start: TOMORROW_10, end: '2026-03-11T13:30:00.000Z', allowOutsideSchedule: true });
    expect(taken.statusCode).toBe(201);

    // Changing her mind now: the slot went to someone else.
    const again = await p.answer(token, { answer: 'confirm' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toMatch(/^Ese horario ya lo tomó otra persona/);
    await p.call('DELETE', `/api/v1/appointments/${taken.json().id}`);
    const back = await p.answer(token, { answer: 'confirm' });
    expect(back.json()).toEqual({ confirmation: 'confirmed' });
    expect((await p.call('GET', `/api/v1/appointments/${appointment.id}`)).json()).toMatchObject({ status: 'scheduled', patientCancelReason: null });
  });

  it('a forged token, a token of another appointment and a truncated one answer 404 in Spanish', async () => {
    const p = await practice();
    const mine = await p.book();
    const other = await p.book('2026-03-12T13:00:00.000Z');
    const token = p.tokenOf((await p.link(mine.id)).url);
    const signature = token.slice(token.lastIndexOf('.') + 1);
    const flipped = `${token.slice(0, token.lastIndexOf('.') + 1)}${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const swapped = `${other.id}${token.slice(mine.id.length)}`;
    const later = token.replace(/\.(\d+)\./, (_m, exp: string) => `.${Number(exp) + 86_400}.`);
    for (const bad of [flipped, swapped, later, token.slice(0, -5), 'nada', `${mine.id}.`]) {
      const response = await p.answer(bad, { answer: 'cancel' });
      expect(response.statusCode, bad).toBe(404);
      expect(response.json().error.message).toBe(CONFIRMATION_LINK_GONE);
      const page = await t.app.inject({ method: 'GET', url: `/turno/${encodeURIComponent(bad)}` });
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('Este enlace ya no es válido');
    }
    // Nothing changed.
    expect((await p.call('GET', `/api/v1/appointments/${mine.id}`)).json().confirmation).toBe('pending');
    expect((await p.call('GET', `/api/v1/appointments/${other.id}`)).json().confirmation).toBe('pending');
  });

  it("a token signed with another server's secret opens nothing", async () => {
    const p = await practice();
    const appointment = await p.book();
    const row = await t.database.db.selectFrom('appointments').select(['id', 'nutritionist_id', 'start_at']).where('id', '=', appointment.id).executeTakeFirstOrThrow();
    const foreign = new ConfirmationTokens('another-server-secret-0123456789abcdef').issue(row).token;
    expect((await p.answer(foreign, { answer: 'confirm' })).statusCode).toBe(404);
    const genuine = new ConfirmationTokens('test-secret-that-is-long-enough-for-hs256-0123456789').issue(row).token;
    expect((await p.answer(genuine, { answer: 'confirm' })).statusCode).toBe(200);
  });

  it('stops working at the appointment time (injected clock) and when the appointment moves', async () => {
    const p = await practice();
    const appointment = await p.book('2026-03-10T15:00:00.000Z'); // today 12:00 BA, two hours ahead
    const token = p.tokenOf((await p.link(appointment.id)).url);
    t.clock.set('2026-03-10T14:59:59.000Z');
    try {
      expect((await t.app.inject({ method: 'GET', url: `/turno/${token}` })).statusCode).toBe(200);
      t.clock.set('2026-03-10T15:00:00.000Z');
      expect((await t.app.inject({ method: 'GET', url: `/turno/${token}` })).statusCode).toBe(404);
      expect((await p.answer(token, { answer: 'confirm' })).statusCode).toBe(404);
    } finally {
      t.clock.set('2026-03-10T13:00:00.000Z');
    }
    // Moved by the nutritionist: the old link stops working, the answer goes back to pending.
    const moving = await p.book('2026-03-13T13:00:00.000Z');
    const old = p.tokenOf((await p.link(moving.id)).url);
    await p.answer(old, { answer: 'confirm' });
    const moved = (await p.call('PATCH', `/api/v1/appointments/${moving.id}`, { start: '2026-03-13T14:00:00.000Z', allowOutsideSchedule: true })).json();
    expect(moved.confirmation).toBe('pending');
    expect((await p.answer(old, { answer: 'cancel' })).statusCode).toBe(404);
    expect((await p.answer(p.tokenOf((await p.link(moving.id)).url), { answer: 'confirm' })).statusCode).toBe(200);
  });

  it('validates the answer (400) and refuses an appointment the practice cancelled (409)', async () => {
    const p = await practice();
    const appointment = await p.book();
    const token = p.tokenOf((await p.link(appointment.id)).url);
    const bad = await p.answer(token, { answer: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain("La respuesta debe ser 'confirm' o 'cancel'.");
    await p.call('PATCH', `/api/v1/appointments/${appointment.id}`, { status: 'cancelled' });
    const refused = await p.answer(token, { answer: 'confirm' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/^Este turno fue cancelado por el consultorio/);
    const page = await t.app.inject({ method: 'GET', url: `/turno/${token}` });
    expect(page.body).toContain('Este turno fue cancelado por el consultorio.');
    expect(page.body).not.toContain('Confirmo</button>');
  });

  it('a cancellation reaches the practice live, counts on the badge until seen, and "quiero otro horario" reaches the inbox once', async () => {
    const p = await practice();
    const appointment = await p.book();
    const token = p.tokenOf((await p.link(appointment.id)).url);
    const events: Array<Record<string, unknown>> = [];
    const stop = await t.bus.subscribe(channels.nutritionist(p.nutritionistId), (event) => {
      events.push(event as Record<string, unknown>);
    });
    try {
      await p.answer(token, { answer: 'cancel', reason: 'Trabajo', wantsAnotherTime: true });
      await p.answer(token, { answer: 'cancel', reason: 'Trabajo', wantsAnotherTime: true });
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await stop();
    }
    expect(events).toContainEqual({ type: 'citas-actualizadas', appointmentId: appointment.id });
    expect(events).toContainEqual({
      type: 'appointments.patient-answer',
      appointmentId: appointment.id,
      confirmation: 'cancelled_by_patient',
      patientName: 'Lucía Benítez',
      start: TOMORROW_10,
    });
    expect(events.some((e) => e.type === 'marketing.requests-changed')).toBe(true);

    expect((await p.call('GET', '/api/v1/appointments/patient-answers/unseen-count')).json()).toEqual({ count: 1 });
    expect((await p.call('POST', '/api/v1/appointments/patient-answers/seen')).statusCode).toBe(204);
    expect((await p.call('GET', '/api/v1/appointments/patient-answers/unseen-count')).json()).toEqual({ count: 0 });

    const inbox = (await p.call('GET', '/api/v1/marketing/requests')).json() as { items: Array<{ name: string; message: string | null; status: string; kind: string; patientId: string | null }> };
    const asked = inbox.items.filter((r) => r.name === 'Lucía Benítez');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ status: 'pending', kind: 'callback', patientId: p.patient.id, message: 'Pide otro horario en lugar de su turno del miércoles 11-03-2026 a las 10:00. Motivo: Trabajo' });
  });
});

describe('GET and POST /turno/{token} (HTML, no script)', () => {
  it('shows day, time, place with address and map link, service and the two buttons, in the practice’s voseo', async () => {
    const p = await practice();
    const service = (await p.call('POST', `/api/v1/locations/${p.location.id}/services`, { name: 'Control mensual', durationMinutes: 30 })).json() as { id: string };
    const booked = await p.call('POST', '/api/v1/appointments', { patientId: p.patient.id, locationId: p.location.id, serviceId: service.id, start: TOMORROW_10, end: '2026-03-11T13:30:00.000Z', allowOutsideSchedule: true });
    const token = p.tokenOf((await p.link(booked.json().id)).url);
    const page = await t.app.inject({ method: 'GET', url: `/turno/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).not.toContain('<script');
    for (const text of ['miércoles 11-03-2026', '10:00 a 10:30', 'Consultorio Palermo', 'Av. Santa Fe 3456', 'Control mensual', 'Confirmo</button>', 'No puedo ir', 'Quiero otro horario', 'https://www.openstreetmap.org/?mlat=-34.588']) {
      expect(page.body).toContain(text);
    }
    // The account is Argentine (registration default): voseo.
    expect(page.body).toContain('Confirmá si vas a venir');
    expect(page.body).toContain('lang="es-AR"');

    const form = await t.app.inject({
      method: 'POST',
      url: `/turno/${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'respuesta=cancel&motivo=Estoy+enferma',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`/turno/${encodeURIComponent(token)}?respondido=1`);
    const after = await t.app.inject({ method: 'GET', url: form.headers.location as string });
    expect(after.body).toContain('Avisaste que no podés ir.');
    expect(after.body).toContain('Motivo: Estoy enferma');
    expect(after.body).toContain('¿Al final podés ir?');
  });

  it('speaks each practice’s Spanish from the shared voseo dictionary, the form’s error messages too', async () => {
    const p = await practice();
    const appointment = await p.book();
    const token = p.tokenOf((await p.link(appointment.id)).url);
    const argentine = await t.app.inject({ method: 'GET', url: `/turno/${token}` });
    expect(argentine.body).toContain('¿Venís?');
    expect(argentine.body).toContain('No necesitás cuenta ni contraseña.');
    // The practice cancels; the patient's answer comes back with the error in her practice's voice.
    await p.call('PATCH', `/api/v1/appointments/${appointment.id}`, { status: 'cancelled' });
    const refused = await t.app.inject({ method: 'POST', url: `/turno/${token}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'respuesta=confirm' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Comunicate con tu nutricionista para coordinar otro.');
    expect(refused.body).not.toContain('Comunícate');

    // A practice that speaks neutral Spanish: the same page in tú.
    const neutral = await practice();
    const owner = await t.database.db.selectFrom('nutritionists').select('user_id').where('id', '=', neutral.nutritionistId).executeTakeFirstOrThrow();
    await t.database.db.updateTable('users').set({ locale: 'es' }).where('id', '=', owner.user_id).execute();
    const booked = await neutral.book();
    const neutralPage = await t.app.inject({ method: 'GET', url: `/turno/${neutral.tokenOf((await neutral.link(booked.id)).url)}` });
    expect(neutralPage.body).toContain('lang="es"');
    expect(neutralPage.body).toContain('¿Vienes?');
    expect(neutralPage.body).toContain('Confirma si vas a venir. No necesitas cuenta ni contraseña.');
  });
});

describe('attendance', () => {
  it('is set only once the time has passed, proposes "attended" when the patient has a consultation that day, and a move clears it', async () => {
    const p = await practice();
    const future = await p.book();
    const early = await p.call('PATCH', `/api/v1/appointments/${future.id}`, { attendance: 'no_show' });
    expect(early.statusCode).toBe(422);
    expect(early.json().error.message).toBe('La asistencia se marca cuando llega la hora del turno.');

    const yesterday = await p.book('2026-03-09T13:00:00.000Z');
    expect((await p.call('GET', `/api/v1/appointments/${yesterday.id}`)).json().suggestedAttendance).toBeNull();
    await p.createConsultation(p.patient.id, { date: '2026-03-09', time: '10:00', measurements: { weightKg: 60 } });
    expect((await p.call('GET', `/api/v1/appointments/${yesterday.id}`)).json()).toMatchObject({ attendance: null, suggestedAttendance: 'attended' });

    const marked = await p.call('PATCH', `/api/v1/appointments/${yesterday.id}`, { attendance: 'no_show' });
    expect(marked.statusCode).toBe(200);
    expect(marked.json()).toMatchObject({ attendance: 'no_show', suggestedAttendance: null });
    const bad = await p.call('PATCH', `/api/v1/appointments/${yesterday.id}`, { attendance: 'quizás' });
    expect(bad.statusCode).toBe(400);
    const free = await p.book('2026-03-09T15:00:00.000Z', null);
    expect((await p.call('PATCH', `/api/v1/appointments/${free.id}`, { attendance: 'attended' })).statusCode).toBe(422);
    const intruder = await practice();
    expect((await intruder.call('PATCH', `/api/v1/appointments/${yesterday.id}`, { attendance: 'attended' })).statusCode).toBe(404);
  });
});

describe('reminder email', () => {
  it("carries the patient's personal link", async () => {
    const p = await practice();
    const appointment = await p.book();
    const tokens = new ConfirmationTokens('test-secret-that-is-long-enough-for-hs256-0123456789');
    const mailer = new Mailer(t.database.db, t.clock, t.app.log, undefined, 'Almendra <no-reply@almendra.test>');
    const job = createReminderJob({ db: t.database.db, mailer, confirmationUrl: (a) => `http://almendra.test/turno/${tokens.issue(a).token}` });
    await job.runReminderJob(new Date('2026-03-10T13:00:00.000Z'));
    const email = await t.database.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', 'lucia@correo.test').executeTakeFirstOrThrow();
    const url = /http:\/\/almendra\.test\/turno\/\S+/.exec(email.text_body)![0];
    expect(email.text_body).toMatch(/Confirm(a|á) tu asistencia o avisale a tu nutricionista si no (puedes|podés) ir/);
    const page = await t.app.inject({ method: 'GET', url: url.replace('http://almendra.test', '') });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Confirmo</button>');
    expect(appointment.id).toBeTruthy();
  });
});

describe('statistics: no-show rate and share confirmed', () => {
  it('counts the month by hand: requests and cancellations by the practice left out, a cancellation by the patient in', async () => {
    const p = await practice();
    const intruder = await practice();
    t.clock.set('2026-03-01T12:00:00.000Z');
    try {
      const confirm = async (id: string, answer: 'confirm' | 'cancel') => expect((await p.answer(p.tokenOf((await p.link(id)).url), { answer })).statusCode).toBe(200);
      const a1 = await p.book('2026-03-02T13:00:00.000Z');
      const a2 = await p.book('2026-03-03T13:00:00.000Z');
      const a3 = await p.book('2026-03-04T13:00:00.000Z');
      const a4 = await p.book('2026-03-12T13:00:00.000Z');
      const a5 = await p.book('2026-03-13T13:00:00.000Z');
      const feb = await p.book('2026-02-20T13:00:00.000Z');
      await p.call('POST', '/api/v1/appointments', { patientId: p.patient.id, locationId: p.location.id, start: '2026-03-16T13:00:00.000Z', end: '2026-03-16T13:30:00.000Z', status: 'pending', allowOutsideSchedule: true });
      await confirm(a1.id, 'confirm');
      await confirm(a2.id, 'confirm');
      await confirm(a4.id, 'cancel');
      await p.call('PATCH', `/api/v1/appointments/${a5.id}`, { status: 'cancelled' });
      t.clock.set('2026-03-10T13:00:00.000Z');
      for (const [id, attendance] of [[a1.id, 'attended'], [a2.id, 'no_show'], [a3.id, 'no_show'], [feb.id, 'attended']] as const) {
        expect((await p.call('PATCH', `/api/v1/appointments/${id}`, { attendance })).statusCode).toBe(200);
      }
      const foreign = await intruder.book('2026-03-05T13:00:00.000Z');
      await intruder.call('PATCH', `/api/v1/appointments/${foreign.id}`, { attendance: 'no_show' });
    } finally {
      t.clock.set('2026-03-10T13:00:00.000Z');
    }
    const stats = (await p.call('GET', '/api/v1/statistics?year=2026&month=3')).json() as { attendance: Record<string, unknown> & { byMonth: Array<Record<string, unknown>> } };
    expect(stats.attendance).toMatchObject({ month: 3, appointments: 4, confirmed: 2, attended: 1, noShows: 2, noShowRate: 0.6667, confirmedShare: 0.5 });
    expect(stats.attendance.byMonth[1]).toEqual({ month: 2, appointments: 1, confirmed: 0, attended: 1, noShows: 0, noShowRate: 0, confirmedShare: 0 });
    expect(stats.attendance.byMonth[3]).toEqual({ month: 4, appointments: 0, confirmed: 0, attended: 0, noShows: 0, noShowRate: null, confirmedShare: null });
  });
});
