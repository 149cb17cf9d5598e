// Appointments and free-time blocks: booking (for an existing or a new patient), rescheduling, status
// changes, deletion, the calendar window, today's agenda and the free slots of a place on a date.
//
// Rules, in the order they are checked: ids of the tenant only (404), a disabled place takes no new
// appointments (422), an appointment with a patient must lie inside the place's (or its service's own)
// hours unless allowOutsideSchedule (422), and no two live appointments of one nutritionist may share
// time at any of her places (409). The overlap check and the write run in one transaction that first
// locks the nutritionist's row, so two concurrent bookings cannot both pass the check.
import type { Kysely, Transaction, Updateable } from 'kysely';
import {
  DEFAULT_PATIENT_TYPE_ID,
  type Appointment,
  type AppointmentChangeNotice,
  type AppointmentListQuery,
  type CreateAppointmentInput,
  type Slot,
  type SlotsQuery,
  type TodayAgenda,
  type UpdateAppointmentInput,
} from '@almendra/contracts';
import { computeSlots, isWithinSchedule, localDateOf, localDayBounds, resolveTimeZone } from '@almendra/domain';
import type { DB } from '../../db/schema.js';
import type { AppointmentsTable } from '../../db/schema-appointments.js';
import type { Clock } from '../../lib/clock.js';
import { channels, type EventBus } from '../../lib/event-bus.js';
import type { Mailer } from '../../lib/mailer.js';
import { AppError, notFound } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
// The patients module owns these keys; booking with a new patient must write them exactly the same way.
import { searchTextOf, sortNameOf } from '../patients/patient-text.js';
import { toAppointment } from './appointments.mapper.js';
import { appointmentsRepository as repo, placeAddress, type AppointmentView } from './appointments.repository.js';
import { practiceVoice } from '../public-profile/practice-voice.js';
import { appointmentChangedEmail } from './reminder-email.js';

type Scope = { nutritionistId: string };
type Executor = Kysely<DB> | Transaction<DB>;

export interface AppointmentsServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  mailer: Mailer;
  /** Realtime: every change publishes the spec's 'citas-actualizadas' to the practice's sockets. */
  bus?: EventBus;
  /** The patient's personal confirmation page of an appointment (/turno/{token}), written into the change notice. */
  confirmationUrl?: (appointment: { id: string; nutritionist_id: string; start_at: string }) => string;
}

/** The realtime event type a calendar refetches on (the spec's /citas-actualizadas). */
export const APPOINTMENTS_CHANGED_EVENT = 'citas-actualizadas';

/** How a booking from the public profile differs from one the nutritionist makes herself. */
export interface CreateAppointmentOptions {
  /** The new patient is the spec's Pac_Nuevo (new-patients tab), not a regular patient. */
  newPatientIsNew?: boolean;
  /** Runs inside the booking's transaction, after the overlap check passed and the rows were written. */
  inTransaction?: (trx: Transaction<DB>, ids: { appointmentId: string; patientId: string | null }) => Promise<void>;
}

export const OUTSIDE_SCHEDULE_MESSAGE = 'El turno está fuera del horario de atención del lugar.';
export const SLOT_TAKEN_MESSAGE = 'Ese horario ya está ocupado.';
export const LOCATION_DISABLED_MESSAGE = 'Ese lugar de atención está deshabilitado: no recibe turnos nuevos.';
const MAX_LENGTH_MS = 12 * 3600_000;

const locationNotFound = () => notFound('No encontramos ese lugar de atención.');
const serviceNotFound = () => notFound('No encontramos ese servicio en ese lugar de atención.');
const patientNotFound = () => notFound('No encontramos ese paciente.');
const appointmentNotFound = () => notFound('No encontramos ese turno.');

