// Appointments ("turnos"/"citas") at places of care, free-time blocks ("Tiempo libre": an appointment
// without a patient), today's agenda, and the private iCalendar feed of the nutritionist's agenda.
import { z } from 'zod';
import { idSchema, isoInstantSchema } from './common.js';
import { hexColorSchema } from './locations.js';
import type { PATIENT_ANSWER_EVENT } from './constants.js';

export const appointmentStatusSchema = z.enum(['scheduled', 'completed', 'cancelled', 'pending'], {
  error: "El estado debe ser 'scheduled', 'completed', 'cancelled' o 'pending'.",
});
export type AppointmentStatus = z.infer<typeof appointmentStatusSchema>;

/** The patient's answer through her personal link (/turno/{token}); 'pending' until she answers. */
export const appointmentConfirmationSchema = z.enum(['pending', 'confirmed', 'cancelled_by_patient']);
export type AppointmentConfirmation = z.infer<typeof appointmentConfirmationSchema>;

/** Whether the patient came, set by the nutritionist once the appointment's time has passed (null: not said). */
export const appointmentAttendanceSchema = z.enum(['attended', 'no_show'], { error: "La asistencia debe ser 'attended', 'no_show' o null." });
export type AppointmentAttendance = z.infer<typeof appointmentAttendanceSchema>;

/** Title of an appointment without a patient (seed 1 section 3). */
export const FREE_TIME_TITLE = 'Tiempo libre';
export const MAX_APPOINTMENT_HOURS = 12;
/** Longest window a calendar may ask for at once (a month view plus its leading and trailing weeks). */
export const MAX_APPOINTMENT_RANGE_DAYS = 62;

/** Any ISO-8601 date-time with an offset ('…Z', '…-03:00'); stored and answered as UTC with milliseconds. */
export const instantInputSchema = z
  .string({ error: 'Ingresa una fecha y hora.' })
  .pipe(z.iso.datetime({ offset: true, error: 'Usa una fecha y hora ISO 8601 con zona (2026-03-10T09:00:00-03:00).' }))
  .transform((v) => new Date(v).toISOString());

const tooLong = (max: number) => ({ error: `Es demasiado largo (máximo ${max} caracteres).` });
const optionalText = (max: number) =>
  z
    .string({ error: 'Debe ser un texto.' })
    .trim()
    .max(max, tooLong(max))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();
const requiredName = (label: string) =>
  z.string({ error: `Ingresa ${label}.` }).trim().min(1, { error: `Ingresa ${label}.` }).max(80, tooLong(80));

