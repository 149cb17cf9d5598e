// /api/v1/admin: platform-operator routes; nutritionists get 403.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { adminUpdateUserRequestSchema, errorBodySchema, idSchema, platformSummarySchema, userSchema } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Guards } from '../../lib/auth-guard.js';
import { systemClock, type Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/errors.js';
import { toUser } from '../auth/auth.mapper.js';
import { operatorFromRequest, recordOperatorAction } from '../audit/operator-audit.js';
import { adminRepository } from './admin.repository.js';

export async function adminRoutes(app: FastifyInstance, options: { db: Kysely<DB>; guards: Guards; clock?: Clock }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clock = options.clock ?? systemClock;
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

  r.get(
    '/admin/summary',
    {
      preHandler: options.guards.requireAdmin,
      schema: { tags: ['admin'], response: { 200: platformSummarySchema, 401: errorBodySchema, 403: errorBodySchema } },
    },
    async () => adminRepository.summary(options.db),
  );

  // Suspends an account (bannedStatus 2, with the reason she will be shown) or enables it again (0, the
  // reason cleared); the web client then sends a suspended account to /activar-cuenta, which shows why.
  r.patch(
    '/admin/users/:id',
    {
      preHandler: options.guards.requireAdmin,
      schema: {
        tags: ['admin'],
        params: z.object({ id: idSchema }),
        body: adminUpdateUserRequestSchema,
        response: { 200: userSchema, ...errors },
      },
    },
    async (request) => {
      const { bannedStatus, planKey, reason } = request.body;
      const now = clock.now().toISOString();
      const changes = {
        ...(bannedStatus !== undefined ? { banned_status: bannedStatus } : {}),
        ...(bannedStatus === 2 ? { suspension_reason: reason ?? null, suspended_at: now } : bannedStatus === 0 ? { suspension_reason: null, suspended_at: null } : {}),
        ...(planKey !== undefined ? { plan_key: planKey } : {}),
      };
      const updated = await options.db.transaction().execute(async (trx) => {
        const before = await adminRepository.findUser(trx, request.params.id);
        if (!before || !(await adminRepository.updateUserState(trx, request.params.id, changes, now))) return false;
        const action = bannedStatus === undefined ? 'user.plan' : bannedStatus === 2 ? 'user.ban' : 'user.unban';
        await recordOperatorAction(
          trx,
          { ...operatorFromRequest(request), action, targetType: 'user', targetId: request.params.id, details: { email: before.email, from: { bannedStatus: Number(before.banned_status), planKey: before.plan_key, reason: before.suspension_reason }, to: request.body } },
          now,
        );
        return true;
      });
      if (!updated) throw notFound('No existe una cuenta con ese identificador.');
      return toUser((await adminRepository.findUser(options.db, request.params.id))!);
    },
  );
}
