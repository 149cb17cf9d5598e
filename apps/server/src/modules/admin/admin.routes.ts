// /api/v1/admin: platform-operator routes; nutritionists get 403.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { errorBodySchema, platformSummarySchema } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Guards } from '../../lib/auth-guard.js';
import { adminRepository } from './admin.repository.js';

export async function adminRoutes(app: FastifyInstance, options: { db: Kysely<DB>; guards: Guards }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/admin/summary',
    {
      preHandler: options.guards.requireAdmin,
      schema: { tags: ['admin'], response: { 200: platformSummarySchema, 401: errorBodySchema, 403: errorBodySchema } },
    },
    async () => adminRepository.summary(options.db),
  );
}
