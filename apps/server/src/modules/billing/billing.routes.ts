// Subscriptions for the nutritionist: GET /subscription-plans (public), GET /me/subscription and the
// actions on it (choose a plan, cancel, reactivate, the rejected-payment notice), and the fiscal data
// (GET/PUT /me/fiscal, POST /me/fiscal/tour-seen). None of these is refused to an expired account: they
// are how it gets back in.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { fiscalDocumentProblem, documentDigits } from '@almendra/domain';
import {
  checkoutResponseSchema,
  choosePlanRequestSchema,
  customerPortalResponseSchema,
  PAYMENT_RECEIPT_FIELD,
  PAYMENT_RECEIPT_MAX_BYTES,
  paymentReceiptSchema,
  errorBodySchema,
  fiscalDataSchema,
  meSubscriptionSchema,
  seenNoticeRequestSchema,
  startCheckoutRequestSchema,
  subscriptionPlanListSchema,
  subscriptionPlansQuerySchema,
  updateFiscalRequestSchema,
} from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { readSingleUpload } from '../../lib/multipart.js';
import { uploadBackendFor } from '../../lib/upload-backends.js';
import { reencodeImage, UploadStore } from '../../lib/uploads.js';
import { readFiscalState } from '../fiscal/fiscal-state.js';
import type { BillingService } from './billing.service.js';

const FISCAL_MESSAGES = {
  not_numeric: 'El número de documento solo puede tener números.',
  cuit_length: 'El CUIT tiene 11 números.',
  cuit_prefix: 'El CUIT debe empezar con 20, 23, 24, 27, 30, 33 o 34.',
  cuit_check_digit: 'El CUIT no es válido: el dígito verificador no coincide.',
  dni_length: 'El DNI tiene 7 u 8 números.',
} as const;

/** A PDF starts with "%PDF-" (ISO 32000-1 § 7.5.2). */
const isPdf = (bytes: Buffer) => bytes.length > 8 && bytes.toString('latin1', 0, 5) === '%PDF-';

