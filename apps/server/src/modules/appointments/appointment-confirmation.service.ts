// Appointments that patients confirm (issue 27): the nutritionist's personal link for one appointment, the
// page the patient opens from it (/turno/{token}, rendered by confirmation-page.ts) and her answer —
// "Confirmo" or "No puedo ir" (optional reason, optionally "quiero otro horario", which reaches the requests
// inbox). A cancellation by the patient cancels the appointment (status 'cancelled', so it blocks nothing and
// the slot is free again), marks it unseen for the agenda's badge and tells the practice's sockets at once.
// Answering again replaces the answer: confirming after cancelling takes the slot back if it is still free.
import type { Kysely } from 'kysely';
import {
  PATIENT_ANSWER_EVENT,
  type AppointmentConfirmation,
  type ConfirmationAnswer,
  type ConfirmationAnswerInput,
  type ConfirmationLink,
  type PatientAnswerEvent,
  type UnseenPatientAnswers,
} from '@almendra/contracts';
import { resolveTimeZone } from '@almendra/domain';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { channels, type EventBus } from '../../lib/event-bus.js';
import { newId } from '../../lib/ids.js';
import type { LinkOrigins } from '../../lib/link-origin.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { practiceVoice } from '../public-profile/practice-voice.js';
import { appointmentsRepository as repo, placeAddress } from './appointments.repository.js';
import { APPOINTMENTS_CHANGED_EVENT } from './appointments.service.js';
import type { ConfirmationTokens } from './confirmation-token.js';
import { localDateTimeLabels } from './reminder-email.js';

type Scope = { nutritionistId: string };

/** The 404 of an expired, forged, moved or unknown link (neutral Spanish: the practice is not known yet). */
export const CONFIRMATION_LINK_GONE =
  'Este enlace ya no es válido: el turno ya pasó, cambió de horario o la dirección está incompleta. Comunícate con tu nutricionista.';
export const CANCELLED_BY_PRACTICE_MESSAGE = 'Este turno fue cancelado por el consultorio. Comunícate con tu nutricionista para coordinar otro.';
export const SLOT_TAKEN_AGAIN_MESSAGE = 'Ese horario ya lo tomó otra persona. Comunícate con tu nutricionista para buscar otro.';
/** Answers per IP and window (lib/rate-limiter.ts): a person answers a handful of times, a script many. */
export const CONFIRMATION_ANSWERS_PER_IP = 30;
/** Realtime event the requests inbox refetches on (public-profile.service.ts). */
const REQUESTS_CHANGED_EVENT = 'marketing.requests-changed';

export interface ConfirmationServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  tokens: ConfirmationTokens;
  links: LinkOrigins;
  bus?: EventBus;
  rateLimiter?: RateLimiter;
  /** Called once a patient answered (Web Push to the nutritionist, when it exists); errors are ignored. */
  onAnswer?: (event: { nutritionistId: string; appointmentId: string; confirmation: AppointmentConfirmation }) => Promise<unknown> | void;
}

/** What the /turno page shows. */
export interface ConfirmationPageData {
  token: string;
  voice: 'es' | 'es-AR';
  nutritionistName: string;
  patientFirstName: string;
  weekday: string;
  date: string;
  time: string;
  endTime: string;
  locationName: string;
  locationDetail: string | null;
  address: string | null;
  mapUrl: string | null;
  serviceName: string | null;
  /** 'open': she can answer; 'cancelled_by_practice': nothing to answer. */
  state: 'open' | 'cancelled_by_practice';
  confirmation: AppointmentConfirmation;
  cancelReason: string | null;
}

/** An OpenStreetMap link: the place's point when known, a search of its address otherwise (never an embed). */
export function mapLink(place: { latitude: number | string | null; longitude: number | string | null; address: string | null }): string | null {
  if (place.latitude !== null && place.longitude !== null) {
    const lat = Number(place.latitude);
    const lon = Number(place.longitude);
    return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
  }
  return place.address ? `https://www.openstreetmap.org/search?query=${encodeURIComponent(place.address)}` : null;
}