export function createAppointmentsService(deps: AppointmentsServiceDeps) {
  const { db, clock, mailer, bus } = deps;

  /** Best effort: a lost event only delays a calendar until its next refetch. */
  async function announce(scope: Scope, appointmentId: string): Promise<void> {
    await bus?.publish(channels.nutritionist(scope.nutritionistId), { type: APPOINTMENTS_CHANGED_EVENT, appointmentId }).catch(() => undefined);
  }

  async function timeZoneOf(executor: Executor, scope: Scope): Promise<string> {
    return resolveTimeZone(await repo.timeZoneOf(executor, scope));
  }

  async function requireLocation(executor: Executor, scope: Scope, id: string) {
    const location = await repo.findLocation(executor, scope, id);
    if (!location) throw locationNotFound();
    return location;
  }

  async function requireService(executor: Executor, scope: Scope, locationId: string, id: string) {
    const service = await repo.findService(executor, scope, locationId, id);
    if (!service) throw serviceNotFound();
    return service;
  }

  /** The hours that apply: the service's own when it has them, otherwise its place's. */
  async function effectiveRanges(
    executor: Executor,
    scope: Scope,
    locationId: string,
    service: { id: string; own_schedule: number } | undefined,
  ) {
    const ownHours = service && Number(service.own_schedule) === 1;
    const rows = await repo.listScheduleRanges(executor, scope, locationId, ownHours ? service.id : null);
    return rows.map((r) => ({ weekday: Number(r.weekday), start: r.start_time, end: r.end_time }));
  }

  async function assertWithinSchedule(
    executor: Executor,
    scope: Scope,
    booking: { locationId: string; service: { id: string; own_schedule: number } | undefined; start: string; end: string },
  ): Promise<void> {
    const ranges = await effectiveRanges(executor, scope, booking.locationId, booking.service);
    const timeZone = await timeZoneOf(executor, scope);
    if (!isWithinSchedule({ start: booking.start, end: booking.end, timeZone, ranges })) {
      throw new AppError('DOMAIN_RULE', OUTSIDE_SCHEDULE_MESSAGE, { reason: 'OUTSIDE_SCHEDULE' });
    }
  }

  async function assertFree(executor: Executor, scope: Scope, start: string, end: string, excludeId?: string): Promise<void> {
    const overlap = await repo.findOverlap(executor, scope, start, end, excludeId);
    if (overlap) {
      throw new AppError('CONFLICT', SLOT_TAKEN_MESSAGE, {
        conflictingAppointmentId: overlap.id,
        start: overlap.start_at,
        end: overlap.end_at,
      });
    }
  }

  /**
   * Rows → contract, with the attendance the agenda proposes: 'attended' for a past appointment of a
   * patient, attendance not said, that has a consultation or whose patient has one on its local day.
   */
  async function mapViews(scope: Scope, rows: AppointmentView[]): Promise<Appointment[]> {
    const nowIso = clock.now().toISOString();
    const open = rows.filter((r) => r.patient_id !== null && r.attendance === null && r.start_at <= nowIso && r.status !== 'cancelled' && r.status !== 'pending');
    const days = new Set<string>();
    if (open.some((r) => r.consultation_id === null)) {
      const timeZone = await timeZoneOf(db, scope);
      const localDays = open.map((r) => localDateOf(new Date(r.start_at), timeZone)).sort();
      const patientIds = [...new Set(open.map((r) => r.patient_id!))];
      for (let i = 0; i < patientIds.length; i += 500) {
        for (const c of await repo.consultationDays(db, scope, patientIds.slice(i, i + 500), localDays[0]!, localDays[localDays.length - 1]!)) {
          days.add(`${c.patient_id}|${c.date}`);
        }
      }
      const suggested = new Set(open.filter((r) => r.consultation_id !== null || days.has(`${r.patient_id}|${localDateOf(new Date(r.start_at), timeZone)}`)).map((r) => r.id));
      return rows.map((r) => toAppointment(r, suggested.has(r.id) ? 'attended' : null));
    }
    const suggested = new Set(open.map((r) => r.id));
    return rows.map((r) => toAppointment(r, suggested.has(r.id) ? 'attended' : null));
  }

  async function view(scope: Scope, id: string): Promise<Appointment> {
    const row = await repo.findView(db, scope, id);
    if (!row) throw appointmentNotFound();
    return (await mapViews(scope, [row]))[0]!;
  }

  async function createPatient(
    trx: Transaction<DB>,
    scope: Scope,
    userId: string | null,
    input: NonNullable<CreateAppointmentInput['newPatient']>,
    now: Date,
    isNew = false,
  ): Promise<string> {
    const id = newId();
    const nowIso = now.toISOString();
    const startDate = localDateOf(now, await timeZoneOf(trx, scope));
    const fields = {
      first_name: input.firstName,
      last_name: input.lastName,
      sex: input.sex ?? null,
      email: input.email ?? null,
      phone: input.phone ?? null,
    };
    await repo.insertPatient(trx, {
      id,
      nutritionist_id: scope.nutritionistId,
      type_id: DEFAULT_PATIENT_TYPE_ID,
      ...fields,
      start_date: startDate,
      // Booked by the nutritionist herself: a regular patient, shown in the main list at once. A request
      // from the public profile creates a new patient (Pac_Nuevo) instead, listed in the new-patients tab.
      is_new: isNew ? 1 : 0,
      is_test: 0,
      search_text: searchTextOf(fields),
      sort_name: sortNameOf(fields),
      version: 1,
      created_at: nowIso,
      updated_at: nowIso,
    });
    await repo.insertAudit(trx, {
      id: newId(),
      nutritionist_id: scope.nutritionistId,
      user_id: userId,
      patient_id: id,
      entity: 'patient',
      entity_id: id,
      action: 'create',
      changes: JSON.stringify({
        firstName: fields.first_name,
        lastName: fields.last_name,
        sex: fields.sex,
        email: fields.email,
        phone: fields.phone,
        typeId: DEFAULT_PATIENT_TYPE_ID,
        startDate,
        isNew: isNew ? 1 : 0,
        source: isNew ? 'public-request' : 'appointment',
      }),
      created_at: nowIso,
    });
    return id;
  }

  return {
    async create(scope: Scope, userId: string | null, input: CreateAppointmentInput, options: CreateAppointmentOptions = {}): Promise<Appointment> {
      const now = clock.now();
      assertPlausibleDate(input.start, now);
      const id = newId();
      await db.transaction().execute(async (trx) => {
        await repo.lockTenant(trx, scope);
        const location = await requireLocation(trx, scope, input.locationId);
        const service = input.serviceId ? await requireService(trx, scope, location.id, input.serviceId) : undefined;
        if (input.patientId && !(await repo.findPatient(trx, scope, input.patientId))) throw patientNotFound();
        if (Number(location.disabled) === 1) throw new AppError('DOMAIN_RULE', LOCATION_DISABLED_MESSAGE, { reason: 'LOCATION_DISABLED' });
        const withPatient = Boolean(input.patientId || input.newPatient);
        if (input.status !== 'cancelled') {
          // Free-time blocks are the nutritionist's own time: they may lie anywhere.
          if (withPatient && !input.allowOutsideSchedule) {
            await assertWithinSchedule(trx, scope, { locationId: location.id, service, start: input.start, end: input.end });
          }
          await assertFree(trx, scope, input.start, input.end);
        }
        const patientId = input.newPatient
          ? await createPatient(trx, scope, userId, input.newPatient, now, options.newPatientIsNew)
          : (input.patientId ?? null);
        await repo.insert(trx, {
          id,
          nutritionist_id: scope.nutritionistId,
          location_id: location.id,
          service_id: service?.id ?? null,
          patient_id: patientId,
          start_at: input.start,
          end_at: input.end,
          color: input.color ?? null,
          notes: input.notes ?? null,
          status: input.status,
          consultation_id: null,
          reminder_claimed_at: null,
          reminder_sent_at: null,
          confirmation: 'pending',
          attendance: null,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        });
        await options.inTransaction?.(trx, { appointmentId: id, patientId });
      });
      await announce(scope, id);
      return view(scope, id);
    },

    async update(scope: Scope, id: string, input: UpdateAppointmentInput): Promise<Appointment> {
      const now = clock.now().toISOString();
      await db.transaction().execute(async (trx) => {
        await repo.lockTenant(trx, scope);
        const row = await repo.findRow(trx, scope, id);
        if (!row) throw appointmentNotFound();

        let start = input.start ?? row.start_at;
        let end = input.end ?? row.end_at;
        // Moving only the start keeps the length (drag and drop in the calendar).
        if (input.start && !input.end) end = new Date(Date.parse(input.start) + (Date.parse(row.end_at) - Date.parse(row.start_at))).toISOString();
        if (!input.start && input.end) start = row.start_at;
        if (input.start) assertPlausibleDate(start, clock.now());
        const length = Date.parse(end) - Date.parse(start);
        if (length <= 0) throw invalidEnd('La hora de fin debe ser posterior a la de inicio.');
        if (length > MAX_LENGTH_MS) throw invalidEnd('Un turno no puede durar más de 12 horas.');

        const locationId = input.locationId ?? row.location_id;
        const serviceId = input.serviceId !== undefined ? input.serviceId : row.service_id;
        const patientId = input.patientId !== undefined ? input.patientId : row.patient_id;
        const status = input.status ?? row.status;
        const locationChanged = locationId !== row.location_id;
        const serviceChanged = serviceId !== row.service_id;
        const timeChanged = start !== row.start_at || end !== row.end_at;

        if (locationChanged) {
          const location = await requireLocation(trx, scope, locationId);
          if (Number(location.disabled) === 1) throw new AppError('DOMAIN_RULE', LOCATION_DISABLED_MESSAGE, { reason: 'LOCATION_DISABLED' });
        }
        let service: { id: string; own_schedule: number } | undefined;
        if (serviceId && (serviceChanged || locationChanged)) service = await requireService(trx, scope, locationId, serviceId);
        else if (serviceId) service = await repo.findService(trx, scope, locationId, serviceId);
        if (patientId && patientId !== row.patient_id && !(await repo.findPatient(trx, scope, patientId))) throw patientNotFound();

        if (status !== 'cancelled') {
          const moved = timeChanged || locationChanged || serviceChanged || (patientId !== null && row.patient_id === null);
          if (patientId && moved && !input.allowOutsideSchedule) {
            await assertWithinSchedule(trx, scope, { locationId, service, start, end });
          }
          await assertFree(trx, scope, start, end, id);
        }

        const changes: Updateable<AppointmentsTable> = { updated_at: now };
        if (input.locationId !== undefined) changes.location_id = locationId;
        if (input.serviceId !== undefined) changes.service_id = serviceId;
        if (input.patientId !== undefined) changes.patient_id = patientId;
        if (timeChanged) {
          changes.start_at = start;
          changes.end_at = end;
        }
        if (input.color !== undefined) changes.color = input.color;
        if (input.notes !== undefined) changes.notes = input.notes;
        if (input.status !== undefined) changes.status = input.status;
        // A new date or a new patient deserves its own reminder, and its own answer from the patient (her
        // link is bound to the start, so the old one stops working).
        if (start !== row.start_at || patientId !== row.patient_id) {
          changes.reminder_claimed_at = null;
          changes.reminder_sent_at = null;
          changes.confirmation = 'pending';
          changes.confirmation_answered_at = null;
          changes.patient_cancel_reason = null;
          changes.patient_answer_seen = 1;
          changes.attendance = null;
        }
        // Put back by the nutritionist after the patient cancelled: her answer no longer stands.
        if (status !== 'cancelled' && row.status === 'cancelled' && row.confirmation === 'cancelled_by_patient') {
          changes.confirmation = 'pending';
          changes.patient_answer_seen = 1;
        }
        if (input.attendance !== undefined) {
          if (input.attendance !== null) {
            if (!patientId) throw new AppError('DOMAIN_RULE', 'El tiempo libre no tiene asistencia.', { reason: 'NO_PATIENT' });
            if (status === 'cancelled' || status === 'pending') {
              throw new AppError('DOMAIN_RULE', 'Un turno cancelado o una solicitud sin aceptar no tiene asistencia.', { reason: 'NOT_HELD' });
            }
            if (Date.parse(start) > clock.now().getTime()) {
              throw new AppError('DOMAIN_RULE', 'La asistencia se marca cuando llega la hora del turno.', { reason: 'NOT_STARTED' });
            }
          }
          changes.attendance = input.attendance;
        }
        await repo.update(trx, scope, id, changes);
      });
      await announce(scope, id);
      return view(scope, id);
    },

    /**
     * Emails the patient the appointment's current date, time and place: offered after a move. Free
     * time, a cancelled appointment or a patient without an email answer 409 with the reason.
     */
    async notifyChange(scope: Scope, id: string): Promise<AppointmentChangeNotice> {
      const row = await repo.findMailDetails(db, scope, id);
      if (!row) throw appointmentNotFound();
      if (!row.patient_id || row.patient_first_name === null) {
        throw new AppError('CONFLICT', 'Este turno no tiene paciente: no hay a quién avisarle.', { reason: 'NO_PATIENT' });
      }
      if (row.status === 'cancelled') throw new AppError('CONFLICT', 'El turno está cancelado.', { reason: 'CANCELLED' });
      if (!row.patient_email) {
        throw new AppError('CONFLICT', 'El paciente no tiene correo cargado. Agrégalo en su ficha para poder avisarle.', { reason: 'NO_EMAIL' });
      }
      await mailer.send(
        appointmentChangedEmail({
          to: row.patient_email,
          patientFirstName: row.patient_first_name,
          nutritionistName: `${row.nutritionist_first_name} ${row.nutritionist_last_name}`.trim(),
          locationName: row.location_name,
          address: placeAddress(row),
          start: row.start_at,
          timeZone: resolveTimeZone(row.time_zone),
          voice: practiceVoice(row),
          // A new link: the one sent before the move named the old time and no longer opens. None for a
          // request not yet accepted or a time already past (the page would not take an answer).
          confirmationUrl:
            row.status !== 'pending' && Date.parse(row.start_at) > clock.now().getTime()
              ? (deps.confirmationUrl?.({ id, nutritionist_id: scope.nutritionistId, start_at: row.start_at }) ?? null)
              : null,
        }),
      );
      return { sentTo: row.patient_email };
    },

    async remove(scope: Scope, id: string): Promise<void> {
      if (!(await repo.remove(db, scope, id))) throw appointmentNotFound();
      await announce(scope, id);
    },

    get: view,

    /** A new patient (Pac_Nuevo) written exactly as a booking writes one, inside the caller's transaction. */
    createNewPatient(trx: Transaction<DB>, scope: Scope, input: NonNullable<CreateAppointmentInput['newPatient']>): Promise<string> {
      return createPatient(trx, scope, null, input, clock.now(), true);
    },

    async list(scope: Scope, query: AppointmentListQuery): Promise<Appointment[]> {
      if (query.locationId) await requireLocation(db, scope, query.locationId);
      const rows = await repo.listViews(db, scope, {
        from: query.from,
        to: query.to,
        locationId: query.locationId,
        includeCancelled: query.includeCancelled ?? false,
      });
      return mapViews(scope, rows);
    },

    /** Today's appointments in the nutritionist's zone; `isNext` marks the next patient still to come. */
    async today(scope: Scope, includeCancelled = false): Promise<TodayAgenda> {
      const now = clock.now();
      const timeZone = await timeZoneOf(db, scope);
      const date = localDateOf(now, timeZone);
      const { start, end } = localDayBounds(date, timeZone);
      const rows = await repo.listViewsStartingIn(db, scope, start.toISOString(), end.toISOString(), includeCancelled);
      const nowIso = now.toISOString();
      const next = rows.find((r) => r.patient_id !== null && r.status === 'scheduled' && r.start_at >= nowIso);
      const mapped = await mapViews(scope, rows);
      return {
        date,
        timeZone,
        appointments: mapped.map((a, i) => ({ ...a, isNext: rows[i] === next })),
      };
    },

    /**
     * Slots of a place on a local date: its hours (or the service's own), every `interval` minutes
     * (default: the place's), each as long as the service (default: the interval). Appointments and
     * free-time blocks at any of the nutritionist's places make a slot unavailable, and so does the past.
     */
    async slots(scope: Scope, locationId: string, query: SlotsQuery): Promise<Slot[]> {
      const location = await requireLocation(db, scope, locationId);
      const service = query.serviceId ? await requireService(db, scope, location.id, query.serviceId) : undefined;
      const timeZone = await timeZoneOf(db, scope);
      const ranges = await effectiveRanges(db, scope, location.id, service);
      const intervalMinutes = query.interval ?? Number(location.slot_interval_minutes);
      const durationMinutes = service ? Number(service.duration_minutes) : intervalMinutes;
      const day = localDayBounds(query.date, timeZone);
      const busy = await repo.listBusy(db, scope, day.start.toISOString(), day.end.toISOString());
      const slots = computeSlots({
        date: query.date,
        timeZone,
        ranges,
        intervalMinutes,
        durationMinutes,
        busy: busy.map((b) => ({ start: b.start_at, end: b.end_at })),
        now: clock.now(),
      });
      if (Number(location.disabled) === 1) return slots.map((s) => ({ ...s, available: false }));
      return slots;
    },
  };
}

