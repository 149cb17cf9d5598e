// Patient accounts of the portal: a nutritionist invites a patient (an emailed single-use link and a
// short code), the patient accepts by choosing a password, and the nutritionist can revoke the access,
// which deletes the patient's user (every session ends) and closes their sockets at once.
import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  PORTAL_CODE_ALPHABET,
  PORTAL_CODE_LENGTH,
  PORTAL_INVITE_TTL_DAYS,
  portalAcceptRequestSchema,
  spanishLocaleFor,
  type PortalAcceptRequest,
  type PortalAccess,
  type PortalInviteResponse,
  type PortalMe,
  type PortalPlanList,
} from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { channels, type EventBus } from '../../lib/event-bus.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mailer.js';
import { hashPassword } from '../../lib/password.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { digestToken } from '../../lib/secrets.js';
import { portalInviteEmail } from './invite-email.js';
import { portalRepository as repo } from './portal.repository.js';
import type { LinkOrigins } from '../../lib/link-origin.js';

export interface PortalServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  mailer: Mailer;
  bus: EventBus;
  rateLimiter: RateLimiter;
  /** Origin of the invitation link (the address the nutritionist is using, or PUBLIC_URL). */
  links: LinkOrigins;
  acceptRateLimitPerIp: number;
  /** Signed URL of a patient's photo, when the record has one. */
  photoUrl: (patient: { id: string; nutritionist_id: string; version: number; photo_path: string | null }) => string | null;
}

/** Who a signed-in portal user is: their patient record and its practice. */
export interface PatientScope {
  userId: string;
  patientId: string;
  nutritionistId: string;
}

const DAY_MS = 86_400_000;
const invalidCode = () =>
  new AppError('VALIDATION_ERROR', 'El código no es válido o ya venció. Pídele a tu nutricionista uno nuevo.', [
    { path: 'code', message: 'El código no es válido o ya venció. Pídele a tu nutricionista uno nuevo.' },
  ]);

export function newPortalCode(): string {
  let code = '';
  for (let i = 0; i < PORTAL_CODE_LENGTH; i++) code += PORTAL_CODE_ALPHABET[randomInt(PORTAL_CODE_ALPHABET.length)];
  return code;
}

