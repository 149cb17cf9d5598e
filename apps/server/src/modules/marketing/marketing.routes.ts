// /api/v1/marketing: the side-menu badge count of unseen appointment requests, the requests inbox
// (list, mark all seen, confirm or reject) and its figures (conversion, completed appointments).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import {
  decideMarketingRequestSchema,
  errorBodySchema,
  marketingOverviewSchema,
  marketingRequestIdParamsSchema,
  marketingRequestListSchema,
  marketingRequestSchema,
  marketingSeenResultSchema,
  unseenRequestsCountSchema,
} from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import { marketingRepository } from './marketing.repository.js';
import type { MarketingService } from './marketing.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

export async function marketingRoutes(app: FastifyInstance, options: { db: Kysely<DB>; guards: Guards; marketing: MarketingService }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = options.guards.requireEditor;
  const tags = ['marketing'];
  const { marketing } = options;

  r.get(
    '/marketing/unseen-count',
    { preHandler, schema: { tags, response: { 200: unseenRequestsCountSchema, 401: errorBodySchema, 403: errorBodySchema } } },
    async (request) => ({ count: await marketingRepository.countUnseenRequests(options.db, tenantScope(request)) }),
  );

  r.get(
    '/marketing/requests',
    {
      preHandler,
      schema: {
        tags,
        operationId: 'listAppointmentRequests',
        summary: 'Appointment requests from the public profile, unseen first',
        response: { 200: marketingRequestListSchema, ...errors },
      },
    },
    async (request) => marketing.list(tenantScope(request)),
  );

  r.post(
    '/marketing/requests/seen',
    {
      preHandler,
      schema: {
        tags,
        operationId: 'markAppointmentRequestsSeen',
        summary: "Marks every appointment request as seen ('marcar todas como vistas'): the badge goes to zero",
        response: { 200: marketingSeenResultSchema, ...errors },
      },
    },
    async (request) => marketing.markAllSeen(tenantScope(request)),
  );

  r.patch(
    '/marketing/requests/:id',
    {
      preHandler,
      schema: {
        tags,
        operationId: 'decideAppointmentRequest',
        summary: 'Confirms or rejects (with a reason) an appointment request; the visitor is emailed',
        params: marketingRequestIdParamsSchema,
        body: decideMarketingRequestSchema,
        response: { 200: marketingRequestSchema, ...errors, 422: errorBodySchema },
      },
    },
    async (request) => marketing.decide(tenantScope(request), request.params.id, request.body),
  );

  r.get(
    '/marketing/overview',
    {
      preHandler,
      schema: {
        tags,
        operationId: 'getMarketingOverview',
        summary: 'Conversion of requests into first consultations, and the completed appointments',
        response: { 200: marketingOverviewSchema, ...errors },
      },
    },
    async (request) => marketing.overview(tenantScope(request)),
  );
}
