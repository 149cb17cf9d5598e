// Cobros: what patients pay the practice (issue 25, part 2). Payments are recorded per patient, numbered
// per practice without gaps, voided but never deleted; each has a receipt PDF (GET /payments/{id}/receipt.pdf).
// Amounts are integer cents of an ISO 4217 currency, the practice's unless said otherwise.
import { z } from 'zod';
import { instantInputSchema } from './appointments.js';
import { calendarDate, decimalQueryInteger, idSchema, isoInstantSchema } from './common.js';
import { PATIENT_PAYMENT_MAX_CENTS, PATIENT_PAYMENT_METHODS, STATISTICS_YEAR_MAX, STATISTICS_YEAR_MIN } from './constants.js';

export const patientPaymentMethodSchema = z.enum(PATIENT_PAYMENT_METHODS, {
  error: 'Elige cómo pagó: efectivo, transferencia, Mercado Pago, tarjeta u obra social/prepaga.',
});
export type PatientPaymentMethod = z.infer<typeof patientPaymentMethodSchema>;

export const paymentAmountCentsSchema = z
  .number({ error: 'El importe debe ser un número.' })
  .int({ error: 'El importe va en centavos: debe ser un número entero.' })
  .positive({ error: 'El importe debe ser mayor que cero.' })
  .max(PATIENT_PAYMENT_MAX_CENTS, { error: 'El importe es demasiado alto (el máximo es 1.000.000,00).' });

