// Cobros over HTTP (issue 25, part 2): recording, listing with the balance, the practice's payments, voiding
// (the number stays, the receipt says ANULADO), the receipt PDF's text, bad amounts, cross-tenant 404s,
// gapless numbering under parallel requests (really parallel on PostgreSQL), the agenda's unpaid marks
// and the income series. Test clock: Tuesday 2026-03-10 13:00 UTC (10:00 in Buenos Aires).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from './helpers.js';
import { caller } from './patients-helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const ba = (day: number, time: string, month = 3) => {
  const [h, m] = time.split(':').map(Number);
  return new Date(Date.UTC(2026, month - 1, day, h! + 3, m!)).toISOString();
};

/** A practice with a place, a $15.000 service and one patient. */
async function practice() {
  const session = await registerAndLogin(t);
  const call = caller(t, session.auth);
  const place = (await call('POST', '/api/v1/locations', { name: 'Consultorio Palermo' })).json();
  const service = (await call('POST', `/api/v1/locations/${place.id}/services`, { name: 'Consulta', durationMinutes: 30, priceCents: 1_500_000 })).json();
  const patient = (await call('POST', '/api/v1/patients', { firstName: 'María José', lastName: 'Núñez', email: 'mj.cobros@correo.test' })).json();
  const appointment = async (day: number, time: string, extra: Record<string, unknown> = {}, month = 3) => {
    const [h, m] = time.split(':').map(Number);
    const end = `${String(h).padStart(2, '0')}:${String(m! + 30).padStart(2, '0')}`;
    const created = await call('POST', '/api/v1/appointments', {
      patientId: patient.id, locationId: place.id, serviceId: service.id, start: ba(day, time, month), end: ba(day, end, month), allowOutsideSchedule: true, ...extra,
    });
    if (created.statusCode !== 201) throw new Error(`appointment: ${created.body}`);
    return created.json() as { id: string };
  };
  return { ...session, call, place, service, patient: patient as { id: string }, appointment };
}

