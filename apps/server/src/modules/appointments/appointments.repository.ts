// SQL for appointments and what booking one needs to read: the place, the service, the schedule, the
// patient and the nutritionist's time zone. Every function takes the tenant scope first and filters by it.
import { type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import { MAX_APPOINTMENT_HOURS } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { AppointmentAttendance, AppointmentConfirmation, AppointmentsTable } from '../../db/schema-appointments.js';

type Executor = Kysely<DB> | Transaction<DB>;
type Scope = { nutritionistId: string };

/**
 * Earliest start an appointment overlapping an instant can have. No appointment lasts longer than
 * MAX_APPOINTMENT_HOURS, so this lower bound keeps overlap queries a short range scan of the
 * (nutritionist_id, start_at) index instead of every past appointment.
 */
const earliestOverlappingStart = (instant: string) => new Date(Date.parse(instant) - MAX_APPOINTMENT_HOURS * 3600_000).toISOString();

/** An appointment with the names and colours it is shown with. */
export interface AppointmentView {
  id: string;
  patient_id: string | null;
  location_id: string;
  service_id: string | null;
  start_at: string;
  end_at: string;
  color: string | null;
  notes: string | null;
  status: 'scheduled' | 'completed' | 'cancelled' | 'pending';
  consultation_id: string | null;
  reminder_sent_at: string | null;
  confirmation: AppointmentConfirmation;
  confirmation_answered_at: string | null;
  patient_cancel_reason: string | null;
  attendance: AppointmentAttendance | null;
  created_at: string;
  updated_at: string;
  location_name: string;
  location_color: string;
  service_name: string | null;
  patient_first_name: string | null;
  patient_last_name: string | null;
}

function viewQuery(db: Executor, scope: Scope) {
  return db
    .selectFrom('appointments as a')
    .innerJoin('locations as l', 'l.id', 'a.location_id')
    .leftJoin('services as sv', 'sv.id', 'a.service_id')
    .leftJoin('patients as p', 'p.id', 'a.patient_id')
    .select([
      'a.id',
      'a.patient_id',
      'a.location_id',
      'a.service_id',
      'a.start_at',
      'a.end_at',
      'a.color',
      'a.notes',
      'a.status',
      'a.consultation_id',
      'a.reminder_sent_at',
      'a.confirmation',
      'a.confirmation_answered_at',
      'a.patient_cancel_reason',
      'a.attendance',
      'a.created_at',
      'a.updated_at',
      'l.name as location_name',
      'l.color as location_color',
      'sv.name as service_name',
      'p.first_name as patient_first_name',
      'p.last_name as patient_last_name',
    ])
    .where('a.nutritionist_id', '=', scope.nutritionistId);
}

/**
 * What an e-mail to a patient about an appointment needs (the reminder job and the change notice): the
 * query must join appointments as a, patients as p, nutritionists as n and locations as l.
 */
export const APPOINTMENT_MAIL_COLUMNS = [
  'a.start_at',
  'p.first_name as patient_first_name',
  'p.email as patient_email',
  'n.first_name as nutritionist_first_name',
  'n.last_name as nutritionist_last_name',
  'n.time_zone',
  // The practice's voice (practiceVoice): her interface's Spanish, or her country's.
  'n.country_code',
  'u.locale',
  'l.name as location_name',
  'l.street',
  'l.street_number',
] as const;

/** 'Av. Santa Fe 3456', or null when the place has no street. */
export const placeAddress = (row: { street: string | null; street_number: string | null }): string | null =>
  [row.street, row.street_number].filter(Boolean).join(' ') || null;

export const appointmentsRepository = {
  /** One appointment of the tenant with what the change notice says; the patient is null when deleted or absent. */
  findMailDetails(db: Executor, scope: Scope, id: string) {
    return db
      .selectFrom('appointments as a')
      .innerJoin('locations as l', 'l.id', 'a.location_id')
      .innerJoin('nutritionists as n', 'n.id', 'a.nutritionist_id')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .leftJoin('patients as p', (join) => join.onRef('p.id', '=', 'a.patient_id').on('p.deleted_at', 'is', null))
      .select([...APPOINTMENT_MAIL_COLUMNS, 'a.status', 'a.patient_id'])
      .where('a.nutritionist_id', '=', scope.nutritionistId)
      .where('a.id', '=', id)
      .executeTakeFirst();
  },

  async timeZoneOf(db: Executor, scope: Scope): Promise<string | undefined> {
    const row = await db.selectFrom('nutritionists').select('time_zone').where('id', '=', scope.nutritionistId).executeTakeFirst();
    return row?.time_zone;
  },

  /**
   * Serialises bookings of one nutritionist: a write on her own row takes a row lock in PostgreSQL
   * (held until commit) and the database write lock in SQLite, before the overlap check reads anything.
   */
  async lockTenant(trx: Transaction<DB>, scope: Scope): Promise<void> {
    await trx
      .updateTable('nutritionists')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('id', '=', scope.nutritionistId)
      .execute();
  },

  findLocation(db: Executor, scope: Scope, id: string) {
    return db
      .selectFrom('locations')
      .select(['id', 'name', 'color', 'disabled', 'slot_interval_minutes'])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  findService(db: Executor, scope: Scope, locationId: string, id: string) {
    return db
      .selectFrom('services')
      .select(['id', 'name', 'duration_minutes', 'own_schedule'])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('location_id', '=', locationId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  /** Ranges of the place (serviceId null) or of a service with its own hours. */
  listScheduleRanges(db: Executor, scope: Scope, locationId: string, serviceId: string | null) {
    let query = db
      .selectFrom('location_schedules')
      .select(['weekday', 'start_time', 'end_time'])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('location_id', '=', locationId);
    query = serviceId === null ? query.where('service_id', 'is', null) : query.where('service_id', '=', serviceId);
    return query.execute();
  },

  findPatient(db: Executor, scope: Scope, id: string) {
    return db
      .selectFrom('patients')
      .select(['id', 'first_name', 'last_name'])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  async insertPatient(db: Executor, row: Insertable<DB['patients']>): Promise<void> {
    await db.insertInto('patients').values(row).execute();
  },

  async insertAudit(db: Executor, row: Insertable<DB['audit_log']>): Promise<void> {
    await db.insertInto('audit_log').values(row).execute();
  },

  /** The first live appointment or free-time block of the nutritionist, at any place, sharing time with [start, end). */
  async findOverlap(db: Executor, scope: Scope, start: string, end: string, excludeId?: string) {
    let query = db
      .selectFrom('appointments')
      .select(['id', 'start_at', 'end_at'])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('status', '!=', 'cancelled')
      .where('start_at', '>', earliestOverlappingStart(start))
      .where('start_at', '<', end)
      .where('end_at', '>', start);
    if (excludeId) query = query.where('id', '!=', excludeId);
    return query.orderBy('start_at').limit(1).executeTakeFirst();
  },

  /** Live appointments and blocks of the nutritionist at any place sharing time with [from, to). */
  listBusy(db: Executor, scope: Scope, from: string, to: string) {
    return db
      .selectFrom('appointments')
      .select(['start_at', 'end_at'])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('status', '!=', 'cancelled')
      .where('start_at', '>', earliestOverlappingStart(from))
      .where('start_at', '<', to)
      .where('end_at', '>', from)
      .execute();
  },

  findRow(db: Executor, scope: Scope, id: string) {
    return db
      .selectFrom('appointments')
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  findView(db: Executor, scope: Scope, id: string): Promise<AppointmentView | undefined> {
    return viewQuery(db, scope).where('a.id', '=', id).executeTakeFirst();
  },

  /** Appointments sharing time with [from, to), in start order. */
  listViews(
    db: Executor,
    scope: Scope,
    filter: { from: string; to: string; locationId?: string | undefined; includeCancelled: boolean },
  ): Promise<AppointmentView[]> {
    let query = viewQuery(db, scope)
      .where('a.start_at', '>', earliestOverlappingStart(filter.from))
      .where('a.start_at', '<', filter.to)
      .where('a.end_at', '>', filter.from);
    if (filter.locationId) query = query.where('a.location_id', '=', filter.locationId);
    if (!filter.includeCancelled) query = query.where('a.status', '!=', 'cancelled');
    return query.orderBy('a.start_at').orderBy('a.id').execute();
  },

  /** Appointments starting in [from, to). */
  listViewsStartingIn(db: Executor, scope: Scope, from: string, to: string, includeCancelled: boolean): Promise<AppointmentView[]> {
    let query = viewQuery(db, scope).where('a.start_at', '>=', from).where('a.start_at', '<', to);
    if (!includeCancelled) query = query.where('a.status', '!=', 'cancelled');
    return query.orderBy('a.start_at').orderBy('a.id').execute();
  },

  /** Local dates ('YYYY-MM-DD') on which each of these patients has a consultation, within [fromDate, toDate]. */
  consultationDays(db: Executor, scope: Scope, patientIds: string[], fromDate: string, toDate: string) {
    return db
      .selectFrom('consultations')
      .select(['patient_id', 'date'])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('patient_id', 'in', patientIds)
      .where('date', '>=', fromDate)
      .where('date', '<=', toDate)
      .execute();
  },

  countUnseenPatientCancellations(db: Executor, scope: Scope) {
    return db
      .selectFrom('appointments')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('patient_answer_seen', '=', 0)
      .executeTakeFirstOrThrow();
  },

  async markPatientAnswersSeen(db: Executor, scope: Scope): Promise<void> {
    await db
      .updateTable('appointments')
      .set({ patient_answer_seen: 1 })
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('patient_answer_seen', '=', 0)
      .execute();
  },

  async insert(db: Executor, row: Insertable<AppointmentsTable>): Promise<void> {
    await db.insertInto('appointments').values(row).execute();
  },

  async update(db: Executor, scope: Scope, id: string, changes: Updateable<AppointmentsTable>): Promise<void> {
    await db.updateTable('appointments').set(changes).where('nutritionist_id', '=', scope.nutritionistId).where('id', '=', id).execute();
  },

  async remove(db: Executor, scope: Scope, id: string): Promise<boolean> {
    const result = await db
      .deleteFrom('appointments')
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },

  /** Appointments of the feed window for the iCalendar export, with the place's address. */
  listForFeed(db: Executor, scope: Scope, from: string, to: string) {
    return db
      .selectFrom('appointments as a')
      .innerJoin('locations as l', 'l.id', 'a.location_id')
      .leftJoin('services as sv', 'sv.id', 'a.service_id')
      .leftJoin('patients as p', 'p.id', 'a.patient_id')
      .select([
        'a.id',
        'a.start_at',
        'a.end_at',
        'a.status',
        'a.patient_id',
        'a.created_at',
        'a.updated_at',
        'l.name as location_name',
        'l.street',
        'l.street_number',
        'l.detail',
        'l.latitude',
        'l.longitude',
        'sv.name as service_name',
        'p.first_name as patient_first_name',
        'p.last_name as patient_last_name',
      ])
      .where('a.nutritionist_id', '=', scope.nutritionistId)
      .where('a.status', '!=', 'cancelled')
      .where('a.start_at', '>', earliestOverlappingStart(from))
      .where('a.start_at', '<', to)
      .where('a.end_at', '>', from)
      .orderBy('a.start_at')
      .execute();
  },
};