export function createConfirmationService(deps: ConfirmationServiceDeps) {
  const { db, clock, tokens, links, bus } = deps;
  const gone = () => notFound(CONFIRMATION_LINK_GONE);

  /** The appointment a token opens, verified (signature, practice, start, expiry), or 404. */
  async function resolve(token: string) {
    const id = tokens.appointmentIdOf(token);
    if (!id) throw gone();
    const row = await db
      .selectFrom('appointments as a')
      .innerJoin('locations as l', 'l.id', 'a.location_id')
      .innerJoin('nutritionists as n', 'n.id', 'a.nutritionist_id')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .innerJoin('patients as p', (join) => join.onRef('p.id', '=', 'a.patient_id').on('p.deleted_at', 'is', null))
      .leftJoin('services as sv', 'sv.id', 'a.service_id')
      .select([
        'a.id',
        'a.nutritionist_id',
        'a.patient_id',
        'a.location_id',
        'a.service_id',
        'a.start_at',
        'a.end_at',
        'a.status',
        'a.confirmation',
        'a.patient_cancel_reason',
        'p.first_name as patient_first_name',
        'p.last_name as patient_last_name',
        'p.email as patient_email',
        'p.phone as patient_phone',
        'p.mobile_area_code',
        'p.mobile_number',
        'n.first_name as nutritionist_first_name',
        'n.last_name as nutritionist_last_name',
        'n.time_zone',
        'n.country_code',
        'u.locale',
        'l.name as location_name',
        'l.detail as location_detail',
        'l.street',
        'l.street_number',
        'l.latitude',
        'l.longitude',
        'sv.name as service_name',
      ])
      .where('a.id', '=', id)
      .executeTakeFirst();
    if (!row || !tokens.verify(token, row, clock.now())) throw gone();
    // A request still to accept or an appointment already recorded has nothing for the patient to answer.
    if (row.status === 'pending' || row.status === 'completed') throw gone();
    return row;
  }

  async function announce(nutritionistId: string, event: PatientAnswerEvent): Promise<void> {
    const channel = channels.nutritionist(nutritionistId);
    await bus?.publish(channel, { type: APPOINTMENTS_CHANGED_EVENT, appointmentId: event.appointmentId }).catch(() => undefined);
    await bus?.publish(channel, { ...event }).catch(() => undefined);
  }

  return {
    /** The nutritionist's link for one of her appointments: a patient's, not cancelled, still to come. */
    async link(scope: Scope, id: string): Promise<ConfirmationLink> {
      const row = await repo.findRow(db, scope, id);
      if (!row) throw notFound('No encontramos ese turno.');
      if (!row.patient_id) throw new AppError('CONFLICT', 'Este turno no tiene paciente: no hay a quién enviarle el enlace.', { reason: 'NO_PATIENT' });
      if (row.status === 'pending') {
        throw new AppError('CONFLICT', 'Es una solicitud del perfil público: acéptala primero en Marketing.', { reason: 'REQUEST_PENDING' });
      }
      if (row.status === 'cancelled' && row.confirmation !== 'cancelled_by_patient') {
        throw new AppError('CONFLICT', 'El turno está cancelado.', { reason: 'CANCELLED' });
      }
      if (Date.parse(row.start_at) <= clock.now().getTime()) {
        throw new AppError('CONFLICT', 'El turno ya empezó: el enlace no serviría.', { reason: 'STARTED' });
      }
      const { token, expiresAt } = tokens.issue(row);
      return { url: `${links.current()}/turno/${token}`, expiresAt };
    },

    /** What the patient's page shows, or 404 for a link that does not (or no longer) open anything. */
    async page(token: string): Promise<ConfirmationPageData> {
      const row = await resolve(token);
      const timeZone = resolveTimeZone(row.time_zone);
      const when = localDateTimeLabels(row.start_at, timeZone);
      const address = placeAddress(row);
      return {
        token,
        voice: practiceVoice(row),
        nutritionistName: `${row.nutritionist_first_name} ${row.nutritionist_last_name}`.trim(),
        patientFirstName: row.patient_first_name,
        weekday: when.weekday,
        date: when.date,
        time: when.time,
        endTime: localDateTimeLabels(row.end_at, timeZone).time,
        locationName: row.location_name,
        locationDetail: row.location_detail,
        address,
        mapUrl: mapLink({ latitude: row.latitude, longitude: row.longitude, address }),
        serviceName: row.service_name,
        state: row.status === 'cancelled' && row.confirmation !== 'cancelled_by_patient' ? 'cancelled_by_practice' : 'open',
        confirmation: row.confirmation,
        cancelReason: row.patient_cancel_reason,
      };
    },

    /** The patient's answer; the last one counts. */
    async answer(token: string, input: ConfirmationAnswerInput, ip: string): Promise<ConfirmationAnswer> {
      await deps.rateLimiter?.hit([{ key: `appointment-confirmation:ip:${ip}`, max: CONFIRMATION_ANSWERS_PER_IP }]);
      const row = await resolve(token);
      if (row.status === 'cancelled' && row.confirmation !== 'cancelled_by_patient') {
        throw new AppError('CONFLICT', CANCELLED_BY_PRACTICE_MESSAGE, { reason: 'CANCELLED_BY_PRACTICE' });
      }
      const scope = { nutritionistId: row.nutritionist_id };
      const nowIso = clock.now().toISOString();
      const confirmation: AppointmentConfirmation = input.answer === 'confirm' ? 'confirmed' : 'cancelled_by_patient';
      let requestCreated = false;
      await db.transaction().execute(async (trx) => {
        await repo.lockTenant(trx, scope);
        const current = await repo.findRow(trx, scope, row.id);
        if (!current || current.start_at !== row.start_at) throw gone();
        if (confirmation === 'confirmed') {
          // Back from a cancellation: the slot is hers again only if nobody took it meanwhile.
          if (current.status === 'cancelled') {
            const overlap = await repo.findOverlap(trx, scope, current.start_at, current.end_at, current.id);
            if (overlap) throw new AppError('CONFLICT', SLOT_TAKEN_AGAIN_MESSAGE, { reason: 'SLOT_TAKEN' });
          }
          await repo.update(trx, scope, row.id, {
            confirmation,
            confirmation_answered_at: nowIso,
            patient_cancel_reason: null,
            patient_answer_seen: 1,
            ...(current.status === 'cancelled' ? { status: 'scheduled' as const } : {}),
            updated_at: nowIso,
          });
          return;
        }
        await repo.update(trx, scope, row.id, {
          status: 'cancelled',
          confirmation,
          confirmation_answered_at: nowIso,
          patient_cancel_reason: input.reason ?? null,
          patient_answer_seen: 0,
          updated_at: nowIso,
        });
        if (input.wantsAnotherTime) {
          // One open request per patient is enough: answering again does not pile up requests.
          const open = await trx
            .selectFrom('appointment_requests')
            .select('id')
            .where('nutritionist_id', '=', scope.nutritionistId)
            .where('patient_id', '=', row.patient_id)
            .where('status', '=', 'pending')
            .executeTakeFirst();
          if (!open) {
            const when = localDateTimeLabels(row.start_at, resolveTimeZone(row.time_zone));
            const phone = row.mobile_number ? [row.mobile_area_code, row.mobile_number].filter(Boolean).join(' ') : row.patient_phone;
            await trx
              .insertInto('appointment_requests')
              .values({
                id: newId(),
                nutritionist_id: scope.nutritionistId,
                first_name: row.patient_first_name,
                last_name: row.patient_last_name,
                email: row.patient_email,
                phone,
                message: [`Pide otro horario en lugar de su turno del ${when.weekday} ${when.date} a las ${when.time}.`, input.reason ? `Motivo: ${input.reason}` : null]
                  .filter(Boolean)
                  .join(' '),
                requested_start: null,
                requested_end: null,
                status: 'pending',
                seen: 0,
                location_id: row.location_id,
                service_id: row.service_id,
                patient_id: row.patient_id,
                appointment_id: null,
                reject_reason: null,
                decided_at: null,
                created_at: nowIso,
                updated_at: nowIso,
              })
              .execute();
            requestCreated = true;
          }
        }
      });
      await announce(scope.nutritionistId, {
        type: PATIENT_ANSWER_EVENT,
        appointmentId: row.id,
        confirmation,
        patientName: `${row.patient_first_name} ${row.patient_last_name}`.trim(),
        start: row.start_at,
      });
      if (requestCreated) await bus?.publish(channels.nutritionist(scope.nutritionistId), { type: REQUESTS_CHANGED_EVENT }).catch(() => undefined);
      try {
        await deps.onAnswer?.({ nutritionistId: scope.nutritionistId, appointmentId: row.id, confirmation });
      } catch {
        // A notification that fails must not undo or refuse the patient's answer.
      }
      return { confirmation };
    },

    async unseen(scope: Scope): Promise<UnseenPatientAnswers> {
      const row = await repo.countUnseenPatientCancellations(db, scope);
      return { count: Number(row.count) };
    },

    async markSeen(scope: Scope): Promise<void> {
      await repo.markPatientAnswersSeen(db, scope);
    },
  };
}

export type ConfirmationService = ReturnType<typeof createConfirmationService>;
