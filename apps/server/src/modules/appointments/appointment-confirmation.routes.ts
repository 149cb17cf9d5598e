// The API of appointments that patients confirm: the nutritionist's personal link for an appointment, the
// badge of cancellations by patients she has not seen, and the patient's answer (public, no session: the
// signed token in the address is the credential). The HTML page is confirmation-page.routes.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentIdParamsSchema,
  confirmationAnswerRequestSchema,
  confirmationAnswerSchema,
  confirmationLinkSchema,
  confirmationTokenParamsSchema,
  errorBodySchema,
  unseenPatientAnswersSchema,
} from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { ConfirmationService } from './appointment-confirmation.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const publicErrors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 429: errorBodySchema };
const tags = ['appointments'];

export async function appointmentConfirmationRoutes(app: FastifyInstance, options: { confirmations: ConfirmationService; guards: Guards }): Promise<void> {
  const { confirmations, guards } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/appointments/:id/confirmation-link',
    {
      preHandler: guards.requireEditor,
      schema: {
        tags,
        summary: "The patient's personal link to confirm or cancel the appointment (valid until it starts)",
        params: appointmentIdParamsSchema,
        response: { 200: confirmationLinkSchema, ...errors },
      },
    },
    async (request) => confirmations.link(tenantScope(request), request.params.id),
  );

  r.get(
    '/appointments/patient-answers/unseen-count',
    { preHandler: guards.requireEditor, schema: { tags, summary: 'Cancellations by patients not seen yet', response: { 200: unseenPatientAnswersSchema, ...errors } } },
    async (request) => confirmations.unseen(tenantScope(request)),
  );

  r.post(
    '/appointments/patient-answers/seen',
    { preHandler: guards.requireEditor, schema: { tags, summary: 'Marks every cancellation by a patient as seen', response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await confirmations.markSeen(tenantScope(request));
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/public/appointment-confirmations/:token',
    {
      schema: {
        tags: ['public'],
        summary: "The patient's answer from her personal link: confirm or cancel (the last answer counts)",
        params: confirmationTokenParamsSchema,
        body: confirmationAnswerRequestSchema,
        response: { 200: confirmationAnswerSchema, ...publicErrors },
      },
    },
    async (request) => confirmations.answer(request.params.token, request.body, request.ip),
  );
}