export const createPatientPaymentRequestSchema = z.object({
  amountCents: paymentAmountCentsSchema,
  /** ISO 4217; the practice's currency when omitted. */
  currency: z
    .string({ error: 'La moneda debe ser un código ISO de tres letras (ARS, USD…).' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/, { error: 'La moneda debe ser un código ISO de tres letras (ARS, USD…).' })
    .optional(),
  method: patientPaymentMethodSchema,
  /** The day it was paid (YYYY-MM-DD); today in the practice's time zone when omitted. */
  date: calendarDate('la fecha del cobro').optional(),
  /** The appointment it pays for: one of this patient's, in this practice. */
  appointmentId: idSchema.nullish(),
  note: z
    .string({ error: 'La nota debe ser un texto.' })
    .trim()
    .max(500, { error: 'La nota es demasiado larga (máximo 500 caracteres).' })
    .nullish(),
});
export type CreatePatientPaymentRequest = z.input<typeof createPatientPaymentRequestSchema>;

export const patientPaymentSchema = z.object({
  id: idSchema,
  /** Receipt number, per practice, without gaps. */
  number: z.number().int(),
  patientId: idSchema,
  patientName: z.string(),
  appointmentId: idSchema.nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  method: patientPaymentMethodSchema,
  date: z.string(),
  note: z.string().nullable(),
  voided: z.boolean(),
  voidedAt: isoInstantSchema.nullable(),
  createdAt: isoInstantSchema,
});
export type PatientPayment = z.infer<typeof patientPaymentSchema>;

export const patientPaymentListSchema = z.object({
  items: z.array(patientPaymentSchema),
  /**
   * What the patient owes in the practice's currency: the prices of the services of her completed
   * appointments (attended, or past and not cancelled) minus what she paid (voided payments left out).
   * Negative = paid in advance.
   */
  balanceCents: z.number().int(),
  billedCents: z.number().int(),
  paidCents: z.number().int(),
  currency: z.string(),
});
export type PatientPaymentList = z.infer<typeof patientPaymentListSchema>;

export const practicePaymentsQuerySchema = z.object({
  from: calendarDate('la fecha desde').optional(),
  to: calendarDate('la fecha hasta').optional(),
});
export type PracticePaymentsQuery = z.infer<typeof practicePaymentsQuerySchema>;

export const practicePaymentListSchema = z.object({
  items: z.array(patientPaymentSchema),
  /** Non-voided payments of the range, one total per currency. */
  totals: z.array(z.object({ currency: z.string(), amountCents: z.number().int() })),
});
export type PracticePaymentList = z.infer<typeof practicePaymentListSchema>;

export const unpaidAppointmentsQuerySchema = z.object({
  /** ISO instants, like the agenda's range. */
  from: instantInputSchema,
  to: instantInputSchema,
  /** Only this patient's appointments (the "Registrar cobro" dialog of her record). */
  patientId: idSchema.optional(),
});
export const unpaidAppointmentsSchema = z.object({
  /** Completed appointments of the range with a priced service whose linked payments do not cover it. */
  items: z.array(
    z.object({ appointmentId: idSchema, patientId: idSchema, start: isoInstantSchema, serviceName: z.string(), priceCents: z.number().int(), paidCents: z.number().int(), currency: z.string() }),
  ),
});
export type UnpaidAppointments = z.infer<typeof unpaidAppointmentsSchema>;

export const incomeQuerySchema = z.object({
  year: decimalQueryInteger(
    z.coerce
      .number({ error: 'El año debe ser un número.' })
      .int({ error: 'El año debe ser un número entero.' })
      .min(STATISTICS_YEAR_MIN, { error: `El año debe estar entre ${STATISTICS_YEAR_MIN} y ${STATISTICS_YEAR_MAX}.` })
      .max(STATISTICS_YEAR_MAX, { error: `El año debe estar entre ${STATISTICS_YEAR_MIN} y ${STATISTICS_YEAR_MAX}.` }),
  ),
});
export const incomeSchema = z.object({
  year: z.number().int(),
  /** The practice's currency: both series count only amounts in it. */
  currency: z.string(),
  /** Twelve rows, January to December. */
  byMonth: z.array(
    z.object({
      month: z.number().int().min(1).max(12),
      /** Non-voided payments dated in the month. */
      collectedCents: z.number().int(),
      /** The same, by method (every method, 0 when none). */
      byMethod: z.array(z.object({ method: patientPaymentMethodSchema, amountCents: z.number().int() })),
      /** Completed appointments of the month priced with their service. */
      billedCents: z.number().int(),
    }),
  ),
});
export type Income = z.infer<typeof incomeSchema>;

export const emailReceiptRequestSchema = z.object({
  to: z.email({ error: 'Escribe un correo electrónico válido.' }).optional(),
});

export const receiptShareLinkSchema = z.object({ url: z.string(), expiresAt: isoInstantSchema });

// "Enviar link de pago" (Mercado Pago Checkout Pro): the practice collects into her own Mercado Pago
// account with her own credentials; the verified webhook turns an approved payment into a Cobro.

/** The practice's Mercado Pago credentials as the app shows them (never the token itself). */
export const mercadoPagoSettingsSchema = z.object({
  configured: z.boolean(),
  /** Last four characters of the saved access token. */
  tokenHint: z.string().nullable(),
  /** The URL she registers in her Mercado Pago application's Webhooks (topic Pagos). */
  webhookUrl: z.string(),
  updatedAt: isoInstantSchema.nullable(),
});
export type MercadoPagoSettings = z.infer<typeof mercadoPagoSettingsSchema>;

export const saveMercadoPagoSettingsRequestSchema = z.object({
  accessToken: z
    .string({ error: 'Pega el Access Token de producción (el que lleva el prefijo APP_USR-) o el de prueba (prefijo TEST-).' })
    .trim()
    .regex(/^(APP_USR|TEST)-[A-Za-z0-9_-]{10,300}$/, { error: 'Pega el Access Token de producción (el que lleva el prefijo APP_USR-) o el de prueba (prefijo TEST-).' }),
  webhookSecret: z
    .string({ error: 'Pega la clave secreta de los Webhooks de tu aplicación de Mercado Pago.' })
    .trim()
    .min(8, { error: 'Pega la clave secreta de los Webhooks de tu aplicación de Mercado Pago.' })
    .max(300, { error: 'Pega la clave secreta de los Webhooks de tu aplicación de Mercado Pago.' }),
});
export type SaveMercadoPagoSettingsRequest = z.infer<typeof saveMercadoPagoSettingsRequestSchema>;

export const createPaymentLinkRequestSchema = z.object({
  amountCents: paymentAmountCentsSchema,
  /** What the patient sees at Mercado Pago ("Consulta nutricional" by default). */
  description: z.string({ error: 'El concepto debe ser un texto.' }).trim().max(120, { error: 'El concepto es demasiado largo (máximo 120 caracteres).' }).nullish(),
  appointmentId: idSchema.nullish(),
});
export type CreatePaymentLinkRequest = z.input<typeof createPaymentLinkRequestSchema>;

export const paymentLinkSchema = z.object({
  id: idSchema,
  patientId: idSchema,
  appointmentId: idSchema.nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  description: z.string(),
  /** Mercado Pago's checkout page (init_point) the patient opens. */
  url: z.string(),
  status: z.enum(['pending', 'paid', 'cancelled']),
  /** The Cobro its payment became. */
  paymentId: idSchema.nullable(),
  createdAt: isoInstantSchema,
  /** When she cancelled it (status cancelled): expired at Mercado Pago, gone from the patient's portal. */
  cancelledAt: isoInstantSchema.nullable().optional(),
});
export type PaymentLink = z.infer<typeof paymentLinkSchema>;

export const paymentLinkListSchema = z.object({
  items: z.array(paymentLinkSchema),
  /** False: "Enviar link de pago" explains how to connect Mercado Pago instead of offering the action. */
  mercadoPagoConfigured: z.boolean(),
});
export type PaymentLinkList = z.infer<typeof paymentLinkListSchema>;