function pdfText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-receipt-'));
  const file = path.join(dir, 'receipt.pdf');
  fs.writeFileSync(file, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('patient payments', () => {
  it('records payments with receipt numbers 1, 2…, lists them with the balance and voids without deleting', async () => {
    const p = await practice();
    // Attended, past-and-not-cancelled, cancelled and future appointments: only the first two are billed.
    const attended = await p.appointment(2, '09:00', { status: 'completed' });
    await p.appointment(5, '09:00');
    await p.appointment(6, '09:00', { status: 'cancelled' });
    await p.appointment(20, '09:00');

    const empty = await p.call('GET', `/api/v1/patients/${p.patient.id}/payments`);
    expect(empty.json()).toEqual({ items: [], balanceCents: 3_000_000, billedCents: 3_000_000, paidCents: 0, currency: 'ARS' });

    const first = await p.call('POST', `/api/v1/patients/${p.patient.id}/payments`, { amountCents: 1_500_000, method: 'cash', date: '2026-03-02', appointmentId: attended.id, note: 'Consulta inicial' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ number: 1, amountCents: 1_500_000, currency: 'ARS', method: 'cash', date: '2026-03-02', appointmentId: attended.id, note: 'Consulta inicial', voided: false, patientName: 'María José Núñez' });
    // Without a date: today in the practice's time zone; currency the practice's.
    const second = await p.call('POST', `/api/v1/patients/${p.patient.id}/payments`, { amountCents: 500_050, method: 'transfer' });
    expect(second.json()).toMatchObject({ number: 2, date: '2026-03-10', currency: 'ARS', appointmentId: null, note: null });

    const list = (await p.call('GET', `/api/v1/patients/${p.patient.id}/payments`)).json();
    expect(list.items.map((i: { number: number }) => i.number)).toEqual([2, 1]);
    expect(list).toMatchObject({ billedCents: 3_000_000, paidCents: 2_000_050, balanceCents: 999_950 });

    const voided = await p.call('DELETE', `/api/v1/payments/${second.json().id}`);
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({ number: 2, voided: true });
    expect(voided.json().voidedAt).toBe('2026-03-10T13:00:00.000Z');
    // Voiding twice changes nothing; the payment is still listed, and no longer counts.
    expect((await p.call('DELETE', `/api/v1/payments/${second.json().id}`)).json().voidedAt).toBe('2026-03-10T13:00:00.000Z');
    const after = (await p.call('GET', `/api/v1/patients/${p.patient.id}/payments`)).json();
    expect(after.items).toHaveLength(2);
    expect(after.balanceCents).toBe(1_500_000);

    // The next number is 3: a voided number is never reused.
    expect((await p.call('POST', `/api/v1/patients/${p.patient.id}/payments`, { amountCents: 100, method: 'card', date: '2026-03-10' })).json().number).toBe(3);

    const audit = await t.database.db.selectFrom('audit_log').select(['action', 'entity']).where('entity', '=', 'payment').where('patient_id', '=', p.patient.id).orderBy('created_at').execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['create', 'create', 'create', 'void']);
  });

  it("keeps a trashed patient's payments readable but records or voids nothing until she is restored", async () => {
    const p = await practice();
    const paid = (await p.call('POST', `/api/v1/patients/${p.patient.id}/payments`, { amountCents: 1000, method: 'cash' })).json();
    expect((await p.call('DELETE', `/api/v1/patients/${p.patient.id}`)).statusCode).toBeLessThan(300);
    expect((await p.call('POST', `/api/v1/patients/${p.patient.id}/payments`, { amountCents: 1000, method: 'cash' })).statusCode).toBe(409);
    expect((await p.call('DELETE', `/api/v1/payments/${paid.id}`)).statusCode).toBe(409);
    const list = (await p.call('GET', `/api/v1/patients/${p.patient.id}/payments`)).json();
    expect(list.items).toHaveLength(1);
    expect(list.items[0].voided).toBe(false);
  });

  it('lists the practice payments of a date range with totals of what was not voided', async () => {
    const p = await practice();
    const post = (body: Record<string, unknown>) => p.call('POST', `/api/v1/patients/${p.patient.id}/payments`, body);
    await post({ amountCents: 1000, method: 'cash', date: '2026-02-27' });
    const march = (await post({ amountCents: 2000, method: 'mercadopago', date: '2026-03-01' })).json();
    await post({ amountCents: 3000, method: 'insurance', date: '2026-03-31' });
    await p.call('DELETE', `/api/v1/payments/${march.id}`);
    const range = (await p.call('GET', '/api/v1/payments?from=2026-03-01&to=2026-03-31')).json();
    expect(range.items.map((i: { amountCents: number }) => i.amountCents)).toEqual([3000, 2000]);
    expect(range.totals).toEqual([{ currency: 'ARS', amountCents: 3000 }]);
    expect((await p.call('GET', '/api/v1/payments')).json().items).toHaveLength(3);
    const reversed = await p.call('GET', '/api/v1/payments?from=2026-03-31&to=2026-03-01');
    expect(reversed.statusCode).toBe(400);
    expect((await p.call('GET', '/api/v1/payments?from=31-03-2026')).statusCode).toBe(400);
  });

  it('refuses negative, zero, absurd and non-integer amounts, unknown methods and bad dates with a Spanish 400, recording nothing', async () => {
    const p = await practice();
    const post = (body: Record<string, unknown>) => p.call('POST', `/api/v1/patients/${p.patient.id}/payments`, { method: 'cash', date: '2026-03-10', ...body });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amountCents: -100 }, 'El importe debe ser mayor que cero.'],
      [{ amountCents: 0 }, 'El importe debe ser mayor que cero.'],
      [{ amountCents: 100_000_001 }, 'El importe es demasiado alto (el máximo es 1.000.000,00).'],
      [{ amountCents: 10.5 }, 'El importe va en centavos: debe ser un número entero.'],
      [{ amountCents: '1000' }, 'El importe debe ser un número.'],
      [{ amountCents: 1000, method: 'bitcoin' }, 'Elige cómo pagó: efectivo, transferencia, Mercado Pago, tarjeta u obra social/prepaga.'],
      [{ amountCents: 1000, date: '2026-02-30' }, 'No es una fecha válida.'],
      [{ amountCents: 1000, currency: 'pesos' }, 'La moneda debe ser un código ISO de tres letras (ARS, USD…).'],
    ];
    for (const [body, message] of cases) {
      const response = await post(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(response.json().error), JSON.stringify(body)).toContain(message);
    }
    expect((await post({ amountCents: 100_000_000 })).statusCode).toBe(201);
    expect((await p.call('GET', `/api/v1/patients/${p.patient.id}/payments`)).json().items).toHaveLength(1);
    expect((await post({ amountCents: 100, currency: 'usd' })).json().currency).toBe('USD');
  });

  it("answers 404 for another practice's patient, payment and appointment", async () => {
    const mine = await practice();
    const other = await practice();
    const theirAppointment = await other.appointment(3, '10:00', { status: 'completed' });
    const theirPayment = (await other.call('POST', `/api/v1/patients/${other.patient.id}/payments`, { amountCents: 1000, method: 'cash' })).json();

    expect((await mine.call('POST', `/api/v1/patients/${other.patient.id}/payments`, { amountCents: 1000, method: 'cash' })).statusCode).toBe(404);
    expect((await mine.call('GET', `/api/v1/patients/${other.patient.id}/payments`)).statusCode).toBe(404);
    expect((await mine.call('GET', `/api/v1/payments/${theirPayment.id}`)).statusCode).toBe(404);
    expect((await mine.call('DELETE', `/api/v1/payments/${theirPayment.id}`)).statusCode).toBe(404);
    expect((await mine.call('GET', `/api/v1/payments/${theirPayment.id}/receipt.pdf`)).statusCode).toBe(404);
    expect((await mine.call('GET', `/api/v1/payments/${theirPayment.id}/share-link`)).statusCode).toBe(404);
    expect((await mine.call('POST', `/api/v1/payments/${theirPayment.id}/email`, {})).statusCode).toBe(404);
    const foreignAppointment = await mine.call('POST', `/api/v1/patients/${mine.patient.id}/payments`, { amountCents: 1000, method: 'cash', appointmentId: theirAppointment.id });
    expect(foreignAppointment.statusCode).toBe(404);
    // Another patient's appointment of the same practice is refused too.
    const sibling = (await mine.call('POST', '/api/v1/patients', { firstName: 'Otra', lastName: 'Paciente' })).json();
    const siblingAppointment = await mine.call('POST', '/api/v1/appointments', { patientId: sibling.id, locationId: mine.place.id, start: ba(4, '09:00'), end: ba(4, '09:30'), allowOutsideSchedule: true });
    expect((await mine.call('POST', `/api/v1/patients/${mine.patient.id}/payments`, { amountCents: 1000, method: 'cash', appointmentId: siblingAppointment.json().id })).statusCode).toBe(404);
    expect((await mine.call('GET', '/api/v1/payments')).json().items).toHaveLength(0);
    expect((await other.call('GET', `/api/v1/payments/${theirPayment.id}`)).json().voided).toBe(false);
  });

  it('prints a numbered receipt with the letterhead that says it is not an invoice, and ANULADO once voided', async () => {
    const p = await practice();
    const visit = await p.appointment(9, '16:30', { status: 'completed' });
    const paid = (await p.call('POST', `/api/v1/patients/${p.patient.id}/payments`, { amountCents: 1_500_050, method: 'transfer', date: '2026-03-09', note: 'Consulta de control', appointmentId: visit.id })).json();
    const receipt = await p.call('GET', `/api/v1/payments/${paid.id}/receipt.pdf`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['content-disposition']).toContain('recibo-0001-00000001.pdf');
    const text = pdfText(receipt.rawPayload);
    expect(text).toContain('RECIBO');
    expect(text).toContain('N.º 0001-00000001');
    expect(text).toContain('Fecha: 09-03-2026');
    expect(text).toContain('María José Núñez');
    expect(text).toContain('$ 15.000,50');
    expect(text).toContain('Transferencia');
    expect(text).toContain('Consulta de control');
    // The visit it pays, in the practice's time (Buenos Aires).
    expect(text).toContain('Turno: 09-03-2026 16:30 · Consulta');
    expect(text).toContain('Documento no válido como factura.');
    expect(text).toContain(p.body.email);
    expect(text).not.toContain('ANULADO');

    await p.call('DELETE', `/api/v1/payments/${paid.id}`);
    const voided = pdfText((await p.call('GET', `/api/v1/payments/${paid.id}/receipt.pdf`)).rawPayload);
    expect(voided).toContain('ANULADO');
    expect(voided).toContain('N.º 0001-00000001');
  });

  it('emails the receipt and shares it by an expiring link that opens without a session', async () => {
    const p = await practice();
    const paid = (await p.call('POST', `/api/v1/patients/${p.patient.id}/payments`, { amountCents: 800_000, method: 'cash' })).json();
    const sent = await p.call('POST', `/api/v1/payments/${paid.id}/email`, {});
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({ to: 'mj.cobros@correo.test' });
    const mail = await t.database.db.selectFrom('outbox_emails').selectAll().where('to_address', '=', 'mj.cobros@correo.test').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(mail.subject).toBe('Recibo 0001-00000001');
    expect(mail.text_body).toContain('$ 8.000,00');

    const link = (await p.call('GET', `/api/v1/payments/${paid.id}/share-link`)).json();
    const url = new URL(link.url);
    expect(url.origin).toBe('http://almendra.test');
    const opened = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(opened.statusCode).toBe(200);
    expect(pdfText(opened.rawPayload)).toContain('N.º 0001-00000001');
    // Another signature of the same length (its tenth character changed) opens nothing.
    const token = url.searchParams.get('t')!;
    const signatureStart = token.lastIndexOf('.') + 1;
    const swapped = token[signatureStart + 10] === 'A' ? 'B' : 'A';
    const forgedToken = `${token.slice(0, signatureStart + 10)}${swapped}${token.slice(signatureStart + 11)}`;
    const forged = await t.app.inject({ method: 'GET', url: `${url.pathname}?t=${encodeURIComponent(forgedToken)}` });
    expect(forged.statusCode).toBe(404);
    const now = t.clock.now();
    t.clock.advanceSeconds(31 * 86_400);
    try {
      expect((await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode).toBe(404);
    } finally {
      t.clock.set(now);
    }
  });

  it('marks completed appointments whose service is not covered by their payments, for the agenda', async () => {
    const p = await practice();
    const paid = await p.appointment(2, '09:00', { status: 'completed' });
    const partly = await p.appointment(3, '09:00');
    const unpaid = await p.appointment(4, '09:00', { status: 'completed' });
    await p.appointment(5, '09:00', { status: 'cancelled' });
    await p.appointment(12, '09:00');
    const pay = (appointmentId: string, amountCents: number) => p.call('POST', `/api/v1/patients/${p.patient.id}/payments`, { amountCents, method: 'cash', appointmentId });
    await pay(paid.id, 1_500_000);
    await pay(partly.id, 500_000);
    const voidedPayment = (await pay(unpaid.id, 1_500_000)).json();
    await p.call('DELETE', `/api/v1/payments/${voidedPayment.id}`);
    const marks = (await p.call('GET', `/api/v1/payments/unpaid-appointments?from=${ba(1, '00:00')}&to=${ba(31, '00:00')}`)).json();
    expect(marks.items.map((i: { appointmentId: string }) => i.appointmentId).sort()).toEqual([partly.id, unpaid.id].sort());
    expect(marks.items.find((i: { appointmentId: string }) => i.appointmentId === partly.id)).toMatchObject({ priceCents: 1_500_000, paidCents: 500_000, currency: 'ARS' });
    expect(marks.items.find((i: { appointmentId: string }) => i.appointmentId === unpaid.id)).toMatchObject({ serviceName: 'Consulta', start: ba(4, '09:00'), patientId: p.patient.id });
    const other = (await p.call('POST', '/api/v1/patients', { firstName: 'Sin', lastName: 'Turnos' })).json();
    expect((await p.call('GET', `/api/v1/payments/unpaid-appointments?from=${ba(1, '00:00')}&to=${ba(31, '00:00')}&patientId=${other.id}`)).json().items).toEqual([]);
    expect((await p.call('GET', `/api/v1/payments/unpaid-appointments?from=${ba(1, '00:00')}&to=${ba(31, '00:00')}&patientId=${p.patient.id}`)).json().items).toHaveLength(2);
    expect((await p.call('GET', `/api/v1/payments/unpaid-appointments?from=${ba(31, '00:00')}&to=${ba(1, '00:00')}`)).statusCode).toBe(400);
    expect((await p.call('GET', '/api/v1/payments/unpaid-appointments?from=ayer&to=hoy')).statusCode).toBe(400);
  });

  it('sums what was collected per month and method and what was billed, in the practice currency', async () => {
    const p = await practice();
    await p.appointment(16, '09:00', { status: 'completed' }, 2);
    await p.appointment(2, '09:00', { status: 'completed' });
    await p.appointment(3, '09:00');
    const post = (body: Record<string, unknown>) => p.call('POST', `/api/v1/patients/${p.patient.id}/payments`, body);
    await post({ amountCents: 1_500_000, method: 'cash', date: '2026-02-16' });
    await post({ amountCents: 1_000_000, method: 'transfer', date: '2026-03-02' });
    await post({ amountCents: 250_000, method: 'mercadopago', date: '2026-03-03' });
    await post({ amountCents: 99_900, method: 'cash', date: '2026-03-04', currency: 'USD' });
    const voided = (await post({ amountCents: 700_000, method: 'card', date: '2026-03-05' })).json();
    await p.call('DELETE', `/api/v1/payments/${voided.id}`);
    const income = (await p.call('GET', '/api/v1/payments/income?year=2026')).json();
    expect(income.currency).toBe('ARS');
    expect(income.byMonth).toHaveLength(12);
    expect(income.byMonth[1]).toMatchObject({ month: 2, collectedCents: 1_500_000, billedCents: 1_500_000 });
    expect(income.byMonth[2]).toMatchObject({ month: 3, collectedCents: 1_250_000, billedCents: 3_000_000 });
    expect(Object.fromEntries(income.byMonth[2].byMethod.map((m: { method: string; amountCents: number }) => [m.method, m.amountCents]))).toEqual({ cash: 0, transfer: 1_000_000, mercadopago: 250_000, card: 0, insurance: 0 });
    expect((await p.call('GET', '/api/v1/payments/income?year=1999')).statusCode).toBe(400);
  });
});

describe('receipt numbers under concurrency', () => {
  it('parallel "Registrar cobro" requests of one practice get distinct, gapless numbers', async () => {
    const p = await practice();
    const responses = await Promise.all(Array.from({ length: 12 }, (_, i) => p.call('POST', `/api/v1/patients/${p.patient.id}/payments`, { amountCents: 1000 + i, method: 'cash' })));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
    expect(responses.map((r) => r.json().number).sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    // Another practice counts from 1 on its own.
    const other = await practice();
    expect((await other.call('POST', `/api/v1/patients/${other.patient.id}/payments`, { amountCents: 1000, method: 'cash' })).json().number).toBe(1);
  });
});
