// Subscriptions, payments and fiscal data (issue 12; seed 1 sections 3, 5 and 9).
import { z } from 'zod';
import { idSchema, isoInstantSchema } from './common.js';
import { PROCESSOR_FAILURE_REASON_KEYS } from './constants.js';

export const PLAN_PERIODS = ['mensual', 'semestral', 'anual'] as const;
export const planPeriodSchema = z.enum(PLAN_PERIODS, { error: 'El período debe ser mensual, semestral o anual.' });
export type PlanPeriodKey = z.infer<typeof planPeriodSchema>;

export const subscriptionPlanSchema = z.object({
  key: z.string(),
  /** ISO country; null: offered in every country without a catalogue of its own. */
  countryCode: z.string().nullable(),
  name: z.string(),
  period: planPeriodSchema,
  priceCents: z.number().int(),
  currency: z.string(),
  /** Active patients allowed; null: no limit. */
  patientLimit: z.number().int().nullable(),
  trialDays: z.number().int(),
  active: z.boolean(),
});
export type SubscriptionPlan = z.infer<typeof subscriptionPlanSchema>;
export const subscriptionPlanListSchema = z.object({ items: z.array(subscriptionPlanSchema) });
export const subscriptionPlansQuerySchema = z.object({ country: z.string().length(2).optional() });

const PLAN_KEY_MESSAGE = 'La clave del plan solo admite minúsculas, números y guiones.';
export const upsertSubscriptionPlanRequestSchema = z.object({
  key: z.string({ error: PLAN_KEY_MESSAGE }).regex(/^[a-z0-9-]{2,40}$/, { error: PLAN_KEY_MESSAGE }),
  countryCode: z.string().length(2, { error: 'El país debe ser un código de dos letras.' }).nullable(),
  name: z.string({ error: 'El nombre es obligatorio.' }).trim().min(1, { error: 'El nombre es obligatorio.' }).max(60, { error: 'El nombre admite hasta 60 caracteres.' }),
  period: planPeriodSchema,
  priceCents: z.number({ error: 'El precio debe ser un número.' }).int({ error: 'El precio va en centavos, sin decimales.' }).min(0, { error: 'El precio no puede ser negativo.' }),
  currency: z.string().regex(/^[A-Z]{3}$/, { error: 'La moneda debe ser un código ISO de tres letras (ARS, USD…).' }),
  patientLimit: z.number().int().positive({ error: 'El límite de pacientes debe ser mayor que 0.' }).nullable(),
  trialDays: z.number().int().min(0, { error: 'Los días de prueba no pueden ser negativos.' }).max(90, { error: 'La prueba dura como máximo 90 días.' }),
  active: z.boolean(),
});
export type UpsertSubscriptionPlanRequest = z.infer<typeof upsertSubscriptionPlanRequestSchema>;

export const planStateSchema = z.object({
  status: z.enum(['trialing', 'active', 'past_due', 'cancelled', 'expired', 'suspended']),
  plan: z.string().nullable(),
  activo: z.boolean(),
  dias_transcurridos: z.number().int(),
  vigencia: isoInstantSchema,
  alerta: z.boolean(),
  alerta_tipo: z.enum(['info', 'warning', 'danger']).nullable(),
  dias_restantes: z.number().int(),
  frecuencia: planPeriodSchema.nullable(),
  keyPlan: z.string().nullable(),
  procesador: z.enum(['manual', 'mercadopago', 'stripe']).nullable(),
  proximo_cobro: isoInstantSchema.nullable(),
  pago: z.boolean(),
  list_token: z.array(z.object({ token: z.string(), brand: z.string(), last4: z.string() })),
  token_predeterminado: z.string().nullable(),
  gratis: z.boolean(),
  tour: z.literal('sin_tour').nullable(),
  tour_documento: z.boolean(),
  bannedStatus: z.union([z.literal(0), z.literal(2)]),
});
export type PlanStateResponse = z.infer<typeof planStateSchema>;

/** Why a processor refused or failed (PROCESSOR_FAILURE_REASON_KEYS, constants.ts). */
export const processorFailureReasonSchema = z.enum(PROCESSOR_FAILURE_REASON_KEYS);

