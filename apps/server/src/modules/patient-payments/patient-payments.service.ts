// Cobros: record what a patient paid (numbered receipt, audited as part of the clinical record), list a
// patient's payments with her balance, the practice's payments of a period, void (never delete), the
// receipt PDF, the agenda's "not paid yet" marks and the income series of /estadisticas.
import type { Kysely } from 'kysely';
import { localDateOf, resolveTimeZone, wallClockOf } from '@almendra/domain';
import {
  createPatientPaymentRequestSchema,
  defaultCurrencyFor,
  PATIENT_PAYMENT_METHODS,
  type CreatePatientPaymentRequest,
  type Income,
  type PatientPayment,
  type PatientPaymentList,
  type PracticePaymentList,
  type UnpaidAppointments,
} from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { createBrandingService } from '../branding/branding.service.js';
import { requirePatient, type Actor } from '../patients/patient-access.js';
import { writeAudit } from '../patients/patient-audit.js';
import { toPatientPayment } from './patient-payments.mapper.js';
import { patientPaymentsRepository as repo, type PaymentRow } from './patient-payments.repository.js';
import { renderReceiptPdf } from './receipt-pdf.js';

type Scope = { nutritionistId: string };

export const paymentNotFound = () => new AppError('NOT_FOUND', 'No encontramos ese cobro.');
/** The agenda asks for one view at a time; a year is plenty and keeps the query bounded. */
const MAX_UNPAID_RANGE_MS = 400 * 86_400_000;

export interface PatientPaymentsServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  dataDir: string;
}

