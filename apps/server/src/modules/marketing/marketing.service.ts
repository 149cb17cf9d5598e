// The requests inbox (/marketing): the list (unseen first), marking all seen (the badge goes to zero),
// confirming or rejecting a request (the pending appointment becomes scheduled, or is cancelled and its
// slot frees; the visitor gets an email either way), and the conversion figures with the completed
// appointments. Every change publishes REQUESTS_CHANGED_EVENT so the badge and the inbox follow live.
import type { Kysely } from 'kysely';
import type { MarketingOverview, MarketingRequest, MarketingRequestList, MarketingSeenResult } from '@almendra/contracts';
import { whatsAppDigits } from '@almendra/domain';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { channels, type EventBus } from '../../lib/event-bus.js';
import type { Mailer } from '../../lib/mailer.js';
import type { AppointmentsService } from '../appointments/appointments.service.js';
import { REQUESTS_CHANGED_EVENT } from '../public-profile/public-profile.service.js';
import { loadPracticeMailContext, requestConfirmedEmail, requestRejectedEmail } from '../public-profile/request-emails.js';
import { marketingRepository as repo, type RequestRow } from './marketing.repository.js';
import type { LinkOrigins } from '../../lib/link-origin.js';

type Scope = { nutritionistId: string };

export interface MarketingServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  mailer: Mailer;
  bus: EventBus;
  appointments: AppointmentsService;
  /** The app's public address: the profile link in the visitor's emails (the nutritionist's request, or PUBLIC_URL). */
  links?: LinkOrigins;
}

const requestNotFound = () => notFound('No encontramos esa solicitud.');

export function toMarketingRequest(row: RequestRow): MarketingRequest {
  return {
    id: row.id,
    name: `${row.first_name} ${row.last_name}`.trim(),
    email: row.email,
    phone: row.phone,
    whatsappNumber: whatsAppDigits(row.phone),
    message: row.message,
    kind: row.requested_start ? 'slot' : 'callback',
    status: row.status === 'confirmed' || row.status === 'rejected' ? row.status : 'pending',
    seen: Number(row.seen) === 1,
    start: row.requested_start,
    end: row.requested_end,
    locationId: row.location_id,
    locationName: row.location_name,
    serviceId: row.service_id,
    serviceName: row.service_name,
    patientId: row.patient_id,
    patientIsNew: Number(row.patient_is_new) === 1,
    appointmentId: row.appointment_id,
    rejectReason: row.reject_reason,
    decidedAt: row.decided_at,
    createdAt: row.created_at,
  };
}

export function createMarketingService(deps: MarketingServiceDeps) {
  const { db, clock, mailer, bus, appointments } = deps;
  const changed = (scope: Scope, requestId?: string) =>
    bus.publish(channels.nutritionist(scope.nutritionistId), { type: REQUESTS_CHANGED_EVENT, ...(requestId ? { requestId } : {}) }).catch(() => undefined);

  async function get(scope: Scope, id: string): Promise<MarketingRequest> {
    const row = await repo.findRequest(db, scope, id);
    if (!row) throw requestNotFound();
    return toMarketingRequest(row);
  }

  return {
    async list(scope: Scope): Promise<MarketingRequestList> {
      const [rows, unseenCount] = await Promise.all([repo.listRequests(db, scope), repo.countUnseenRequests(db, scope)]);
      return { items: rows.map(toMarketingRequest), unseenCount };
    },

    async markAllSeen(scope: Scope): Promise<MarketingSeenResult> {
      const marked = await repo.markAllSeen(db, scope, clock.now().toISOString());
      if (marked > 0) await changed(scope);
      return { count: await repo.countUnseenRequests(db, scope), marked };
    },

    async decide(scope: Scope, id: string, input: { status: 'confirmed' | 'rejected'; reason?: string | undefined }): Promise<MarketingRequest> {
      const row = await repo.findRequest(db, scope, id);
      if (!row) throw requestNotFound();
      if (row.status !== 'pending') {
        const state = row.status === 'confirmed' ? 'confirmada' : 'rechazada';
        throw new AppError('CONFLICT', `Esta solicitud ya fue ${state}.`, { reason: 'ALREADY_DECIDED', status: row.status });
      }
      const now = clock.now().toISOString();
      // Claim the request first: of two concurrent decisions only one passes this update.
      const claimed = await repo.claimDecision(db, scope, id, {
        status: input.status,
        reject_reason: input.status === 'rejected' ? (input.reason ?? null) : null,
        decided_at: now,
        seen: 1,
        updated_at: now,
      });
      if (!claimed) throw new AppError('CONFLICT', 'Esta solicitud ya fue respondida.', { reason: 'ALREADY_DECIDED' });
      let appointmentStart = row.requested_start;
      if (row.appointment_id) {
        try {
          // Confirmed: the held slot becomes a regular appointment. Rejected: cancelled, so the slot frees.
          const appointment = await appointments.update(scope, row.appointment_id, { status: input.status === 'confirmed' ? 'scheduled' : 'cancelled' });
          appointmentStart = appointment.start;
        } catch (error) {
          const gone = error instanceof AppError && error.code === 'NOT_FOUND';
          if (!gone) {
            await repo.claimDecision(db, scope, id, { status: 'pending', reject_reason: null, decided_at: null, updated_at: now }, input.status);
            throw error;
          }
          // The nutritionist deleted the appointment from the calendar meanwhile: nothing left to hold.
        }
      }
      const practice = await loadPracticeMailContext(db, scope, deps.links?.current() ?? '');
      if (row.email && practice) {
        const common = {
          to: row.email,
          visitorName: row.first_name,
          start: appointmentStart,
          locationName: row.location_name,
          address: row.location_address,
          locationDetail: row.location_detail,
          locationPhone: row.location_phone,
          serviceName: row.service_name,
          practice,
        };
        await mailer.send(input.status === 'confirmed' ? requestConfirmedEmail(common) : requestRejectedEmail({ ...common, reason: input.reason ?? '' }));
      }
      await changed(scope, id);
      return get(scope, id);
    },

    async overview(scope: Scope): Promise<MarketingOverview> {
      const [counts, firstConsultations, completed] = await Promise.all([
        repo.countByStatus(db, scope),
        repo.countWithConsultation(db, scope),
        repo.listCompletedAppointments(db, scope),
      ]);
      const requests = counts.pending + counts.confirmed + counts.rejected;
      return {
        conversion: { requests, ...counts, firstConsultations, rate: requests === 0 ? 0 : firstConsultations / requests },
        completedAppointments: completed.map((a) => ({
          id: a.id,
          patientId: a.patient_id,
          patientName: a.first_name === null ? null : `${a.first_name} ${a.last_name ?? ''}`.trim(),
          start: a.start_at,
          locationName: a.location_name,
          serviceName: a.service_name,
        })),
      };
    },
  };
}

export type MarketingService = ReturnType<typeof createMarketingService>;