/** A patient created together with the appointment (the legacy /nueva-cita-nuevo-paciente). */
export const newAppointmentPatientSchema = z.object({
  firstName: requiredName('el nombre'),
  lastName: requiredName('el apellido'),
  sex: z.enum(['m', 'f'], { error: "El sexo debe ser 'm' (masculino) o 'f' (femenino)." }).nullable().optional(),
  email: z
    .string({ error: 'Debe ser un texto.' })
    .trim()
    .toLowerCase()
    .max(254, tooLong(254))
    .refine((v) => v === '' || z.regexes.email.test(v), { error: 'Ingresa un correo electrónico válido.' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  phone: z
    .string({ error: 'Debe ser un texto.' })
    .trim()
    .max(30, tooLong(30))
    .regex(/^[0-9+()\-.\s]*$/, { error: 'Usa solo números, espacios y los signos + - ( ).' })
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
});
export type NewAppointmentPatient = z.input<typeof newAppointmentPatientSchema>;

const appointmentFields = {
  /** null: a free-time block ("Tiempo libre"). */
  patientId: idSchema.nullable().optional(),
  locationId: idSchema,
  serviceId: idSchema.nullable().optional(),
  start: instantInputSchema,
  end: instantInputSchema,
  /** null: the place's colour. */
  color: hexColorSchema.nullable().optional(),
  notes: optionalText(2000),
  status: appointmentStatusSchema,
  /** Book even outside the place's (or service's) hours; without it that answers 422. */
  allowOutsideSchedule: z.boolean({ error: 'Debe ser verdadero o falso.' }),
};

function checkTimes(value: { start?: string | undefined; end?: string | undefined }, ctx: z.RefinementCtx) {
  if (!value.start || !value.end) return;
  const length = Date.parse(value.end) - Date.parse(value.start);
  if (length <= 0) ctx.addIssue({ code: 'custom', message: 'La hora de fin debe ser posterior a la de inicio.', path: ['end'] });
  else if (length > MAX_APPOINTMENT_HOURS * 3600_000) {
    ctx.addIssue({ code: 'custom', message: `Un turno no puede durar más de ${MAX_APPOINTMENT_HOURS} horas.`, path: ['end'] });
  }
}

export const createAppointmentRequestSchema = z
  .object({
    ...appointmentFields,
    /** Instead of patientId: create this patient and book for them. */
    newPatient: newAppointmentPatientSchema.optional(),
    status: appointmentFields.status.default('scheduled'),
    allowOutsideSchedule: appointmentFields.allowOutsideSchedule.default(false),
  })
  .superRefine((value, ctx) => {
    checkTimes(value, ctx);
    if (value.newPatient && value.patientId) {
      ctx.addIssue({ code: 'custom', message: 'Elige un paciente existente o crea uno nuevo, no ambos.', path: ['newPatient'] });
    }
  });
export type CreateAppointmentRequest = z.input<typeof createAppointmentRequestSchema>;
export type CreateAppointmentInput = z.output<typeof createAppointmentRequestSchema>;

/**
 * PATCH: only the fields sent change. Moving `start` alone keeps the appointment's length; `end` alone
 * changes its length. The time rules are checked again on the merged result.
 */
export const updateAppointmentRequestSchema = z
  .object({
    patientId: appointmentFields.patientId,
    locationId: appointmentFields.locationId.optional(),
    serviceId: appointmentFields.serviceId,
    start: appointmentFields.start.optional(),
    end: appointmentFields.end.optional(),
    color: appointmentFields.color,
    notes: appointmentFields.notes,
    status: appointmentFields.status.optional(),
    allowOutsideSchedule: appointmentFields.allowOutsideSchedule.optional(),
    /** Only once the appointment has started, for an appointment with a patient (422 otherwise); null clears it. */
    attendance: appointmentAttendanceSchema.nullable().optional(),
  })
  .superRefine(checkTimes);
export type UpdateAppointmentRequest = z.input<typeof updateAppointmentRequestSchema>;
export type UpdateAppointmentInput = z.output<typeof updateAppointmentRequestSchema>;

export const appointmentSchema = z.object({
  id: idSchema,
  /** null: free time. */
  patientId: idSchema.nullable(),
  /** 'First Last' of the patient (the spec's `paciente`), null for free time. */
  patientName: z.string().nullable(),
  /** The patient's name, or 'Tiempo libre'. */
  title: z.string(),
  locationId: idSchema,
  locationName: z.string(),
  serviceId: idSchema.nullable(),
  serviceName: z.string().nullable(),
  start: isoInstantSchema,
  end: isoInstantSchema,
  /** The appointment's own colour, or its place's. */
  color: z.string(),
  /** True when `color` is the appointment's own rather than the place's. */
  customColor: z.boolean(),
  /** '#000000' or '#ffffff' by the brightness rule (seed 1 section 5), the other one when it would be below 4.5:1. */
  textColor: z.enum(['#000000', '#ffffff']),
  notes: z.string().nullable(),
  status: appointmentStatusSchema,
  /** The consultation recorded for this appointment, once there is one. */
  consultationId: idSchema.nullable(),
  /** When the reminder email went out (null: not sent). */
  reminderSentAt: isoInstantSchema.nullable(),
  /** The patient's answer through her personal link; 'cancelled_by_patient' also cancels the appointment (status 'cancelled'). */
  confirmation: appointmentConfirmationSchema,
  /** When the patient last answered (null: never). */
  confirmationAnsweredAt: isoInstantSchema.nullable(),
  /** The reason the patient gave when she could not come. */
  patientCancelReason: z.string().nullable(),
  /** Whether the patient came (null: not said yet). */
  attendance: appointmentAttendanceSchema.nullable(),
  /**
   * What the agenda proposes while `attendance` is null and the time has passed: 'attended' when the
   * patient has a consultation that day (or this appointment has one); null otherwise.
   */
  suggestedAttendance: z.literal('attended').nullable(),
  createdAt: isoInstantSchema,
  updatedAt: isoInstantSchema,
});
export type Appointment = z.infer<typeof appointmentSchema>;
export const appointmentListSchema = z.array(appointmentSchema);

const booleanQuery = z
  .enum(['true', 'false'], { error: "Usa 'true' o 'false'." })
  .transform((v) => v === 'true')
  .optional();

export const appointmentListQuerySchema = z
  .object({
    from: instantInputSchema,
    to: instantInputSchema,
    locationId: idSchema.optional(),
    /** Cancelled appointments are left out unless asked for. */
    includeCancelled: booleanQuery,
  })
  .superRefine((q, ctx) => {
    const span = Date.parse(q.to) - Date.parse(q.from);
    if (span <= 0) ctx.addIssue({ code: 'custom', message: "'to' debe ser posterior a 'from'.", path: ['to'] });
    else if (span > MAX_APPOINTMENT_RANGE_DAYS * 86_400_000) {
      ctx.addIssue({ code: 'custom', message: `Pide como máximo ${MAX_APPOINTMENT_RANGE_DAYS} días por vez.`, path: ['to'] });
    }
  });
export type AppointmentListQuery = z.output<typeof appointmentListQuerySchema>;

export const todayQuerySchema = z.object({ includeCancelled: booleanQuery });

export const todayAppointmentSchema = appointmentSchema.extend({
  /** The first appointment with a patient still to start today (at most one per answer). */
  isNext: z.boolean(),
});
export const todayAgendaSchema = z.object({
  /** Today in the nutritionist's time zone, 'YYYY-MM-DD'. */
  date: z.string(),
  timeZone: z.string(),
  appointments: z.array(todayAppointmentSchema),
});
export type TodayAgenda = z.infer<typeof todayAgendaSchema>;

export const appointmentIdParamsSchema = z.object({ id: idSchema });

/** Answer of POST /appointments/{id}/notify-change: the email with the appointment's new date went to `sentTo`. */
export const appointmentChangeNoticeSchema = z.object({ sentTo: z.string() });
export type AppointmentChangeNotice = z.infer<typeof appointmentChangeNoticeSchema>;

// ---------------------------------------------------------------------------------------------------
// Confirmation by the patient (issue 27)
// ---------------------------------------------------------------------------------------------------

/** GET /appointments/{id}/confirmation-link: the patient's personal page, valid until the appointment starts. */
export const confirmationLinkSchema = z.object({ url: z.string(), expiresAt: isoInstantSchema });
export type ConfirmationLink = z.infer<typeof confirmationLinkSchema>;

export const CONFIRMATION_REASON_MAX = 500;

/** POST /public/appointment-confirmations/{token}: the patient's answer; a second answer replaces the first. */
export const confirmationAnswerRequestSchema = z.object({
  answer: z.enum(['confirm', 'cancel'], { error: "La respuesta debe ser 'confirm' o 'cancel'." }),
  reason: z
    .string({ error: 'Debe ser un texto.' })
    .trim()
    .max(CONFIRMATION_REASON_MAX, tooLong(CONFIRMATION_REASON_MAX))
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional(),
  /** With 'cancel': the patient wants another time, which reaches the requests inbox. */
  wantsAnotherTime: z.boolean({ error: 'Debe ser verdadero o falso.' }).optional(),
});
export type ConfirmationAnswerRequest = z.input<typeof confirmationAnswerRequestSchema>;
export type ConfirmationAnswerInput = z.output<typeof confirmationAnswerRequestSchema>;

export const confirmationAnswerSchema = z.object({ confirmation: appointmentConfirmationSchema });
export type ConfirmationAnswer = z.infer<typeof confirmationAnswerSchema>;

export const confirmationTokenParamsSchema = z.object({ token: z.string().max(300) });

/** Cancellations by patients the nutritionist has not seen yet (the agenda's badge). */
export const unseenPatientAnswersSchema = z.object({ count: z.number().int().min(0) });
export type UnseenPatientAnswers = z.infer<typeof unseenPatientAnswersSchema>;

/** The realtime event of a patient's answer (on the practice's channel, besides 'citas-actualizadas'). */
export interface PatientAnswerEvent {
  type: typeof PATIENT_ANSWER_EVENT;
  appointmentId: string;
  confirmation: AppointmentConfirmation;
  patientName: string | null;
  start: string;
}

// ---------------------------------------------------------------------------------------------------
// iCalendar feed
// ---------------------------------------------------------------------------------------------------

export const calendarFeedSchema = z.object({
  /** Secret address of the feed; shown once, when created or rotated. */
  url: z.string(),
  /** The same address with the webcal:// scheme, which calendar apps open as a subscription. */
  webcalUrl: z.string(),
  createdAt: isoInstantSchema,
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedStatusSchema = z.object({
  active: z.boolean(),
  createdAt: isoInstantSchema.nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;