export function createPatientPaymentsService(deps: PatientPaymentsServiceDeps) {
  const { db, clock } = deps;
  const branding = createBrandingService({ db, clock, dataDir: deps.dataDir });

  async function practiceOf(scope: Scope) {
    const n = await repo.practice(db, scope);
    if (!n) throw new AppError('NOT_FOUND', 'No encontramos tu perfil profesional.');
    return { currency: n.currency ?? defaultCurrencyFor(n.country_code), timeZone: resolveTimeZone(n.time_zone) };
  }

  async function get(scope: Scope, id: string): Promise<PatientPayment> {
    const row = await repo.find(db, scope, id);
    if (!row) throw paymentNotFound();
    return toPatientPayment(row);
  }

  return {
    get,

    async create(actor: Actor, patientId: string, input: CreatePatientPaymentRequest, options: { externalRef?: string } = {}): Promise<PatientPayment> {
      const data = createPatientPaymentRequestSchema.parse(input);
      await requirePatient(db, actor, patientId, clock.now(), 'write');
      const practice = await practiceOf(actor);
      if (data.appointmentId) {
        const appointment = await repo.appointmentOf(db, actor, patientId, data.appointmentId);
        if (!appointment) throw new AppError('NOT_FOUND', 'No encontramos ese turno entre los de este paciente.');
      }
      const now = clock.now().toISOString();
      const id = newId();
      await db.transaction().execute(async (trx) => {
        const number = await repo.takeNumber(trx, actor);
        const row: PaymentRow = {
          id,
          nutritionist_id: actor.nutritionistId,
          patient_id: patientId,
          appointment_id: data.appointmentId ?? null,
          number,
          amount_cents: data.amountCents,
          currency: data.currency ?? practice.currency,
          method: data.method,
          payment_date: data.date ?? localDateOf(clock.now(), practice.timeZone),
          note: data.note ? data.note : null,
          external_ref: options.externalRef ?? null,
          created_by: actor.userId,
          voided_at: null,
          voided_by: null,
          created_at: now,
          updated_at: now,
        };
        await repo.insert(trx, row);
        await writeAudit(trx, actor, [{ patientId, entity: 'payment', entityId: id, action: 'create', changes: { number, amountCents: row.amount_cents, currency: row.currency, method: row.method, date: row.payment_date, appointmentId: row.appointment_id } }], now);
      });
      return get(actor, id);
    },

    async listForPatient(actor: Actor, patientId: string): Promise<PatientPaymentList> {
      await requirePatient(db, actor, patientId, clock.now(), 'read');
      const { currency } = await practiceOf(actor);
      const now = clock.now().toISOString();
      const [rows, billedCents, paidCents] = await Promise.all([
        repo.listForPatient(db, actor, patientId),
        repo.billedForPatient(db, actor, patientId, currency, now),
        repo.paidForPatient(db, actor, patientId, currency),
      ]);
      return { items: rows.map(toPatientPayment), billedCents, paidCents, balanceCents: billedCents - paidCents, currency };
    },

    async list(actor: Actor, range: { from?: string | undefined; to?: string | undefined }): Promise<PracticePaymentList> {
      if (range.from && range.to && range.from > range.to) throw new AppError('VALIDATION_ERROR', 'La fecha "desde" no puede ser posterior a la fecha "hasta".');
      const rows = (await repo.list(db, actor, { ...(range.from ? { from: range.from } : {}), ...(range.to ? { to: range.to } : {}) })).map(toPatientPayment);
      const totals = new Map<string, number>();
      for (const p of rows) if (!p.voided) totals.set(p.currency, (totals.get(p.currency) ?? 0) + p.amountCents);
      return { items: rows, totals: [...totals].map(([currency, amountCents]) => ({ currency, amountCents })) };
    },

    /** Voids once: the number stays, the receipt says ANULADO; voiding a void payment changes nothing. */
    async void(actor: Actor, id: string): Promise<PatientPayment> {
      const before = await repo.find(db, actor, id);
      if (!before) throw paymentNotFound();
      await requirePatient(db, actor, before.patient_id, clock.now(), 'write');
      const now = clock.now().toISOString();
      if (await repo.void(db, actor, id, actor.userId, now)) {
        await writeAudit(db, actor, [{ patientId: before.patient_id, entity: 'payment', entityId: id, action: 'void', changes: { number: Number(before.number), amountCents: Number(before.amount_cents) } }], now);
      }
      return get(actor, id);
    },

    async receipt(scope: Scope, id: string): Promise<{ payment: PatientPayment; pdf: Buffer; patientEmail: string | null; nutritionistName: string }> {
      const payment = await get(scope, id);
      const head = await branding.letterhead(scope);
      // The appointment it pays, as the patient knows it: '28-11-2026 09:00 · Consulta' in the practice's time.
      let appointment: string | null = null;
      if (payment.appointmentId) {
        const found = await repo.appointmentOf(db, scope, payment.patientId, payment.appointmentId);
        if (found) {
          const { timeZone } = await practiceOf(scope);
          const wall = wallClockOf(new Date(found.start_at), timeZone);
          const time = `${String(Math.floor(wall.minutes / 60)).padStart(2, '0')}:${String(wall.minutes % 60).padStart(2, '0')}`;
          appointment = `${wall.date.split('-').reverse().join('-')} ${time}${found.service_name ? ` · ${found.service_name}` : ''}`;
        }
      }
      const pdf = await renderReceiptPdf(payment, { name: head.nutritionistName, licenceNumber: head.licenceNumber, contact: head.contact, logo: head.logo }, appointment);
      const patient = await db.selectFrom('patients').select('email').where('id', '=', payment.patientId).where('nutritionist_id', '=', scope.nutritionistId).executeTakeFirst();
      return { payment, pdf, patientEmail: patient?.email ?? null, nutritionistName: head.nutritionistName };
    },

    async unpaidAppointments(scope: Scope, range: { from: string; to: string; patientId?: string | undefined }): Promise<UnpaidAppointments> {
      const from = new Date(range.from);
      const to = new Date(range.to);
      if (!(from < to)) throw new AppError('VALIDATION_ERROR', 'El fin del rango debe ser posterior a su comienzo.');
      if (to.getTime() - from.getTime() > MAX_UNPAID_RANGE_MS) throw new AppError('VALIDATION_ERROR', 'El rango no puede superar los 400 días.');
      const rows = await repo.completedWithPayments(db, scope, from.toISOString(), to.toISOString(), clock.now().toISOString(), range.patientId);
      return {
        items: rows.filter((r) => r.paidCents < r.priceCents).map(({ appointmentId, patientId, startAt, serviceName, priceCents, paidCents, currency }) => ({ appointmentId, patientId, start: startAt, serviceName, priceCents, paidCents, currency })),
      };
    },

    /** Collected (payments by date and method) and billed (completed appointments by local start month) in the practice's currency. */
    async income(scope: Scope, year: number): Promise<Income> {
      const { currency, timeZone } = await practiceOf(scope);
      const payments = await repo.paymentsInRange(db, scope, `${year}-01-01`, `${year}-12-31`, currency);
      // A day either side of the year in UTC covers every time zone; each appointment is then placed by its local date.
      const appointments = await repo.completedWithPayments(db, scope, new Date(Date.UTC(year - 1, 11, 31)).toISOString(), new Date(Date.UTC(year + 1, 0, 2)).toISOString(), clock.now().toISOString());
      const byMonth = Array.from({ length: 12 }, (_, i) => ({
        month: i + 1,
        collectedCents: 0,
        byMethod: PATIENT_PAYMENT_METHODS.map((method) => ({ method, amountCents: 0 })),
        billedCents: 0,
      }));
      for (const p of payments) {
        const month = byMonth[Number(p.date.slice(5, 7)) - 1]!;
        month.collectedCents += p.amountCents;
        month.byMethod.find((m) => m.method === p.method)!.amountCents += p.amountCents;
      }
      for (const a of appointments) {
        if (a.currency !== currency) continue;
        const local = localDateOf(new Date(a.startAt), timeZone);
        if (Number(local.slice(0, 4)) !== year) continue;
        byMonth[Number(local.slice(5, 7)) - 1]!.billedCents += a.priceCents;
      }
      return { year, currency, byMonth };
    },
  };
}

export type PatientPaymentsService = ReturnType<typeof createPatientPaymentsService>;
