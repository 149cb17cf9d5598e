// The nutritionist's public web profile (/p/{slug}) and the appointment requests visitors send from it
// (seed 2 section 7.11; seed 1 section 4 "Appointment requests"). The profile is edited through
// /api/v1/me/public-profile; visitors read it through /api/v1/public/profiles/{slug}.
import { z } from 'zod';
import { calendarDateSchema, idSchema, isoInstantSchema } from './common.js';
import { slotSchema } from './locations.js';

export const PUBLIC_SLUG_MIN = 3;
export const PUBLIC_SLUG_MAX = 60;
/** Lower-case letters, digits and single hyphens between them: 'lic-ana-perez'. */
export const PUBLIC_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Addresses the app itself answers or that would mislead a visitor. */
export const RESERVED_PUBLIC_SLUGS = ['admin', 'api', 'almendra', 'login', 'soporte', 'ayuda', 'nuevo', 'p'] as const;
export const PUBLIC_PROFILE_ITEMS_MAX = 30;

export const publicSlugSchema = z
  .string({ error: 'Ingresa la dirección de tu perfil.' })
  .trim()
  .toLowerCase()
  .min(PUBLIC_SLUG_MIN, { error: `La dirección debe tener al menos ${PUBLIC_SLUG_MIN} caracteres.` })
  .max(PUBLIC_SLUG_MAX, { error: `La dirección puede tener hasta ${PUBLIC_SLUG_MAX} caracteres.` })
  .regex(PUBLIC_SLUG_PATTERN, { error: 'Usa solo letras minúsculas sin acentos, números y guiones (por ejemplo lic-ana-perez).' })
  .refine((v) => !(RESERVED_PUBLIC_SLUGS as readonly string[]).includes(v), { error: 'Esa dirección está reservada. Elige otra.' });

/** One entry of a list of the profile (a title, a study, an experience or a service). */
export const publicProfileItemSchema = z.object({
  /** Kept across edits; a new entry may omit it (the server assigns one). */
  id: idSchema.optional(),
  title: z
    .string({ error: 'Ingresa un título.' })
    .trim()
    .min(1, { error: 'Ingresa un título.' })
    .max(160, { error: 'El título puede tener hasta 160 caracteres.' }),
  detail: z
    .string({ error: 'Debe ser un texto.' })
    .trim()
    .max(1000, { error: 'El detalle puede tener hasta 1000 caracteres.' })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null)),
});
export type PublicProfileItemInput = z.input<typeof publicProfileItemSchema>;

const itemList = z.array(publicProfileItemSchema).max(PUBLIC_PROFILE_ITEMS_MAX, { error: `Hasta ${PUBLIC_PROFILE_ITEMS_MAX} elementos por lista.` });

/** PATCH body: any subset; a list sent replaces the stored one in the order given (add, edit, delete, reorder). */
export const updatePublicProfileRequestSchema = z
  .object({
    slug: publicSlugSchema,
    published: z.boolean({ error: 'Debe ser verdadero o falso.' }),
    headline: z
      .string({ error: 'Debe ser un texto.' })
      .trim()
      .max(300, { error: 'La presentación corta puede tener hasta 300 caracteres.' })
      .nullable()
      .transform((v) => (v ? v : null)),
    about: z
      .string({ error: 'Debe ser un texto.' })
      .trim()
      .max(3000, { error: 'La descripción puede tener hasta 3000 caracteres.' })
      .nullable()
      .transform((v) => (v ? v : null)),
    titles: itemList,
    studies: itemList,
    experiences: itemList,
    services: itemList,
    /** Places of care shown on the page, in this order (ids of the nutritionist's places). */
    locationIds: z.array(idSchema).max(20, { error: 'Hasta 20 lugares de atención.' }),
  })
  .partial();
export type UpdatePublicProfileRequest = z.input<typeof updatePublicProfileRequestSchema>;
export type UpdatePublicProfileInput = z.output<typeof updatePublicProfileRequestSchema>;

export const publicProfileItemOutSchema = z.object({ id: idSchema, title: z.string(), detail: z.string().nullable() });
export type PublicProfileItem = z.infer<typeof publicProfileItemOutSchema>;

/** GET/PATCH /me/public-profile answer. */
export const publicProfileSchema = z.object({
  /** null until the nutritionist chooses one (a suggestion is offered in `suggestedSlug`). */
  slug: z.string().nullable(),
  suggestedSlug: z.string(),
  published: z.boolean(),
  /** The public address (absolute), null without a slug. */
  url: z.string().nullable(),
  headline: z.string().nullable(),
  about: z.string().nullable(),
  hasCover: z.boolean(),
  coverUpdatedAt: isoInstantSchema.nullable(),
  titles: z.array(publicProfileItemOutSchema),
  studies: z.array(publicProfileItemOutSchema),
  experiences: z.array(publicProfileItemOutSchema),
  services: z.array(publicProfileItemOutSchema),
  locationIds: z.array(idSchema),
  updatedAt: isoInstantSchema.nullable(),
});
export type PublicProfile = z.infer<typeof publicProfileSchema>;

export const publicSlugParamsSchema = z.object({ slug: z.string().min(1).max(100) });

