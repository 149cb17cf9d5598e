// /api/v1/marketing: the side-menu badge count of unseen appointment requests.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { errorBodySchema, unseenRequestsCountSchema } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import { marketingRepository } from './marketing.repository.js';

export async function marketingRoutes(app: FastifyInstance, options: { db: Kysely<DB>; guards: Guards }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/marketing/unseen-count',
    {
      preHandler: options.guards.requireEditor,
      schema: { tags: ['marketing'], response: { 200: unseenRequestsCountSchema, 401: errorBodySchema, 403: errorBodySchema } },
    },
    async (request) => ({ count: await marketingRepository.countUnseenRequests(options.db, tenantScope(request)) }),
  );
}