export const subscriptionEventSchema = z.object({
  id: z.string(),
  type: z.string(),
  planKey: z.string().nullable(),
  amountCents: z.number().int().nullable(),
  currency: z.string().nullable(),
  processor: z.string().nullable(),
  reference: z.string().nullable(),
  /** The operator's note on a payment she recorded; never a processor's words. */
  note: z.string().nullable(),
  /** On a rejected payment or a processor's failure: why, to be said in the reader's language. */
  reasonCode: processorFailureReasonSchema.nullable(),
  /** The processor's own words about that failure (English): only in the operator's view, null in hers. */
  processorMessage: z.string().nullable(),
  createdAt: isoInstantSchema,
});
export type SubscriptionEvent = z.infer<typeof subscriptionEventSchema>;

export const paymentReceiptSchema = z.object({ id: z.string(), uploadedAt: isoInstantSchema, contentType: z.enum(['application/pdf', 'image/webp']) });
export type PaymentReceipt = z.infer<typeof paymentReceiptSchema>;

export const pendingChangeSchema = z.object({
  transition: z.enum(['cancel', 'reactivate', 'change_plan']),
  planKey: z.string().nullable(),
  planName: z.string().nullable(),
  processor: z.enum(['mercadopago', 'stripe']),
  status: z.enum(['pending', 'failed']),
  requestedAt: isoInstantSchema,
  message: z.string().nullable(),
});
export type PendingChange = z.infer<typeof pendingChangeSchema>;

/** A job of the outbox, for the operator console (pending, running or failed work after a request). */
export const adminJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: z.enum(['pending', 'running', 'done', 'failed']),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  /** When it runs next (pending), or ran last. */
  runAt: isoInstantSchema,
  createdAt: isoInstantSchema,
  finishedAt: isoInstantSchema.nullable(),
  /** The practice it is about, when it is about one. */
  practice: z.object({ nutritionistId: z.string(), name: z.string(), email: z.string() }).nullable(),
});
export type AdminJob = z.infer<typeof adminJobSchema>;
export const adminJobListSchema = z.object({ items: z.array(adminJobSchema) });

export const meSubscriptionSchema = z.object({
  /** False on a self-hosted install with billing switched off: every account is active. */
  billingEnabled: z.boolean(),
  state: planStateSchema.nullable(),
  plan: subscriptionPlanSchema.nullable(),
  history: z.array(subscriptionEventSchema),
  /** A rejected payment whose notice was not seen yet (shown once, then POST …/rejected-notice/seen). */
  rejectedNotice: z.object({ eventId: z.string(), at: isoInstantSchema, reasonCode: processorFailureReasonSchema.nullable() }).nullable(),
  /** How to pay with the manual processor (configured by the operator); null when not offered. */
  manualPaymentInstructions: z.string().nullable(),
  /** Processors configured on this server whose hosted checkout /pagar offers. */
  checkoutProcessors: z.array(z.enum(['mercadopago', 'stripe'])),
  /** Payment receipts she uploaded for the operator (manual processor), newest first. */
  receipts: z.array(paymentReceiptSchema).optional(),
  /** Her saved fiscal document (digits only), shown to her and to the operator who bills her. */
  fiscalDocument: z.object({ type: z.enum(['CUIT', 'DNI']), number: z.string() }).nullable().optional(),
  /**
   * A change of hers (cancel, reactivate, change plan) the processor has not confirmed yet (status pending:
   * retried in the background, nothing changed so far) or refused for good (status failed, with why).
   */
  pendingChange: pendingChangeSchema.nullable().optional(),
});
export type MeSubscription = z.infer<typeof meSubscriptionSchema>;

export const startCheckoutRequestSchema = z.object({ processor: z.enum(['mercadopago', 'stripe'], { error: 'Elige Mercado Pago o Stripe.' }) });
export const checkoutResponseSchema = z.object({ redirectUrl: z.string() });
/** The processor's self-service page (Stripe's billing portal) for cards and invoices. */
export const customerPortalResponseSchema = z.object({ url: z.string() });

