// The public web profile: the nutritionist edits it (/me/public-profile), visitors read it by slug,
// list free slots (the appointments module's availability, filtered to free ones) and send appointment
// requests. A request with a slot books a pending appointment for a new patient (Pac_Nuevo) through the
// appointments service, so its schedule, overlap and locking rules apply unchanged; without a slot it is
// a call-back request with a new patient only.
//
// Spam guards, in order: a per-IP rate limit (counted before anything else), the honeypot field, and a
// maximum of pending requests per email with this nutritionist.
import type { Kysely } from 'kysely';
import {
  MAX_OPEN_REQUESTS_PER_EMAIL,
  PUBLIC_REQUESTS_PER_IP,
  type CreatePublicAppointmentInput,
  type CreatedAppointmentRequest,
  type PublicLocation,
  type PublicProfile,
  type PublicProfileItem,
  type PublicProfileView,
  type PublicSlotsQuery,
  type Slot,
  type UpdatePublicProfileInput,
} from '@almendra/contracts';
import { localDateOf, resolveTimeZone } from '@almendra/domain';
import type { DB } from '../../db/schema.js';
import type { PublicProfilesTable } from '../../db/schema-public-profile.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { channels, type EventBus } from '../../lib/event-bus.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mailer.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { reencodeImage, UploadStore } from '../../lib/uploads.js';
import type { AppointmentsService } from '../appointments/appointments.service.js';
import { placeAddress } from '../appointments/appointments.repository.js';
import { practiceVoice } from './practice-voice.js';
import { publicProfileRepository as repo } from './public-profile.repository.js';
import { loadPracticeMailContext, newRequestNotificationEmail, requestReceivedEmail } from './request-emails.js';
import type { LinkOrigins } from '../../lib/link-origin.js';
import type { Notifier } from '../push/push.service.js';

type Scope = { nutritionistId: string };

export interface PublicProfileServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  mailer: Mailer;
  bus: EventBus;
  rateLimiter: RateLimiter;
  appointments: AppointmentsService;
  dataDir: string;
  /** Origin of the profile's link (current) and of the booking emails a visitor triggers (currentForAnonymous). */
  links: LinkOrigins;
  /** Web Push to the nutritionist for each new request. */
  notifier?: Notifier;
}

/** The realtime event the inbox and the menu badge refetch on. */
export const REQUESTS_CHANGED_EVENT = 'marketing.requests-changed';

export const SLUG_TAKEN_MESSAGE = 'Esa dirección ya la usa otro profesional. Elige otra.';
export const PROFILE_NOT_FOUND_MESSAGE = 'No encontramos ese perfil.';
export const SLOT_GONE_MESSAGE = 'Ese horario ya no está disponible. Elige otro.';
export const HONEYPOT_MESSAGE = 'No pudimos enviar la solicitud: deja vacío el campo «Sitio web» y vuelve a intentarlo.';
export const OPEN_REQUESTS_MESSAGE = `Ya tienes ${MAX_OPEN_REQUESTS_PER_EMAIL} solicitudes pendientes con este profesional. Espera su respuesta antes de enviar otra.`;

const profileNotFound = () => notFound(PROFILE_NOT_FOUND_MESSAGE);
const locationNotFound = () => notFound('No encontramos ese lugar de atención.');

function parseItems(json: string): PublicProfileItem[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as PublicProfileItem[]) : [];
  } catch {
    return [];
  }
}

