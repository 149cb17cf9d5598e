// /api/v1 consultation routes: the stateless anthropometry calculator, a patient's consultations (create,
// history, latest measurements, evolution), one consultation (read, edit, delete) and the comparison of two.
// Thin handlers: parse with the contract, call one service function, answer a contract type.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  anthropometryCalculateRequestSchema,
  anthropometryCalculateResponseSchema,
  growthRequestSchema,
  growthResponseSchema,
  compareQuerySchema,
  consultationComparisonSchema,
  consultationListSchema,
  consultationSchema,
  createConsultationRequestSchema,
  createConsultationResponseSchema,
  errorBodySchema,
  evolutionSchema,
  idSchema,
  latestMeasurementsSchema,
  updateConsultationRequestSchema,
} from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mailer.js';
// The patients module's access helper: tenant scope plus the acting user, for the audit log.
import { actorOf } from '../patients/patient-access.js';
import { createConsultationReporter } from './consultation-report.js';
import { createConsultationsService } from './consultations.service.js';
import { growthAssessment } from './growth.js';
import type { EventBus } from '../../lib/event-bus.js';
import { announceAppointmentsChanged } from '../appointments/appointments.service.js';

export interface ConsultationsRoutesOptions {
  db: Kysely<DB>;
  clock: Clock;
  guards: Guards;
  /** The app's mailer: the optional summary email to the patient goes through its outbox. */
  mailer: Mailer;
  /** DATA_DIR: the nutritionist's logo printed on the consultation report. */
  dataDir: string;
  /** Realtime: a saved, changed or deleted consultation may complete or release an appointment. */
  bus?: EventBus;
}

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};
const idParams = z.object({ id: idSchema });
const tags = ['consultations'];

export async function consultationsRoutes(app: FastifyInstance, options: ConsultationsRoutesOptions): Promise<void> {
  const { db, clock, guards, mailer } = options;
  const consultations = createConsultationsService({ db, clock, mailer, log: app.log });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = guards.requireEditor;
  // Saving a consultation for an appointment marks it completed (and deleting it releases the link):
  // the spec's citas-actualizadas tells open calendars to refetch.
  app.addHook('onResponse', async (request, reply) => {
    if (!options.bus || request.method === 'GET' || reply.statusCode >= 400 || !request.auth?.nutritionistId) return;
    if (!/\/consultations(\/|$)/.test(request.routeOptions.url ?? '')) return;
    await announceAppointmentsChanged(options.bus, request.auth.nutritionistId);
  });

  r.post(
    '/anthropometry/calculate',
    {
      preHandler,
      schema: {
        tags,
        description: 'Derived values of a set of measurements (same domain code as a saved consultation). Saves nothing.',
        body: anthropometryCalculateRequestSchema,
        response: { 200: anthropometryCalculateResponseSchema, ...errors },
      },
    },
    async (request) => consultations.calculate(tenantScope(request), request.body),
  );

  r.post(
    '/anthropometry/growth',
    {
      preHandler,
      schema: {
        tags,
        description:
          'WHO growth assessment of a child or adolescent under 19 (WHO 2006 standards under 5 years, WHO 2007 reference 5–19): z-score, percentile, classification and implausible flag per indicator. Saves nothing.',
        body: growthRequestSchema,
        response: { 200: growthResponseSchema, ...errors },
      },
    },
    async (request) => growthAssessment(request.body),
  );

  r.get(
    '/patients/:id/consultations',
    { preHandler, schema: { tags, params: idParams, response: { 200: consultationListSchema, ...errors } } },
    async (request) => consultations.list(tenantScope(request), request.params.id),
  );

  r.post(
    '/patients/:id/consultations',
    {
      preHandler,
      schema: { tags, params: idParams, body: createConsultationRequestSchema, response: { 201: createConsultationResponseSchema, ...errors } },
    },
    async (request, reply) => reply.status(201).send(await consultations.create(actorOf(request), request.params.id, request.body)),
  );

  r.get(
    '/patients/:id/consultations/latest-measurements',
    { preHandler, schema: { tags, params: idParams, response: { 200: latestMeasurementsSchema, ...errors } } },
    async (request) => consultations.latestMeasurements(tenantScope(request), request.params.id),
  );

  r.get(
    '/patients/:id/consultations/evolution',
    { preHandler, schema: { tags, params: idParams, response: { 200: evolutionSchema, ...errors } } },
    async (request) => consultations.evolution(tenantScope(request), request.params.id),
  );

  r.get(
    '/consultations/compare',
    { preHandler, schema: { tags, querystring: compareQuerySchema, response: { 200: consultationComparisonSchema, ...errors } } },
    async (request) => consultations.compare(tenantScope(request), request.query.a, request.query.b),
  );

  r.get(
    '/consultations/:id',
    { preHandler, schema: { tags, params: idParams, response: { 200: consultationSchema, ...errors } } },
    async (request) => consultations.get(tenantScope(request), request.params.id),
  );

  const report = createConsultationReporter({ db, clock, dataDir: options.dataDir });
  r.get(
    '/consultations/:id/report.pdf',
    {
      preHandler,
      schema: { tags, description: 'The consultation report as a PDF (Spanish, es-AR numbers).', params: idParams, response: { 200: z.any().describe('application/pdf'), ...errors } },
    },
    async (request, reply) => {
      const { pdf, fileName } = await report(tenantScope(request), request.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  r.patch(
    '/consultations/:id',
    { preHandler, schema: { tags, params: idParams, body: updateConsultationRequestSchema, response: { 200: consultationSchema, ...errors } } },
    async (request) => consultations.update(actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/consultations/:id',
    { preHandler, schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await consultations.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
