// /api/v1/referrals: the signed-in nutritionist's referral code, link and referred professionals.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, referralsInfoSchema } from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { ReferralsService } from './referrals.service.js';

export async function referralsRoutes(app: FastifyInstance, options: { referrals: ReferralsService; guards: Guards }): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/referrals',
    {
      preHandler: options.guards.requireEditor,
      schema: {
        tags: ['referrals'],
        summary: 'The referral code and link, and the professionals who registered with it (referidos-info)',
        response: { 200: referralsInfoSchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => options.referrals.info(tenantScope(request)),
  );
}