export async function billingRoutes(app: FastifyInstance, options: { db: Kysely<DB>; billing: BillingService; guards: Guards; clock: Clock; dataDir: string }) {
  const { billing, guards, db, clock, dataDir } = options;
  const receiptImages = new UploadStore(dataDir, 'payment-receipts', 'webp');
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['billing'];
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
  // Billing routes stay open to an expired account (requireEditorAnyPlan): they are its way back in.
  const editor = guards.requireEditorAnyPlan;
  const actor = (request: { auth: { userId: string } | null }) => request.auth!.userId;

  r.get(
    '/subscription-plans',
    { schema: { tags, summary: 'The subscription plans offered in a country (public)', querystring: subscriptionPlansQuerySchema, response: { 200: subscriptionPlanListSchema } } },
    async (request) => ({ items: await billing.plans(request.query.country?.toUpperCase() ?? null) }),
  );

  r.get(
    '/me/subscription',
    { preHandler: editor, schema: { tags, summary: 'The active-plan state, the plan, the payment history and a pending rejected-payment notice', response: { 200: meSubscriptionSchema, ...errors } } },
    async (request) => billing.mine(tenantScope(request).nutritionistId),
  );
  r.post(
    '/me/subscription/plan',
    { preHandler: editor, schema: { tags, summary: 'Choose or change the plan (a running subscription: the processor first)', body: choosePlanRequestSchema, response: { 200: meSubscriptionSchema, ...errors, 422: errorBodySchema, 502: errorBodySchema } } },
    async (request) => billing.choosePlan(tenantScope(request).nutritionistId, actor(request), request.body.planKey),
  );
  r.post(
    '/me/subscription/checkout',
    {
      preHandler: editor,
      schema: { tags, summary: "Start the processor's hosted checkout for the chosen plan", body: startCheckoutRequestSchema, response: { 200: checkoutResponseSchema, ...errors, 422: errorBodySchema } },
    },
    async (request) => billing.startCheckout(tenantScope(request).nutritionistId, actor(request), request.body.processor),
  );
  r.post(
    '/me/subscription/cancel',
    { preHandler: editor, schema: { tags, summary: 'Cancel at the end of the paid period (the processor stops charging first)', response: { 200: meSubscriptionSchema, ...errors, 422: errorBodySchema, 502: errorBodySchema } } },
    async (request) => billing.cancel(tenantScope(request).nutritionistId, actor(request)),
  );
  r.post(
    '/me/subscription/reactivate',
    { preHandler: editor, schema: { tags, summary: 'Undo a cancellation while the paid period lasts (the processor resumes first)', response: { 200: meSubscriptionSchema, ...errors, 422: errorBodySchema, 502: errorBodySchema } } },
    async (request) => billing.reactivate(tenantScope(request).nutritionistId, actor(request)),
  );
  r.post(
    '/me/subscription/pending-change/dismiss',
    { preHandler: editor, schema: { tags, summary: 'Put away the notice of a change the processor refused (409 while it is still being confirmed)', response: { 200: meSubscriptionSchema, ...errors } } },
    async (request) => billing.dismissPendingChange(tenantScope(request).nutritionistId),
  );
  r.post(
    '/me/subscription/portal',
    {
      preHandler: editor,
      schema: { tags, summary: "Open the processor's customer portal (Stripe) for cards and invoices", response: { 200: customerPortalResponseSchema, ...errors, 422: errorBodySchema, 502: errorBodySchema } },
    },
    async (request) => billing.customerPortal(tenantScope(request).nutritionistId),
  );
  r.post(
    '/me/subscription/rejected-notice/seen',
    { preHandler: editor, schema: { tags, summary: "Mark a rejected payment's notice seen (the spec's set-visto)", body: seenNoticeRequestSchema, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await billing.markRejectedNoticeSeen(tenantScope(request).nutritionistId, request.body.eventId);
      return reply.status(204).send(null);
    },
  );

  // Payment receipts (manual processor): an image (re-encoded, metadata dropped, like every upload) or a
  // PDF (checked by its magic number, stored as sent), for the operator to check in the console.
  r.post(
    '/me/subscription/receipts',
    { preHandler: editor, schema: { tags, summary: 'Upload a payment receipt (image or PDF) for the operator', consumes: ['multipart/form-data'], response: { 201: paymentReceiptSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema, 422: errorBodySchema } } },
    async (request, reply) => {
      const { nutritionistId } = tenantScope(request);
      if (!billing.acceptsReceipts()) throw new AppError('DOMAIN_RULE', 'Este servidor no recibe comprobantes de pago.');
      const bytes = await readSingleUpload(request, { field: PAYMENT_RECEIPT_FIELD, maxBytes: PAYMENT_RECEIPT_MAX_BYTES, tooLargeMessage: 'El comprobante supera el máximo de 10 MB.', noun: 'el comprobante' });
      let stored: { path: string; contentType: 'application/pdf' | 'image/webp' };
      if (isPdf(bytes)) {
        const relative = `uploads/payment-receipts/${nutritionistId}/receipt-${Date.now()}-${Math.random().toString(16).slice(2, 10)}.pdf`;
        await uploadBackendFor(dataDir).put(relative, bytes, 'application/pdf');
        stored = { path: relative, contentType: 'application/pdf' };
      } else {
        const webp = await reencodeImage(bytes, { accept: ['jpeg', 'png', 'webp'], maxWidth: 2400, maxHeight: 2400, output: { format: 'webp', quality: 85 } });
        if (!webp) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'El comprobante debe ser una imagen (JPEG, PNG o WebP) o un PDF.');
        stored = { path: await receiptImages.save(nutritionistId, 'receipt', webp), contentType: 'image/webp' };
      }
      return reply.status(201).send(await billing.addReceipt(nutritionistId, actor(request), stored));
    },
  );
  const sendReceipt = async (nutritionistId: string, receiptId: string, reply: import('fastify').FastifyReply) => {
    const file = await billing.receiptFile(nutritionistId, receiptId);
    const bytes = await uploadBackendFor(dataDir).get(file.path).catch(() => null);
    if (!bytes) throw new AppError('NOT_FOUND', 'No encontramos el archivo de ese comprobante.');
    return reply
      .header('content-type', file.contentType)
      .header('content-disposition', `inline; filename="comprobante.${file.contentType === 'application/pdf' ? 'pdf' : 'webp'}"`)
      .header('cache-control', 'private, no-store')
      .send(bytes);
  };
  r.get(
    '/me/subscription/receipts/:receiptId',
    { preHandler: editor, schema: { tags, summary: 'One of her payment receipts', params: z.object({ receiptId: z.string() }), response: errors } },
    async (request, reply) => sendReceipt(tenantScope(request).nutritionistId, request.params.receiptId, reply),
  );
  r.get(
    '/admin/users/:userId/subscription/receipts/:receiptId',
    { preHandler: guards.requireAdmin, schema: { tags: ['admin'], summary: "A practice's payment receipt, for the operator", params: z.object({ userId: z.string(), receiptId: z.string() }), response: errors } },
    async (request, reply) => sendReceipt(await billing.practiceOfUser(request.params.userId), request.params.receiptId, reply),
  );

  const fiscalOf = (nutritionistId: string) => readFiscalState(db, nutritionistId);
  r.get(
    '/me/fiscal',
    { preHandler: editor, schema: { tags, summary: 'Fiscal data of the billing form', response: { 200: fiscalDataSchema, ...errors } } },
    async (request) => fiscalOf(tenantScope(request).nutritionistId),
  );
  r.put(
    '/me/fiscal',
    {
      preHandler: editor,
      schema: {
        tags,
        summary: 'Save the fiscal data: CUIT (check digit verified) or DNI (7 or 8 digits)',
        body: updateFiscalRequestSchema,
        response: { 200: fiscalDataSchema, ...errors },
      },
    },
    async (request) => {
      const { nutritionistId } = tenantScope(request);
      const problem = fiscalDocumentProblem(request.body.documentType, request.body.documentNumber);
      if (problem) throw new AppError('VALIDATION_ERROR', FISCAL_MESSAGES[problem], [{ path: 'documentNumber', message: FISCAL_MESSAGES[problem] }]);
      await db
        .updateTable('nutritionists')
        .set({ fiscal_document_type: request.body.documentType, fiscal_document_number: documentDigits(request.body.documentNumber), fiscal_updated_at: clock.now().toISOString() })
        .where('id', '=', nutritionistId)
        .execute();
      return fiscalOf(nutritionistId);
    },
  );
  r.post(
    '/me/fiscal/tour-seen',
    { preHandler: editor, schema: { tags, summary: 'Mark the tax-document tour seen', response: { 200: fiscalDataSchema, ...errors } } },
    async (request) => {
      const { nutritionistId } = tenantScope(request);
      await db.updateTable('nutritionists').set({ fiscal_tour_seen: 1 }).where('id', '=', nutritionistId).execute();
      return fiscalOf(nutritionistId);
    },
  );
}
