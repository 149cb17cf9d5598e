// /api/v1 "Enviar link de pago" (Mercado Pago Checkout Pro): the practice's Mercado Pago connection
// (GET/PUT/DELETE /me/mercadopago), a patient's links (GET/POST /patients/{id}/payment-links, POST …/{linkId}/cancel), the
// patient's pending links in her portal (GET /portal/payment-links) and, in its own plugin with the raw
// body, the webhook Mercado Pago calls (POST /payment-links/webhooks/mercadopago/{nutritionistId}).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPaymentLinkRequestSchema,
  errorBodySchema,
  idSchema,
  mercadoPagoSettingsSchema,
  paymentLinkListSchema,
  paymentLinkSchema,
  saveMercadoPagoSettingsRequestSchema,
} from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import { AppError } from '../../lib/errors.js';
import { WebhookSignatureError } from '../billing/payment-provider.js';
import { actorOf } from '../patients/patient-access.js';
import type { PortalService } from '../portal/portal.service.js';
import type { PaymentLinksService } from './payment-links.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 502: errorBodySchema };
const tags = ['patient-payments'];

export async function paymentLinksRoutes(app: FastifyInstance, options: { links: PaymentLinksService; guards: Guards; portal: PortalService }): Promise<void> {
  const { links, guards, portal } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = guards.requireEditor;

  r.get('/me/mercadopago', { preHandler, schema: { tags, summary: "The practice's Mercado Pago connection (never the token)", response: { 200: mercadoPagoSettingsSchema, ...errors } } }, async (request) => links.settings(tenantScope(request)));
  r.put(
    '/me/mercadopago',
    { preHandler, schema: { tags, summary: 'Connects her own Mercado Pago account (stored encrypted)', body: saveMercadoPagoSettingsRequestSchema, response: { 200: mercadoPagoSettingsSchema, ...errors } } },
    async (request) => links.saveSettings(tenantScope(request), request.body),
  );
  r.delete('/me/mercadopago', { preHandler, schema: { tags, summary: 'Disconnects Mercado Pago', response: { 200: mercadoPagoSettingsSchema, ...errors } } }, async (request) => links.removeSettings(tenantScope(request)));

  r.get(
    '/patients/:id/payment-links',
    { preHandler, schema: { tags, summary: "The patient's Mercado Pago payment links", params: z.object({ id: idSchema }), response: { 200: paymentLinkListSchema, ...errors } } },
    async (request) => links.list(actorOf(request), request.params.id),
  );
  r.post(
    '/patients/:id/payment-links',
    { preHandler, schema: { tags, summary: 'Creates a Mercado Pago payment link (Checkout Pro preference)', params: z.object({ id: idSchema }), body: createPaymentLinkRequestSchema, response: { 201: paymentLinkSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await links.create(actorOf(request), request.params.id, request.body)),
  );

  r.post(
    '/patients/:id/payment-links/:linkId/cancel',
    {
      preHandler,
      schema: { tags, summary: 'Cancels a payment link still to pay: expired at Mercado Pago first, then marked cancelled (409 once paid)', params: z.object({ id: idSchema, linkId: idSchema }), response: { 200: paymentLinkSchema, ...errors } },
    },
    async (request) => links.cancel(actorOf(request), request.params.id, request.params.linkId),
  );

  r.get('/portal/payment-links', { preHandler: guards.requireRole('patient'), schema: { tags: ['portal'], summary: 'Payment links still to pay', response: { 200: z.object({ items: z.array(paymentLinkSchema) }), ...errors } } }, async (request) => ({
    items: await links.pendingForPatient(await portal.scopeOf(request.auth!.userId)),
  }));
}

const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** Mercado Pago's notifications; registered on its own so the body stays the exact bytes it signed. */
export async function paymentLinksWebhookRoutes(app: FastifyInstance, options: { links: PaymentLinksService }): Promise<void> {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
  app.post<{ Params: { nutritionistId: string } }>('/payment-links/webhooks/mercadopago/:nutritionistId', { schema: { hide: true } }, async (request, reply) => {
    const parsed = idSchema.safeParse(request.params.nutritionistId);
    if (!parsed.success) return reply.status(404).send({ error: { requestId: request.id, code: 'NOT_FOUND', message: 'Este consultorio no tiene Mercado Pago conectado.' } });
    try {
      const outcome = await options.links.receiveWebhook(parsed.data, {
        headers: request.headers,
        rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        query: request.query as Record<string, string | undefined>,
      });
      if (outcome.status === 'ignored') request.log.info({ nutritionistId: parsed.data, reason: outcome.reason }, 'payment-link webhook ignored');
      return reply.status(200).send({ received: true, ...outcome });
    } catch (error) {
      if (error instanceof WebhookSignatureError) {
        request.log.warn({ nutritionistId: parsed.data, reason: error.message }, 'payment-link webhook rejected: bad signature');
        return reply.status(400).send({ error: { requestId: request.id, code: 'WEBHOOK_SIGNATURE_INVALID', message: 'La firma del aviso de pago no es válida.' } });
      }
      if (error instanceof AppError && error.code === 'NOT_FOUND') return reply.status(404).send({ error: { requestId: request.id, code: 'NOT_FOUND', message: error.message } });
      // Mercado Pago unreachable, the database busy…: 500 so Mercado Pago delivers it again.
      request.log.error({ err: error, nutritionistId: parsed.data }, 'payment-link webhook could not be applied');
      return reply.status(500).send({ error: { requestId: request.id, code: 'WEBHOOK_NOT_APPLIED', message: 'No se pudo aplicar el aviso de pago; se reintentará.' } });
    }
  });
}
