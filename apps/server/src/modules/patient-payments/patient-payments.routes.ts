// /api/v1 Cobros: a patient's payments (/patients/{id}/payments), the practice's payments (/payments),
// void (DELETE /payments/{id}: the number stays, marked void), the receipt PDF, sending it by email and an
// expiring link to share it by WhatsApp (like the plan PDF's), the agenda's unpaid marks and the income
// series. Another practice's ids answer 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPatientPaymentRequestSchema,
  emailReceiptRequestSchema,
  errorBodySchema,
  idSchema,
  incomeQuerySchema,
  incomeSchema,
  patientPaymentListSchema,
  patientPaymentSchema,
  practicePaymentListSchema,
  practicePaymentsQuerySchema,
  receiptShareLinkSchema,
  unpaidAppointmentsQuerySchema,
  unpaidAppointmentsSchema,
} from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { SignedTokens } from '../../lib/signed-token.js';
import { actorOf } from '../patients/patient-access.js';
import type { PatientPaymentsService } from './patient-payments.service.js';
import { formatMoney, receiptNumber } from './receipt-pdf.js';
import type { LinkOrigins } from '../../lib/link-origin.js';

export interface PatientPaymentsRoutesOptions {
  payments: PatientPaymentsService;
  guards: Guards;
  clock: Clock;
  mailer: Mailer;
  /** Signs the expiring receipt links sent to patients (WhatsApp); `links` gives their origin. */
  share: { secret: string; links: LinkOrigins };
}

/** Days a shared receipt link opens the PDF. */
export const RECEIPT_SHARE_LINK_DAYS = 30;
const SHARED_RECEIPT_GONE = 'Este enlace no existe o ya venció. Pídele a tu nutricionista uno nuevo.';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const writeErrors = { ...errors, 409: errorBodySchema, 422: errorBodySchema };
const tags = ['patient-payments'];
const idParams = z.object({ id: idSchema });
const filename = (number: number) => `recibo-${receiptNumber(number)}.pdf`;