/**
 * An appointment more than APPOINTMENT_YEARS_BACK years before today or APPOINTMENT_YEARS_AHEAD years
 * after it is a typing mistake (9999-12-31), never a real booking: refused before anything is saved.
 */
const APPOINTMENT_YEARS_BACK = 10;
const APPOINTMENT_YEARS_AHEAD = 5;
function assertPlausibleDate(start: string, now: Date): void {
  const year = now.getUTCFullYear();
  const earliest = Date.UTC(year - APPOINTMENT_YEARS_BACK, now.getUTCMonth(), now.getUTCDate());
  const latest = Date.UTC(year + APPOINTMENT_YEARS_AHEAD, now.getUTCMonth(), now.getUTCDate());
  const at = Date.parse(start);
  if (at < earliest || at > latest) {
    const message = `La fecha del turno debe estar entre ${APPOINTMENT_YEARS_BACK} años atrás y ${APPOINTMENT_YEARS_AHEAD} años adelante.`;
    throw new AppError('VALIDATION_ERROR', 'Revisa los datos ingresados.', [{ path: 'start', message }]);
  }
}

function invalidEnd(message: string): AppError {
  return new AppError('VALIDATION_ERROR', 'Revisa los datos ingresados.', [{ path: 'end', message }]);
}

export type AppointmentsService = ReturnType<typeof createAppointmentsService>;
export { announceAppointmentsChanged };

/** For modules that change appointments outside this service (a request's confirmation, a consultation). */
async function announceAppointmentsChanged(bus: EventBus | undefined, nutritionistId: string, appointmentId?: string): Promise<void> {
  await bus?.publish(channels.nutritionist(nutritionistId), { type: APPOINTMENTS_CHANGED_EVENT, ...(appointmentId ? { appointmentId } : {}) }).catch(() => undefined);
}