/** What a visitor sees of a place of care: address, map point, weekly hours and bookable services. */
export const publicLocationSchema = z.object({
  id: idSchema,
  name: z.string(),
  detail: z.string().nullable(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** Monday 1 … Sunday 7, 'HH:mm' ranges in the nutritionist's time zone; closed days are left out. */
  hours: z.array(z.object({ weekday: z.number().int(), ranges: z.array(z.object({ start: z.string(), end: z.string() })) })),
  services: z.array(z.object({ id: idSchema, name: z.string(), durationMinutes: z.number().int(), priceCents: z.number().int(), currency: z.string() })),
});
export type PublicLocation = z.infer<typeof publicLocationSchema>;

/** GET /public/profiles/{slug}: the published profile. */
export const publicProfileViewSchema = z.object({
  slug: z.string(),
  name: z.string(),
  headline: z.string().nullable(),
  about: z.string().nullable(),
  /** Same-origin address of the cover image, null without one. */
  coverUrl: z.string().nullable(),
  titles: z.array(publicProfileItemOutSchema),
  studies: z.array(publicProfileItemOutSchema),
  experiences: z.array(publicProfileItemOutSchema),
  services: z.array(publicProfileItemOutSchema),
  locations: z.array(publicLocationSchema),
  timeZone: z.string(),
  /** The Spanish the page speaks to visitors: the practice's (es-AR: voseo, "Pedí tu turno"). */
  voice: z.enum(['es', 'es-AR']),
});
export type PublicProfileView = z.infer<typeof publicProfileViewSchema>;

export const publicSlotsQuerySchema = z.object({
  locationId: idSchema,
  serviceId: idSchema.optional(),
  date: calendarDateSchema,
});
export type PublicSlotsQuery = z.infer<typeof publicSlotsQuerySchema>;
/** Only the free slots are listed to visitors. */
export const publicSlotListSchema = z.array(slotSchema);

export const PUBLIC_REQUEST_NAME_MAX = 120;
export const PUBLIC_REQUEST_MESSAGE_MAX = 1000;
/** Pending requests one email may have open with one nutritionist. */
export const MAX_OPEN_REQUESTS_PER_EMAIL = 3;
/** Requests one IP may send in one rate-limit window (15 minutes by default). */
export const PUBLIC_REQUESTS_PER_IP = 5;
/** The honeypot: a field people never see and bots fill. */
export const PUBLIC_REQUEST_HONEYPOT_FIELD = 'website';

export const createPublicAppointmentRequestSchema = z
  .object({
    name: z
      .string({ error: 'Ingresa tu nombre.' })
      .trim()
      .min(2, { error: 'Ingresa tu nombre y apellido.' })
      .max(PUBLIC_REQUEST_NAME_MAX, { error: `El nombre puede tener hasta ${PUBLIC_REQUEST_NAME_MAX} caracteres.` }),
    phone: z
      .string({ error: 'Ingresa tu teléfono.' })
      .trim()
      .min(6, { error: 'Ingresa un teléfono con código de área.' })
      .max(30, { error: 'El teléfono es demasiado largo.' })
      .regex(/^[0-9+()\-.\s]+$/, { error: 'El teléfono solo puede tener números, espacios, +, guiones y paréntesis.' })
      .refine((v) => v.replace(/\D/g, '').length >= 6, { error: 'Ingresa un teléfono con código de área.' }),
    email: z
      .string({ error: 'Ingresa tu correo electrónico.' })
      .trim()
      .toLowerCase()
      .max(254, { error: 'El correo es demasiado largo.' })
      .email({ error: 'Ingresa un correo electrónico válido.' }),
    message: z
      .string({ error: 'Debe ser un texto.' })
      .trim()
      .max(PUBLIC_REQUEST_MESSAGE_MAX, { error: `El mensaje puede tener hasta ${PUBLIC_REQUEST_MESSAGE_MAX} caracteres.` })
      .optional()
      .default(''),
    locationId: idSchema.optional(),
    serviceId: idSchema.optional(),
    /** The chosen slot's start (an instant from the slots list). Without it: a call-back request. */
    start: z.iso.datetime({ offset: true, error: 'Elige un horario de la lista.' }).optional(),
    website: z.string().max(500).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.start && !value.locationId) ctx.addIssue({ code: 'custom', message: 'Elige un lugar de atención.', path: ['locationId'] });
    if (value.serviceId && !value.locationId) ctx.addIssue({ code: 'custom', message: 'Elige un lugar de atención.', path: ['locationId'] });
  });
export type CreatePublicAppointmentRequest = z.input<typeof createPublicAppointmentRequestSchema>;
export type CreatePublicAppointmentInput = z.output<typeof createPublicAppointmentRequestSchema>;

export const appointmentRequestStatusSchema = z.enum(['pending', 'confirmed', 'rejected']);
export type AppointmentRequestStatus = z.infer<typeof appointmentRequestStatusSchema>;

export const createdAppointmentRequestSchema = z.object({ id: idSchema, status: appointmentRequestStatusSchema });
export type CreatedAppointmentRequest = z.infer<typeof createdAppointmentRequestSchema>;