export const choosePlanRequestSchema = z.object({ planKey: z.string({ error: 'Elige un plan.' }).min(1, { error: 'Elige un plan.' }) });
export const seenNoticeRequestSchema = z.object({ eventId: idSchema });

export const recordPaymentRequestSchema = z.object({
  planKey: z.string({ error: 'Elige un plan.' }).min(1, { error: 'Elige un plan.' }),
  amountCents: z.number({ error: 'El importe debe ser un número.' }).int({ error: 'El importe va en centavos, sin decimales.' }).positive({ error: 'El importe debe ser mayor que 0.' }),
  currency: z.string().regex(/^[A-Z]{3}$/, { error: 'La moneda debe ser un código ISO de tres letras.' }),
  /** The receipt or transfer reference: a second payment with the same one is refused (409). */
  reference: z.string().trim().min(1, { error: 'Escribe la referencia del comprobante.' }).max(80),
  note: z.string().trim().max(500).optional(),
});
export type RecordPaymentRequest = z.infer<typeof recordPaymentRequestSchema>;

// Fiscal data: the billing form (seed 1 section 5).
export const FISCAL_DOCUMENT_TYPE_MESSAGE = 'Por favor, selecciona el tipo de documento.';
export const fiscalDataSchema = z.object({
  documentType: z.enum(['CUIT', 'DNI']).nullable(),
  /** Digits only. */
  documentNumber: z.string().nullable(),
  tourSeen: z.boolean(),
  updatedAt: isoInstantSchema.nullable(),
});
export type FiscalData = z.infer<typeof fiscalDataSchema>;
export const updateFiscalRequestSchema = z.object({
  documentType: z.enum(['CUIT', 'DNI'], { error: FISCAL_DOCUMENT_TYPE_MESSAGE }),
  documentNumber: z.string({ error: 'El número de documento es obligatorio.' }).trim().min(1, { error: 'El número de documento es obligatorio.' }).max(20),
});
export type UpdateFiscalRequest = z.infer<typeof updateFiscalRequestSchema>;

// Operator console.
export const adminUserSummarySchema = z.object({
  userId: z.string(),
  nutritionistId: z.string().nullable(),
  email: z.string(),
  name: z.string(),
  role: z.enum(['nutritionist', 'admin', 'patient']),
  countryCode: z.string().nullable(),
  bannedStatus: z.number().int(),
  /** The operator's reason when suspended. */
  suspensionReason: z.string().nullable().optional(),
  createdAt: isoInstantSchema,
  subscription: z.object({ status: planStateSchema.shape.status, keyPlan: z.string().nullable(), vigencia: isoInstantSchema }).nullable(),
});
export type AdminUserSummary = z.infer<typeof adminUserSummarySchema>;
export const adminUserListSchema = z.object({ items: z.array(adminUserSummarySchema), total: z.number().int() });
export const adminUserListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});

export const operatorAuditEntrySchema = z.object({
  id: z.string(),
  actorUserId: z.string(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  details: z.unknown(),
  requestId: z.string().nullable(),
  createdAt: isoInstantSchema,
});
export const operatorAuditListSchema = z.object({ items: z.array(operatorAuditEntrySchema), nextBefore: z.string().nullable() });
export const operatorAuditQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  /** '<createdAt>|<id>' of the last entry of the previous page. */
  before: z.string().optional(),
  targetType: z.string().optional(),
  targetId: z.string().optional(),
});

export const billingFiguresSchema = z.object({
  accounts: z.number().int(),
  trialing: z.number().int(),
  active: z.number().int(),
  pastDue: z.number().int(),
  cancelled: z.number().int(),
  expired: z.number().int(),
  /** Accounts an operator suspended (whatever their subscription says). */
  suspended: z.number().int(),
  /** Paid accounts whose access ended in the last 30 days over those paying 30 days ago. */
  churnLast30Days: z.number(),
  paymentsByMonth: z.array(z.object({ month: z.string(), count: z.number().int(), amounts: z.array(z.object({ currency: z.string(), cents: z.number().int() })) })),
});
export type BillingFigures = z.infer<typeof billingFiguresSchema>;