export function createPortalService(deps: PortalServiceDeps) {
  const { db, clock } = deps;
  const nowIso = () => clock.now().toISOString();

  async function patientOf(scope: { nutritionistId: string }, patientId: string) {
    const patient = await repo.findPatient(db, scope.nutritionistId, patientId);
    if (!patient) throw new AppError('NOT_FOUND', 'No encontramos ese paciente.');
    return patient;
  }

  return {
    async access(scope: { nutritionistId: string }, patientId: string): Promise<PortalAccess> {
      const patient = await patientOf(scope, patientId);
      if (patient.user_id) {
        const user = await repo.findUser(db, patient.user_id);
        return { status: 'active', email: user?.email ?? patient.email, inviteExpiresAt: null, activeSince: user?.created_at ?? null };
      }
      const invite = await repo.findOpenInvite(db, patientId, nowIso());
      return { status: invite ? 'invited' : 'none', email: patient.email, inviteExpiresAt: invite?.expires_at ?? null, activeSince: null };
    },

    async invite(scope: { nutritionistId: string }, patientId: string): Promise<PortalInviteResponse> {
      const patient = await patientOf(scope, patientId);
      if (patient.user_id) throw new AppError('CONFLICT', 'Este paciente ya tiene acceso al portal.');
      if (!patient.email) {
        const message = 'Carga el correo electrónico del paciente: es con el que va a ingresar al portal.';
        throw new AppError('VALIDATION_ERROR', message, [{ path: 'email', message }]);
      }
      const taken = await repo.findUserByEmail(db, patient.email.toLowerCase());
      if (taken) throw new AppError('EMAIL_TAKEN', 'Ya existe una cuenta de Almendra con el correo de este paciente. Cambia el correo en la ficha.');
      const code = newPortalCode();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + PORTAL_INVITE_TTL_DAYS * DAY_MS).toISOString();
      await db.transaction().execute((trx) =>
        repo.replaceInvites(trx, {
          id: newId(),
          patient_id: patient.id,
          nutritionist_id: scope.nutritionistId,
          code_hash: digestToken(code),
          expires_at: expiresAt,
          created_at: now.toISOString(),
        }),
      );
      const inviteUrl = `${deps.links.current()}/portal/aceptar?code=${code}`;
      const nutritionist = await repo.findNutritionist(db, scope.nutritionistId);
      await deps.mailer.send(
        portalInviteEmail({
          to: patient.email,
          locale: nutritionist.locale === 'en' ? 'en' : spanishLocaleFor(nutritionist.country_code),
          patientFirstName: patient.first_name,
          nutritionistName: `${nutritionist.first_name} ${nutritionist.last_name}`.trim(),
          link: inviteUrl,
          code,
          days: PORTAL_INVITE_TTL_DAYS,
        }),
      );
      return { code, inviteUrl, expiresAt };
    },

    /** Creates the patient's account from a valid code; answers the new user's id (the route issues the session). */
    async accept(input: PortalAcceptRequest, ip: string): Promise<string> {
      const data = portalAcceptRequestSchema.parse(input);
      await deps.rateLimiter.hit([{ key: `portal-accept:ip:${ip}`, max: deps.acceptRateLimitPerIp }]);
      const invite = await repo.findInviteByCodeHash(db, digestToken(data.code));
      const now = nowIso();
      if (!invite || invite.used_at || invite.expires_at <= now) throw invalidCode();
      const patient = await repo.findPatient(db, invite.nutritionist_id, invite.patient_id);
      if (!patient || !patient.email || patient.user_id) throw invalidCode();
      const email = patient.email.toLowerCase();
      if (await repo.findUserByEmail(db, email)) {
        throw new AppError('EMAIL_TAKEN', 'Ya existe una cuenta con tu correo electrónico. Pídele a tu nutricionista que revise tu ficha.');
      }
      const nutritionist = await repo.findNutritionist(db, invite.nutritionist_id);
      const userId = newId();
      const passwordHash = await hashPassword(data.password);
      await db.transaction().execute(async (trx) => {
        if (!(await repo.markInviteUsed(trx, invite.id, now))) throw invalidCode();
        await trx
          .insertInto('users')
          .values({
            id: userId,
            email,
            password_hash: passwordHash,
            role: 'patient',
            locale: nutritionist.locale === 'en' ? 'en' : spanishLocaleFor(nutritionist.country_code),
            theme: 'system',
            primary_color: 'teal',
            starred_pages: '[]',
            banned_status: 0,
            plan_key: null,
            confirmed: 1,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await repo.linkUser(trx, patient.id, userId, now);
      });
      return userId;
    },

    /** Revokes the portal access: open invitations die, the account and its sessions go, sockets close. */
    async revoke(scope: { nutritionistId: string }, patientId: string): Promise<void> {
      const patient = await patientOf(scope, patientId);
      await db.transaction().execute(async (trx) => {
        await repo.cancelInvites(trx, patient.id, nowIso());
        if (patient.user_id) await repo.deleteUser(trx, patient.user_id);
      });
      if (patient.user_id) await deps.bus.publish(channels.user(patient.user_id), { type: 'session.revoked' });
    },

    /** The patient behind a portal session; 401 once access was revoked (the token may still be unexpired). */
    async scopeOf(userId: string): Promise<PatientScope> {
      const patient = await repo.findPatientByUserId(db, userId);
      if (!patient) throw new AppError('UNAUTHENTICATED', 'Tu acceso al portal fue desactivado. Habla con tu nutricionista.');
      return { userId, patientId: patient.id, nutritionistId: patient.nutritionist_id };
    },

    /** The plan the portal shows: the one most recently published for the patient. */
    async currentPlanId(scope: PatientScope): Promise<string> {
      const plan = await repo.currentPlan(db, scope.nutritionistId, scope.patientId);
      if (!plan) throw new AppError('NOT_FOUND', 'Tu nutricionista todavía no publicó un plan para ti.');
      return plan.id;
    },

    /** The plans published for the patient, newest first; the first is the current one. */
    async publishedPlans(scope: PatientScope): Promise<PortalPlanList> {
      const rows = await repo.publishedPlans(db, scope.nutritionistId, scope.patientId);
      return { items: rows.map((row, i) => ({ id: row.id, title: row.title, publishedAt: row.published_at!, current: i === 0 })) };
    },

    /** One of the patient's published plans (404 for any other, including her unpublished ones). */
    async publishedPlanId(scope: PatientScope, planId: string): Promise<string> {
      const rows = await repo.publishedPlans(db, scope.nutritionistId, scope.patientId);
      if (!rows.some((row) => row.id === planId)) throw new AppError('NOT_FOUND', 'No encontramos ese plan.');
      return planId;
    },

    async me(scope: PatientScope, unreadMessages: number): Promise<PortalMe> {
      const patient = await repo.findPatientByUserId(db, scope.userId);
      if (!patient) throw new AppError('UNAUTHENTICATED', 'Tu acceso al portal fue desactivado. Habla con tu nutricionista.');
      const nutritionist = await repo.findNutritionist(db, scope.nutritionistId);
      const next = await repo.nextAppointment(db, scope.nutritionistId, scope.patientId, nowIso());
      const plan = await repo.currentPlan(db, scope.nutritionistId, scope.patientId);
      return {
        patient: { id: patient.id, firstName: patient.first_name, lastName: patient.last_name, photoUrl: deps.photoUrl(patient) },
        nutritionist: { firstName: nutritionist.first_name, lastName: nutritionist.last_name, phone: nutritionist.phone, email: nutritionist.email },
        nextAppointment: next
          ? {
              id: next.id,
              start: next.start_at,
              end: next.end_at,
              locationName: next.location_name ?? null,
              address: [next.street, next.street_number].filter(Boolean).join(' ') || null,
            }
          : null,
        currentPlan: plan ? { id: plan.id, title: plan.title, updatedAt: plan.updated_at } : null,
        unreadMessages,
      };
    },
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