function parseIds(json: string): string[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

export { practiceVoice } from './practice-voice.js';

export const SERVICE_MISSING_MESSAGE = 'Elige un servicio.';

/** 'Ana María Pérez' → 'ana-maria-perez'. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '');
}

/** 'Ana María Pérez' → first 'Ana', last 'María Pérez'; a single word keeps an empty last name. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/);
  const first = words.shift() ?? '';
  return { firstName: first.slice(0, 80), lastName: words.join(' ').slice(0, 80) };
}

export function createPublicProfileService(deps: PublicProfileServiceDeps) {
  const { db, clock, mailer, bus, rateLimiter, appointments } = deps;
  const covers = new UploadStore(deps.dataDir, 'covers', 'webp');

  async function suggestSlug(scope: Scope): Promise<string> {
    const n = await repo.nutritionist(db, scope);
    const base = slugify(`${n?.first_name ?? ''} ${n?.last_name ?? ''}`) || 'mi-consultorio';
    for (let i = 0; i < 20; i += 1) {
      const candidate = (i === 0 ? base : `${base}-${i + 1}`).padEnd(3, '0');
      const owner = await repo.slugOwner(db, candidate);
      if (!owner || owner.nutritionist_id === scope.nutritionistId) return candidate;
    }
    return `${base}-${newId().slice(-6)}`;
  }

  async function toProfile(scope: Scope, row: PublicProfilesTable | undefined): Promise<PublicProfile> {
    return {
      slug: row?.slug ?? null,
      suggestedSlug: row?.slug ?? (await suggestSlug(scope)),
      published: Number(row?.published ?? 0) === 1,
      url: row?.slug ? `${deps.links.current()}/p/${row.slug}` : null,
      headline: row?.headline ?? null,
      about: row?.about ?? null,
      hasCover: Boolean(row?.cover_path),
      coverUpdatedAt: row?.cover_updated_at ?? null,
      titles: row ? parseItems(row.titles) : [],
      studies: row ? parseItems(row.studies) : [],
      experiences: row ? parseItems(row.experiences) : [],
      services: row ? parseItems(row.services) : [],
      locationIds: row ? parseIds(row.location_ids) : [],
      updatedAt: row?.updated_at ?? null,
    };
  }

  async function ensureRow(scope: Scope): Promise<PublicProfilesTable> {
    const existing = await repo.find(db, scope);
    if (existing) return existing;
    const now = clock.now().toISOString();
    const row: PublicProfilesTable = {
      nutritionist_id: scope.nutritionistId,
      slug: null,
      published: 0,
      headline: null,
      about: null,
      cover_path: null,
      cover_updated_at: null,
      titles: '[]',
      studies: '[]',
      experiences: '[]',
      services: '[]',
      location_ids: '[]',
      created_at: now,
      updated_at: now,
    };
    await repo.insert(db, row).catch(() => undefined); // a concurrent first save inserted it
    return (await repo.find(db, scope)) ?? row;
  }

  const withIds = (items: Array<{ id?: string | undefined; title: string; detail: string | null }>) =>
    JSON.stringify(items.map((item) => ({ id: item.id ?? newId(), title: item.title, detail: item.detail })));

  /** The published profile's owner and row, or 404. */
  async function published(slug: string) {
    const row = await repo.findPublished(db, slug.toLowerCase());
    if (!row) throw profileNotFound();
    return row;
  }

  /** The shown, enabled places of a published profile with their hours and visible services. */
  async function bookableLocations(owner: { nutritionist_id: string; location_ids: string }): Promise<PublicLocation[]> {
    const scope = { nutritionistId: owner.nutritionist_id };
    const ids = parseIds(owner.location_ids);
    const { locations, schedules, services } = await repo.listLocations(db, scope, ids);
    const byId = new Map(locations.filter((l) => Number(l.visible) === 1 && Number(l.disabled) === 0).map((l) => [l.id, l]));
    return ids.flatMap((id) => {
      const l = byId.get(id);
      if (!l) return [];
      const hours = new Map<number, Array<{ start: string; end: string }>>();
      for (const s of schedules.filter((s) => s.location_id === id)) {
        const day = Number(s.weekday);
        hours.set(day, [...(hours.get(day) ?? []), { start: s.start_time, end: s.end_time }]);
      }
      const phone = l.mobile_number ? `${l.mobile_area_code ? `${l.mobile_area_code} ` : ''}${l.mobile_number}` : (l.phone1 ?? null);
      return [
        {
          id: l.id,
          name: l.name,
          detail: l.detail,
          address: placeAddress(l),
          phone,
          latitude: l.latitude === null ? null : Number(l.latitude),
          longitude: l.longitude === null ? null : Number(l.longitude),
          hours: [...hours.entries()].sort((a, b) => a[0] - b[0]).map(([weekday, ranges]) => ({ weekday, ranges })),
          services: services
            .filter((s) => s.location_id === id)
            .map((s) => ({ id: s.id, name: s.name, durationMinutes: Number(s.duration_minutes), priceCents: Number(s.price_cents), currency: s.currency })),
        },
      ];
    });
  }

  function requireBookable(locations: PublicLocation[], locationId: string, serviceId: string | undefined) {
    const location = locations.find((l) => l.id === locationId);
    if (!location) throw locationNotFound();
    const service = serviceId ? location.services.find((s) => s.id === serviceId) : undefined;
    if (serviceId && !service) throw notFound('No encontramos ese servicio en ese lugar de atención.');
    return { location, service };
  }

  /** A place that offers services is booked for one of them, so the request carries a service and its price. */
  function requireService(location: PublicLocation, service: PublicLocation['services'][number] | undefined) {
    if (!service && location.services.length > 0) {
      throw new AppError('VALIDATION_ERROR', SERVICE_MISSING_MESSAGE, [{ path: 'serviceId', message: SERVICE_MISSING_MESSAGE }]);
    }
  }

  async function freeSlots(scope: Scope, locationId: string, serviceId: string | undefined, date: string): Promise<Slot[]> {
    const slots = await appointments.slots(scope, locationId, { date, ...(serviceId ? { serviceId } : {}) });
    return slots.filter((s) => s.available);
  }

  return {
    async getOwn(scope: Scope): Promise<PublicProfile> {
      return toProfile(scope, await repo.find(db, scope));
    },

    async update(scope: Scope, input: UpdatePublicProfileInput): Promise<PublicProfile> {
      const row = await ensureRow(scope);
      const changes: Partial<PublicProfilesTable> = { updated_at: clock.now().toISOString() };
      if (input.slug !== undefined && input.slug !== row.slug) {
        const owner = await repo.slugOwner(db, input.slug);
        if (owner && owner.nutritionist_id !== scope.nutritionistId) {
          throw new AppError('CONFLICT', SLUG_TAKEN_MESSAGE, { field: 'slug', reason: 'SLUG_TAKEN' });
        }
        changes.slug = input.slug;
      }
      if (input.published !== undefined) {
        const slug = changes.slug ?? row.slug;
        if (input.published && !slug) {
          throw new AppError('DOMAIN_RULE', 'Elige la dirección de tu perfil antes de publicarlo.', { field: 'slug', reason: 'SLUG_MISSING' });
        }
        changes.published = input.published ? 1 : 0;
      }
      if (input.headline !== undefined) changes.headline = input.headline;
      if (input.about !== undefined) changes.about = input.about;
      if (input.titles) changes.titles = withIds(input.titles);
      if (input.studies) changes.studies = withIds(input.studies);
      if (input.experiences) changes.experiences = withIds(input.experiences);
      if (input.services) changes.services = withIds(input.services);
      if (input.locationIds) {
        const unique = [...new Set(input.locationIds)];
        const known = new Set(await repo.existingLocationIds(db, scope, unique));
        if (unique.some((id) => !known.has(id))) throw locationNotFound();
        changes.location_ids = JSON.stringify(unique);
      }
      try {
        await repo.update(db, scope, changes);
      } catch (error) {
        // Two nutritionists choosing the same free slug at once: the unique index decides.
        if (changes.slug && (await repo.slugOwner(db, changes.slug))?.nutritionist_id !== scope.nutritionistId) {
          throw new AppError('CONFLICT', SLUG_TAKEN_MESSAGE, { field: 'slug', reason: 'SLUG_TAKEN' });
        }
        throw error;
      }
      return toProfile(scope, await repo.find(db, scope));
    },

    async setCover(scope: Scope, upload: Buffer): Promise<PublicProfile> {
      const webp = await reencodeImage(upload, { accept: ['jpeg', 'png', 'webp'], maxWidth: 1600, maxHeight: 900, output: { format: 'webp', quality: 78 } });
      if (!webp) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'La portada debe ser una imagen JPEG, PNG o WebP.');
      const row = await ensureRow(scope);
      const relative = await covers.save(scope.nutritionistId, 'cover', webp);
      const now = clock.now().toISOString();
      await repo.update(db, scope, { cover_path: relative, cover_updated_at: now });
      if (row.cover_path && row.cover_path !== relative) await covers.remove(row.cover_path);
      return toProfile(scope, await repo.find(db, scope));
    },

    async removeCover(scope: Scope): Promise<PublicProfile> {
      const row = await repo.find(db, scope);
      if (row?.cover_path) {
        const now = clock.now().toISOString();
        await repo.update(db, scope, { cover_path: null, cover_updated_at: now });
        await covers.remove(row.cover_path);
      }
      return toProfile(scope, await repo.find(db, scope));
    },

    async readOwnCover(scope: Scope): Promise<Buffer> {
      const bytes = await covers.read((await repo.find(db, scope))?.cover_path ?? null);
      if (!bytes) throw notFound('Todavía no subiste una portada.');
      return bytes;
    },

    async readPublicCover(slug: string): Promise<Buffer> {
      const bytes = await covers.read((await published(slug)).cover_path);
      if (!bytes) throw notFound('Este perfil no tiene portada.');
      return bytes;
    },

    /** The published profiles for the sitemap: slug and the day it last changed (YYYY-MM-DD). */
    async publishedPages(): Promise<Array<{ slug: string; lastModified: string }>> {
      const rows = await repo.listPublished(db);
      return rows.flatMap((row) => (row.slug ? [{ slug: row.slug, lastModified: String(row.updated_at).slice(0, 10) }] : []));
    },

    async view(slug: string): Promise<PublicProfileView> {
      const row = await published(slug);
      return {
        slug: row.slug ?? slug,
        name: `${row.first_name} ${row.last_name}`.trim(),
        headline: row.headline,
        about: row.about,
        coverUrl: row.cover_path ? `/api/v1/public/profiles/${row.slug}/cover?v=${encodeURIComponent(row.cover_updated_at ?? '')}` : null,
        titles: parseItems(row.titles),
        studies: parseItems(row.studies),
        experiences: parseItems(row.experiences),
        services: parseItems(row.services),
        locations: await bookableLocations(row),
        timeZone: resolveTimeZone(row.time_zone),
        voice: practiceVoice(row),
      };
    },

    /** What the confirmation page restates of a request just sent (null: not one of this profile's). */
    async sentRequest(slug: string, id: string) {
      const row = await published(slug);
      const sent = await repo.findSentRequest(db, { nutritionistId: row.nutritionist_id }, id);
      if (!sent) return null;
      return {
        start: sent.requested_start,
        locationName: sent.location_name,
        locationDetail: sent.location_detail,
        address: sent.location_name ? placeAddress(sent) : null,
        serviceName: sent.service_name,
        priceCents: sent.price_cents === null ? null : Number(sent.price_cents),
        currency: sent.currency,
        timeZone: resolveTimeZone(row.time_zone),
      };
    },

    /** Today's date where the nutritionist works (the first day a visitor may pick). */
    async today(slug: string): Promise<string> {
      const row = await published(slug);
      return localDateOf(clock.now(), resolveTimeZone(row.time_zone));
    },

    async slots(slug: string, query: PublicSlotsQuery): Promise<Slot[]> {
      const row = await published(slug);
      requireBookable(await bookableLocations(row), query.locationId, query.serviceId);
      return freeSlots({ nutritionistId: row.nutritionist_id }, query.locationId, query.serviceId, query.date);
    },

    async request(slug: string, input: CreatePublicAppointmentInput, ip: string): Promise<CreatedAppointmentRequest> {
      const row = await published(slug);
      const scope = { nutritionistId: row.nutritionist_id };
      await rateLimiter.hit([{ key: `public-request:ip:${ip}`, max: PUBLIC_REQUESTS_PER_IP }]);
      if (input.website && input.website.trim() !== '') {
        throw new AppError('DOMAIN_RULE', HONEYPOT_MESSAGE, { reason: 'HONEYPOT' });
      }
      if ((await repo.countOpenRequests(db, scope, input.email)) >= MAX_OPEN_REQUESTS_PER_EMAIL) {
        throw new AppError('RATE_LIMITED', OPEN_REQUESTS_MESSAGE, { reason: 'OPEN_REQUESTS_LIMIT', max: MAX_OPEN_REQUESTS_PER_EMAIL });
      }
      const timeZone = resolveTimeZone(row.time_zone);
      const { firstName, lastName } = splitName(input.name);
      const newPatient = { firstName, lastName, email: input.email, phone: input.phone, sex: null };
      const id = newId();
      const nowIso = clock.now().toISOString();
      const base = {
        id,
        nutritionist_id: scope.nutritionistId,
        first_name: firstName,
        last_name: lastName,
        email: input.email,
        phone: input.phone,
        message: input.message || null,
        status: 'pending' as const,
        seen: 0,
        reject_reason: null,
        decided_at: null,
        created_at: nowIso,
        updated_at: nowIso,
      };

      let emailSlot: { start: string; location: PublicLocation; serviceName: string | null } | null = null;
      if (input.start && input.locationId) {
        const { location, service } = requireBookable(await bookableLocations(row), input.locationId, input.serviceId);
        requireService(location, service);
        const startMs = Date.parse(input.start);
        const date = localDateOf(new Date(startMs), timeZone);
        const slot = (await freeSlots(scope, location.id, service?.id, date)).find((s) => Date.parse(s.start) === startMs);
        if (!slot) throw new AppError('CONFLICT', SLOT_GONE_MESSAGE, { reason: 'SLOT_TAKEN', field: 'start' });
        await appointments.create(
          scope,
          null,
          {
            locationId: location.id,
            serviceId: service?.id ?? null,
            start: slot.start,
            end: slot.end,
            status: 'pending',
            notes: input.message ? `Solicitud web: ${input.message}`.slice(0, 2000) : 'Solicitud web',
            newPatient,
            allowOutsideSchedule: false,
          },
          {
            newPatientIsNew: true,
            inTransaction: async (trx, ids) => {
              await repo.insertRequest(trx, {
                ...base,
                requested_start: slot.start,
                requested_end: slot.end,
                location_id: location.id,
                service_id: service?.id ?? null,
                patient_id: ids.patientId,
                appointment_id: ids.appointmentId,
              });
            },
          },
        );
        emailSlot = { start: slot.start, location, serviceName: service?.name ?? null };
      } else {
        // A call-back may still name the place and service she asked about.
        const wanted = input.locationId ? requireBookable(await bookableLocations(row), input.locationId, input.serviceId) : null;
        await db.transaction().execute(async (trx) => {
          const patientId = await appointments.createNewPatient(trx, scope, newPatient);
          await repo.insertRequest(trx, {
            ...base,
            requested_start: null,
            requested_end: null,
            location_id: wanted?.location.id ?? null,
            service_id: wanted?.service?.id ?? null,
            patient_id: patientId,
            appointment_id: null,
          });
        });
      }

      await bus.publish(channels.nutritionist(scope.nutritionistId), { type: REQUESTS_CHANGED_EVENT, requestId: id }).catch(() => undefined);
      await deps.notifier?.notify({ recipient: { kind: 'nutritionist', id: scope.nutritionistId }, event: 'appointment_request', url: '/marketing', tag: 'appointment-request', key: `appointment_request:${id}` });
      // A visitor, not signed in, triggers these emails: the anonymous rule of lib/link-origin.ts.
      const publicBase = deps.links.currentForAnonymous();
      const practice = await loadPracticeMailContext(db, scope, publicBase);
      if (practice) {
        await mailer.send(
          requestReceivedEmail({
            to: input.email,
            visitorName: firstName,
            start: emailSlot?.start ?? null,
            locationName: emailSlot?.location.name ?? null,
            address: emailSlot?.location.address ?? null,
            locationDetail: emailSlot?.location.detail ?? null,
            locationPhone: emailSlot?.location.phone ?? null,
            serviceName: emailSlot?.serviceName ?? null,
            practice,
          }),
        );
        // She hears of it by email too, not only through the badge of an app she may not have open.
        await mailer.send(
          newRequestNotificationEmail({
            practice,
            visitorFullName: input.name.trim(),
            phone: input.phone,
            email: input.email,
            message: input.message || null,
            start: emailSlot?.start ?? null,
            locationName: emailSlot?.location.name ?? null,
            serviceName: emailSlot?.serviceName ?? null,
            inboxUrl: `${publicBase}/marketing`,
          }),
        );
      }
      return { id, status: 'pending' };
    },
  };
}

export type PublicProfileService = ReturnType<typeof createPublicProfileService>;
