// SQL for Cobros. Every query is scoped by the nutritionist; a patient's, appointment's or payment's id
// from another practice matches nothing. Receipt numbers come from one counter row per practice that the
// insert's own transaction increments: concurrent inserts queue on that row (PostgreSQL row lock; SQLite
// serialises writers), and a rolled-back insert rolls its number back, so numbers have no gaps.
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { PatientPaymentsTable } from '../../db/schema-patient-payments.js';

type Executor = Kysely<DB> | Transaction<DB>;
type Scope = { nutritionistId: string };

export type PaymentRow = Selectable<PatientPaymentsTable>;
export type PaymentView = PaymentRow & { patient_first_name: string; patient_last_name: string };

/** An appointment counts as done: attended, or scheduled and already over (never cancelled or a pending request). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const completed = (eb: any, now: string) =>
  eb.and([eb('appointments.patient_id', 'is not', null), eb.or([eb('appointments.status', '=', 'completed'), eb.and([eb('appointments.status', '=', 'scheduled'), eb('appointments.end_at', '<=', now)])])]);

function selectView(db: Executor, scope: Scope) {
  return db
    .selectFrom('patient_payments')
    .innerJoin('patients', 'patients.id', 'patient_payments.patient_id')
    .selectAll('patient_payments')
    .select(['patients.first_name as patient_first_name', 'patients.last_name as patient_last_name'])
    .where('patient_payments.nutritionist_id', '=', scope.nutritionistId);
}

export const patientPaymentsRepository = {
  /** The next receipt number of the practice, taken inside the caller's transaction. */
  async takeNumber(trx: Transaction<DB>, scope: Scope): Promise<number> {
    const row = await trx
      .insertInto('patient_payment_counters')
      .values({ nutritionist_id: scope.nutritionistId, last_number: 1 })
      .onConflict((oc) => oc.column('nutritionist_id').doUpdateSet({ last_number: sql<number>`patient_payment_counters.last_number + 1` }))
      .returning('last_number')
      .executeTakeFirstOrThrow();
    return Number(row.last_number);
  },

  async insert(db: Executor, row: PaymentRow): Promise<void> {
    await db.insertInto('patient_payments').values(row).execute();
  },

  find(db: Executor, scope: Scope, id: string): Promise<PaymentView | undefined> {
    return selectView(db, scope).where('patient_payments.id', '=', id).executeTakeFirst();
  },

  findByExternalRef(db: Executor, scope: Scope, ref: string): Promise<PaymentView | undefined> {
    return selectView(db, scope).where('patient_payments.external_ref', '=', ref).executeTakeFirst();
  },

  listForPatient(db: Executor, scope: Scope, patientId: string): Promise<PaymentView[]> {
    return selectView(db, scope)
      .where('patient_payments.patient_id', '=', patientId)
      .orderBy('patient_payments.payment_date', 'desc')
      .orderBy('patient_payments.number', 'desc')
      .limit(1000)
      .execute();
  },

  list(db: Executor, scope: Scope, range: { from?: string; to?: string }): Promise<PaymentView[]> {
    let query = selectView(db, scope);
    if (range.from) query = query.where('patient_payments.payment_date', '>=', range.from);
    if (range.to) query = query.where('patient_payments.payment_date', '<=', range.to);
    return query.orderBy('patient_payments.payment_date', 'desc').orderBy('patient_payments.number', 'desc').limit(5000).execute();
  },

  /** Stamps the void once; false when it was already void (or is not this practice's). */
  async void(db: Executor, scope: Scope, id: string, by: string | null, now: string): Promise<boolean> {
    const result = await db
      .updateTable('patient_payments')
      .set({ voided_at: now, voided_by: by, updated_at: now })
      .where('id', '=', id)
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('voided_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** One of this patient's appointments in this practice, with its service's price. */
  appointmentOf(db: Executor, scope: Scope, patientId: string, appointmentId: string) {
    return db
      .selectFrom('appointments')
      .leftJoin('services', 'services.id', 'appointments.service_id')
      .select(['appointments.id', 'appointments.status', 'appointments.start_at', 'services.name as service_name', 'services.price_cents', 'services.currency'])
      .where('appointments.id', '=', appointmentId)
      .where('appointments.nutritionist_id', '=', scope.nutritionistId)
      .where('appointments.patient_id', '=', patientId)
      .executeTakeFirst();
  },

  /** Prices of the services of a patient's completed appointments, in one currency. */
  async billedForPatient(db: Executor, scope: Scope, patientId: string, currency: string, now: string): Promise<number> {
    const row = await db
      .selectFrom('appointments')
      .innerJoin('services', 'services.id', 'appointments.service_id')
      .select((eb) => eb.fn.sum<string | number | null>('services.price_cents').as('total'))
      .where('appointments.nutritionist_id', '=', scope.nutritionistId)
      .where('appointments.patient_id', '=', patientId)
      .where('services.currency', '=', currency)
      .where((eb) => completed(eb, now))
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  },

  async paidForPatient(db: Executor, scope: Scope, patientId: string, currency: string): Promise<number> {
    const row = await db
      .selectFrom('patient_payments')
      .select((eb) => eb.fn.sum<string | number | null>('amount_cents').as('total'))
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('patient_id', '=', patientId)
      .where('currency', '=', currency)
      .where('voided_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.total ?? 0);
  },

  /** Completed appointments starting in [from, to) with a priced service, and what their linked payments add up to. */
  async completedWithPayments(db: Executor, scope: Scope, from: string, to: string, now: string, patientId?: string) {
    let query = db
      .selectFrom('appointments')
      .innerJoin('services', 'services.id', 'appointments.service_id')
      .leftJoin('patient_payments', (join) =>
        join.onRef('patient_payments.appointment_id', '=', 'appointments.id').on('patient_payments.voided_at', 'is', null).onRef('patient_payments.currency', '=', 'services.currency'),
      )
      .select((eb) => [
        'appointments.id',
        'appointments.patient_id',
        'appointments.start_at',
        'services.name as service_name',
        'services.price_cents',
        'services.currency',
        eb.fn.sum<string | number | null>('patient_payments.amount_cents').as('paid'),
      ])
      .where('appointments.nutritionist_id', '=', scope.nutritionistId)
      .where('appointments.start_at', '>=', from)
      .where('appointments.start_at', '<', to)
      .where('services.price_cents', '>', 0)
      .where((eb) => completed(eb, now))
      .groupBy(['appointments.id', 'appointments.patient_id', 'appointments.start_at', 'services.name', 'services.price_cents', 'services.currency']);
    if (patientId) query = query.where('appointments.patient_id', '=', patientId);
    const rows = await query.orderBy('appointments.start_at', 'desc').execute();
    return rows.map((r) => ({
      appointmentId: r.id,
      patientId: r.patient_id as string,
      startAt: r.start_at,
      serviceName: r.service_name,
      priceCents: Number(r.price_cents),
      currency: r.currency,
      paidCents: Number(r.paid ?? 0),
    }));
  },

  /** Non-voided payments dated in [from, to], in one currency: date, method and amount. */
  async paymentsInRange(db: Executor, scope: Scope, from: string, to: string, currency: string) {
    const rows = await db
      .selectFrom('patient_payments')
      .select(['payment_date', 'method', 'amount_cents'])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('currency', '=', currency)
      .where('voided_at', 'is', null)
      .where('payment_date', '>=', from)
      .where('payment_date', '<=', to)
      .execute();
    return rows.map((r) => ({ date: r.payment_date, method: r.method, amountCents: Number(r.amount_cents) }));
  },

  async practice(db: Executor, scope: Scope) {
    return db
      .selectFrom('nutritionists')
      .select(['country_code', 'currency', 'time_zone', 'first_name', 'last_name', 'email'])
      .where('id', '=', scope.nutritionistId)
      .executeTakeFirst();
  },
};