export async function patientPaymentsRoutes(app: FastifyInstance, options: PatientPaymentsRoutesOptions): Promise<void> {
  const { payments, guards, clock, mailer } = options;
  const shareTokens = new SignedTokens(options.share.secret, 'receipt-share-link/v1');
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = guards.requireEditor;

  r.post(
    '/patients/:id/payments',
    { preHandler, schema: { tags, summary: 'Records a payment of the patient (numbered receipt)', params: idParams, body: createPatientPaymentRequestSchema, response: { 201: patientPaymentSchema, ...writeErrors } } },
    async (request, reply) => reply.status(201).send(await payments.create(actorOf(request), request.params.id, request.body)),
  );
  r.get(
    '/patients/:id/payments',
    { preHandler, schema: { tags, summary: "Lists a patient's payments with her balance", params: idParams, response: { 200: patientPaymentListSchema, ...errors } } },
    async (request) => payments.listForPatient(actorOf(request), request.params.id),
  );
  r.get(
    '/payments',
    { preHandler, schema: { tags, summary: "The practice's payments dated between from and to (YYYY-MM-DD, both included)", querystring: practicePaymentsQuerySchema, response: { 200: practicePaymentListSchema, ...errors } } },
    async (request) => payments.list(actorOf(request), request.query),
  );
  r.get(
    '/payments/unpaid-appointments',
    { preHandler, schema: { tags, summary: 'Completed appointments starting in [from, to) whose service is not paid yet', querystring: unpaidAppointmentsQuerySchema, response: { 200: unpaidAppointmentsSchema, ...errors } } },
    async (request) => payments.unpaidAppointments(tenantScope(request), request.query),
  );
  r.get(
    '/payments/income',
    { preHandler, schema: { tags, summary: 'Collected (by method) and billed per month of a year, in the practice currency', querystring: incomeQuerySchema, response: { 200: incomeSchema, ...errors } } },
    async (request) => payments.income(tenantScope(request), request.query.year),
  );
  r.get(
    '/payments/:id',
    { preHandler, schema: { tags, summary: 'Reads one payment', params: idParams, response: { 200: patientPaymentSchema, ...errors } } },
    async (request) => payments.get(tenantScope(request), request.params.id),
  );
  r.delete(
    '/payments/:id',
    { preHandler, schema: { tags, summary: 'Voids a payment: it keeps its number and its receipt says ANULADO', params: idParams, response: { 200: patientPaymentSchema, ...writeErrors } } },
    async (request) => payments.void(actorOf(request), request.params.id),
  );
  r.get('/payments/:id/receipt.pdf', { preHandler, schema: { tags, summary: 'The receipt PDF', params: idParams } }, async (request, reply) => {
    const { payment, pdf } = await payments.receipt(tenantScope(request), request.params.id);
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${filename(payment.number)}"`).header('cache-control', 'private, no-store').send(pdf);
  });
  r.post(
    '/payments/:id/email',
    { preHandler, schema: { tags, summary: 'Emails the receipt to the patient (or to the given address)', params: idParams, body: emailReceiptRequestSchema, response: { 202: z.object({ to: z.string() }), ...writeErrors } } },
    async (request, reply) => {
      const { payment, pdf, patientEmail, nutritionistName } = await payments.receipt(tenantScope(request), request.params.id);
      const to = request.body.to ?? patientEmail;
      if (!to) throw new AppError('DOMAIN_RULE', 'El paciente no tiene correo electrónico. Escribe una dirección.');
      await mailer.send({
        to,
        subject: `Recibo ${receiptNumber(payment.number)}${payment.voided ? ' (ANULADO)' : ''}`,
        text: `Hola, ${payment.patientName}:\n\nTe envío el recibo ${receiptNumber(payment.number)} por ${formatMoney(payment.amountCents, payment.currency)} en el archivo adjunto.${payment.voided ? '\nEste recibo está ANULADO.' : ''}\n\n${nutritionistName}`,
        attachments: [{ filename: filename(payment.number), content: pdf, contentType: 'application/pdf' }],
      });
      return reply.status(202).send({ to });
    },
  );
  // A link the patient opens on her phone (shared by WhatsApp), no session needed, for RECEIPT_SHARE_LINK_DAYS;
  // the token is bound to the payment and its practice (lib/signed-token.ts), as the plan PDF's link.
  r.get(
    '/payments/:id/share-link',
    { preHandler, schema: { tags, summary: "An expiring link to the receipt's PDF for the patient", params: idParams, response: { 200: receiptShareLinkSchema, ...errors } } },
    async (request) => {
      const scope = tenantScope(request);
      const payment = await payments.get(scope, request.params.id);
      const expiresAt = Math.floor(clock.now().getTime() / 1000) + RECEIPT_SHARE_LINK_DAYS * 86_400;
      const token = shareTokens.issue(payment.id, scope.nutritionistId, expiresAt);
      return {
        url: `${options.share.links.current()}/api/v1/shared-receipts/${encodeURIComponent(payment.id)}/pdf?t=${encodeURIComponent(token)}`,
        expiresAt: new Date(expiresAt * 1000).toISOString(),
      };
    },
  );
  r.get(
    '/shared-receipts/:id/pdf',
    { schema: { tags, summary: 'The receipt PDF through a shared link', params: idParams, querystring: z.object({ t: z.string().max(200).optional() }) } },
    async (request, reply) => {
      const nutritionistId = shareTokens.verify(request.query.t ?? '', request.params.id, clock.now());
      if (!nutritionistId) throw new AppError('NOT_FOUND', SHARED_RECEIPT_GONE);
      let shared: Awaited<ReturnType<typeof payments.receipt>>;
      try {
        shared = await payments.receipt({ nutritionistId }, request.params.id);
      } catch (error) {
        if (error instanceof AppError && error.code === 'NOT_FOUND') throw new AppError('NOT_FOUND', SHARED_RECEIPT_GONE);
        throw error;
      }
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="${filename(shared.payment.number)}"`)
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(shared.pdf);
    },
  );
}
