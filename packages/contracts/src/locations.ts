// Places of care (the spec's TUb_ "lugares de atención"), their weekly opening hours, their services
// (each with an optional schedule of its own) and the calendar's visible hours.
import { z } from 'zod';
import { calendarDateSchema, decimalQueryInteger, idSchema, isoInstantSchema } from './common.js';
import { DEFAULT_LOCATION_COLOR } from './constants.js';

// ---------------------------------------------------------------------------------------------------
// Field builders
// ---------------------------------------------------------------------------------------------------

const tooLong = (max: number) => ({ error: `Es demasiado largo (máximo ${max} caracteres).` });

/** Optional free text: trimmed; '' and null both clear the field (stored as null). */
const optionalText = (max: number) =>
  z
    .string({ error: 'Debe ser un texto.' })
    .trim()
    .max(max, tooLong(max))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const phoneText = (max: number) =>
  z
    .string({ error: 'Debe ser un texto.' })
    .trim()
    .max(max, tooLong(max))
    .regex(/^[0-9+()\-.\s]*$/, { error: 'Usa solo números, espacios y los signos + - ( ).' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

const booleanField = z.boolean({ error: 'Debe ser verdadero o falso.' });

/** '#rrggbb', stored lower-case. */
export const hexColorSchema = z
  .string({ error: 'Elige un color.' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'El color debe tener el formato #rrggbb.' })
  .transform((v) => v.toLowerCase());

export const SLOT_INTERVAL_MIN = 5;
export const SLOT_INTERVAL_MAX = 240;
export const DEFAULT_SLOT_INTERVAL = 30;

export const slotIntervalSchema = z
  .number({ error: 'El intervalo debe ser un número de minutos.' })
  .int({ error: 'El intervalo debe ser un número entero de minutos.' })
  .min(SLOT_INTERVAL_MIN, { error: `El intervalo debe estar entre ${SLOT_INTERVAL_MIN} y ${SLOT_INTERVAL_MAX} minutos.` })
  .max(SLOT_INTERVAL_MAX, { error: `El intervalo debe estar entre ${SLOT_INTERVAL_MIN} y ${SLOT_INTERVAL_MAX} minutos.` });

const coordinate = (label: string, limit: number) =>
  z
    .number({ error: `La ${label} debe ser un número.` })
    .min(-limit, { error: `La ${label} debe estar entre -${limit} y ${limit}.` })
    .max(limit, { error: `La ${label} debe estar entre -${limit} y ${limit}.` })
    .nullable()
    .optional();

// ---------------------------------------------------------------------------------------------------
// Weekly schedule
// ---------------------------------------------------------------------------------------------------

const TIME_OF_DAY = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Wall-clock time 'HH:mm' (24 h) in the nutritionist's time zone. */
export const timeOfDaySchema = z.string({ error: 'Ingresa una hora.' }).regex(TIME_OF_DAY, { error: 'Usa el formato de hora HH:mm (00:00 a 23:59).' });
/** End of a range: 'HH:mm', or '24:00' for "until midnight". */
export const endTimeOfDaySchema = z
  .string({ error: 'Ingresa una hora.' })
  .refine((v) => v === '24:00' || TIME_OF_DAY.test(v), { error: 'Usa el formato de hora HH:mm (00:00 a 24:00).' });

export const scheduleRangeSchema = z
  .object({ start: timeOfDaySchema, end: endTimeOfDaySchema })
  // 'HH:mm' strings of equal length order like the times they name.
  .refine((r) => r.start < r.end, { error: 'La hora de inicio debe ser anterior a la de fin.', path: ['end'] });
export type ScheduleRange = z.infer<typeof scheduleRangeSchema>;

export const MAX_RANGES_PER_DAY = 12;

export const scheduleDaySchema = z
  .object({
    /** ISO weekday: Monday 1 … Sunday 7. */
    weekday: z
      .number({ error: 'El día debe ser un número de 1 (lunes) a 7 (domingo).' })
      .int({ error: 'El día debe ser un número de 1 (lunes) a 7 (domingo).' })
      .min(1, { error: 'El día debe ser un número de 1 (lunes) a 7 (domingo).' })
      .max(7, { error: 'El día debe ser un número de 1 (lunes) a 7 (domingo).' }),
    ranges: z
      .array(scheduleRangeSchema)
      .max(MAX_RANGES_PER_DAY, { error: `Como máximo ${MAX_RANGES_PER_DAY} franjas por día.` }),
  })
  .superRefine((day, ctx) => {
    const sorted = day.ranges.map((r, index) => ({ ...r, index })).sort((a, b) => a.start.localeCompare(b.start));
    for (let i = 1; i < sorted.length; i += 1) {
      const previous = sorted[i - 1]!;
      const current = sorted[i]!;
      if (current.start < previous.end) {
        ctx.addIssue({ code: 'custom', message: 'Los horarios de un mismo día no pueden superponerse.', path: ['ranges', current.index, 'start'] });
      }
    }
  });
export type ScheduleDay = z.infer<typeof scheduleDaySchema>;

/** PUT body of a place's or a service's weekly schedule; weekdays left out are closed. */
export const weeklyScheduleSchema = z
  .object({ days: z.array(scheduleDaySchema).max(7, { error: 'Una semana tiene 7 días.' }) })
  .superRefine((schedule, ctx) => {
    const seen = new Set<number>();
    schedule.days.forEach((day, index) => {
      if (seen.has(day.weekday)) ctx.addIssue({ code: 'custom', message: 'Ese día está repetido.', path: ['days', index, 'weekday'] });
      seen.add(day.weekday);
    });
  });
export type WeeklySchedule = z.infer<typeof weeklyScheduleSchema>;
export type WeeklyScheduleInput = z.input<typeof weeklyScheduleSchema>;

/** Answer: always the seven days, Monday first, ranges sorted. */
export const weeklyScheduleResponseSchema = z.object({
  days: z.array(z.object({ weekday: z.number().int(), ranges: z.array(z.object({ start: z.string(), end: z.string() })) })),
});
export type WeeklyScheduleResponse = z.infer<typeof weeklyScheduleResponseSchema>;

export const serviceScheduleResponseSchema = weeklyScheduleResponseSchema.extend({
  /** False: the service follows its place's hours (the days shown are the place's). */
  ownSchedule: z.boolean(),
});
export type ServiceScheduleResponse = z.infer<typeof serviceScheduleResponseSchema>;

// ---------------------------------------------------------------------------------------------------
// Place of care
// ---------------------------------------------------------------------------------------------------

const locationFields = {
  name: z
    .string({ error: 'Ingresa el nombre del lugar.' })
    .trim()
    .min(1, { error: 'Ingresa el nombre del lugar.' })
    .max(120, tooLong(120)),
  /** Detalle_Opcional: floor, office, how to get there. */
  detail: optionalText(500),
  street: optionalText(200),
  streetNumber: optionalText(20),
  phone1: phoneText(30),
  phone2: phoneText(30),
  mobileAreaCode: phoneText(8),
  mobileNumber: phoneText(20),
  color: hexColorSchema,
  /** Minutes between the slot starts offered for this place. */
  slotIntervalMinutes: slotIntervalSchema,
  /** False: hidden ("ocultar") — kept, still bookable by the nutritionist, not offered to the public. */
  visible: booleanField,
  /** True: the place takes no new appointments (its slots are all unavailable). */
  disabled: booleanField,
  latitude: coordinate('latitud', 90),
  longitude: coordinate('longitud', 180),
  /** Send patients an email the day before their appointment here. */
  reminderEmailsEnabled: booleanField,
};

export const createLocationRequestSchema = z.object({
  ...locationFields,
  color: locationFields.color.default(DEFAULT_LOCATION_COLOR),
  slotIntervalMinutes: locationFields.slotIntervalMinutes.default(DEFAULT_SLOT_INTERVAL),
  visible: booleanField.default(true),
  disabled: booleanField.default(false),
  reminderEmailsEnabled: booleanField.default(true),
});
export type CreateLocationRequest = z.input<typeof createLocationRequestSchema>;
export type CreateLocationInput = z.output<typeof createLocationRequestSchema>;

/** PATCH: only the fields sent change; null clears an optional field. No defaults apply here. */
export const updateLocationRequestSchema = z.object({
  ...locationFields,
  name: locationFields.name.optional(),
  color: locationFields.color.optional(),
  slotIntervalMinutes: locationFields.slotIntervalMinutes.optional(),
  visible: booleanField.optional(),
  disabled: booleanField.optional(),
  reminderEmailsEnabled: booleanField.optional(),
});
export type UpdateLocationRequest = z.input<typeof updateLocationRequestSchema>;
export type UpdateLocationInput = z.output<typeof updateLocationRequestSchema>;

export const locationSchema = z.object({
  id: idSchema,
  name: z.string(),
  detail: z.string().nullable(),
  street: z.string().nullable(),
  streetNumber: z.string().nullable(),
  phone1: z.string().nullable(),
  phone2: z.string().nullable(),
  mobileAreaCode: z.string().nullable(),
  mobileNumber: z.string().nullable(),
  color: z.string(),
  slotIntervalMinutes: z.number().int(),
  visible: z.boolean(),
  disabled: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  reminderEmailsEnabled: z.boolean(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type Location = z.infer<typeof locationSchema>;
export const locationListSchema = z.array(locationSchema);

export const locationIdParamsSchema = z.object({ id: idSchema });

// ---------------------------------------------------------------------------------------------------
// Services of a place
// ---------------------------------------------------------------------------------------------------

export const SERVICE_DURATION_MIN = 5;
export const SERVICE_DURATION_MAX = 720;

const serviceFields = {
  name: z
    .string({ error: 'Ingresa el nombre del servicio.' })
    .trim()
    .min(1, { error: 'Ingresa el nombre del servicio.' })
    .max(120, tooLong(120)),
  durationMinutes: z
    .number({ error: 'La duración debe ser un número de minutos.' })
    .int({ error: 'La duración debe ser un número entero de minutos.' })
    .min(SERVICE_DURATION_MIN, { error: `La duración debe estar entre ${SERVICE_DURATION_MIN} y ${SERVICE_DURATION_MAX} minutos.` })
    .max(SERVICE_DURATION_MAX, { error: `La duración debe estar entre ${SERVICE_DURATION_MIN} y ${SERVICE_DURATION_MAX} minutos.` }),
  /** Price in cents of the currency (integer; 150050 = 1.500,50). */
  priceCents: z
    .number({ error: 'El precio debe ser un número.' })
    .int({ error: 'El precio va en centavos: debe ser un número entero.' })
    .min(0, { error: 'El precio no puede ser negativo.' })
    .max(100_000_000_000, { error: 'El precio es demasiado alto.' }),
  /** ISO 4217 code. */
  currency: z
    .string({ error: 'Elige una moneda.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: 'La moneda debe ser un código ISO 4217 de 3 letras (ARS, USD…).' }),
  visible: booleanField,
};

export const DEFAULT_SERVICE_CURRENCY = 'ARS';

export const createServiceRequestSchema = z.object({
  ...serviceFields,
  priceCents: serviceFields.priceCents.default(0),
  currency: serviceFields.currency.default(DEFAULT_SERVICE_CURRENCY),
  visible: booleanField.default(true),
});
export type CreateServiceRequest = z.input<typeof createServiceRequestSchema>;
export type CreateServiceInput = z.output<typeof createServiceRequestSchema>;

export const updateServiceRequestSchema = z.object({
  name: serviceFields.name.optional(),
  durationMinutes: serviceFields.durationMinutes.optional(),
  priceCents: serviceFields.priceCents.optional(),
  currency: serviceFields.currency.optional(),
  visible: booleanField.optional(),
});
export type UpdateServiceRequest = z.input<typeof updateServiceRequestSchema>;
export type UpdateServiceInput = z.output<typeof updateServiceRequestSchema>;

export const serviceSchema = z.object({
  id: idSchema,
  locationId: idSchema,
  name: z.string(),
  durationMinutes: z.number().int(),
  priceCents: z.number().int(),
  currency: z.string(),
  visible: z.boolean(),
  /** True when the service has hours of its own instead of its place's. */
  ownSchedule: z.boolean(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type Service = z.infer<typeof serviceSchema>;
export const serviceListSchema = z.array(serviceSchema);

export const serviceIdParamsSchema = z.object({ id: idSchema, sid: idSchema });

// ---------------------------------------------------------------------------------------------------
// Calendar hours and slots
// ---------------------------------------------------------------------------------------------------

/** The legacy /horario-min-max answer, plus the picker step. */
export const calendarHoursSchema = z.object({
  min: z.string(),
  max: z.string(),
  /** True when no schedule is configured: the defaults 05:00–18:00 are shown. */
  alert: z.boolean(),
  stepMinutes: z.number().int(),
});
export type CalendarHoursResponse = z.infer<typeof calendarHoursSchema>;

export const slotsQuerySchema = z.object({
  date: calendarDateSchema,
  /** Minutes between starts; the place's interval when omitted. */
  interval: decimalQueryInteger(z.coerce
    .number({ error: 'El intervalo debe ser un número de minutos.' })
    .int({ error: 'El intervalo debe ser un número entero de minutos.' })
    .min(SLOT_INTERVAL_MIN, { error: `El intervalo debe estar entre ${SLOT_INTERVAL_MIN} y ${SLOT_INTERVAL_MAX} minutos.` })
    .max(SLOT_INTERVAL_MAX, { error: `El intervalo debe estar entre ${SLOT_INTERVAL_MIN} y ${SLOT_INTERVAL_MAX} minutos.` })
    .optional()),
  /** A service of the place: its duration and (when it has one) its own schedule apply. */
  serviceId: idSchema.optional(),
});
export type SlotsQuery = z.infer<typeof slotsQuerySchema>;

export const slotSchema = z.object({
  /** Local start 'HH:mm' in the nutritionist's time zone (the spec's `hora`). */
  time: z.string(),
  start: isoInstantSchema,
  end: isoInstantSchema,
  /** The spec's `disponible`. */
  available: z.boolean(),
});
export type Slot = z.infer<typeof slotSchema>;
export const slotListSchema = z.array(slotSchema);
