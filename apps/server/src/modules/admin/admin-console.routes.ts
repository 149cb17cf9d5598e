// The operator's console API (/admin, role admin; 403 for everyone else): users (search, subscription,
// manual payments), the plan catalogue, platform billing figures and the audit log. Every change is
// written to operator_audit_log in the same transaction.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import {
  adminJobListSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  billingFiguresSchema,
  errorBodySchema,
  idSchema,
  meSubscriptionSchema,
  operatorAuditListSchema,
  operatorAuditQuerySchema,
  recordPaymentRequestSchema,
  subscriptionPlanListSchema,
  subscriptionPlanSchema,
  upsertSubscriptionPlanRequestSchema,
} from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Guards } from '../../lib/auth-guard.js';
import { listOperatorActions, operatorFromRequest } from '../audit/operator-audit.js';
import type { BillingService } from '../billing/billing.service.js';

export async function adminConsoleRoutes(app: FastifyInstance, options: { db: Kysely<DB>; guards: Guards; billing: BillingService }) {
  const { db, guards, billing } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin'];
  const preHandler = guards.requireAdmin;
  const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

  r.get(
    '/admin/users',
    { preHandler, schema: { tags, summary: 'Accounts by name or email, newest first', querystring: adminUserListQuerySchema, response: { 200: adminUserListSchema, ...errors } } },
    async (request) => {
      const { q, limit, offset } = request.query;
      let query = db
        .selectFrom('users')
        .leftJoin('nutritionists', 'nutritionists.user_id', 'users.id')
        .where('users.role', '!=', 'patient');
      if (q) {
        const pattern = `%${q.toLowerCase().replace(/[%_]/g, '')}%`;
        query = query.where((eb) =>
          eb.or([
            eb(sql`lower(users.email)`, 'like', pattern),
            eb(sql`lower(nutritionists.first_name || ' ' || nutritionists.last_name)`, 'like', pattern),
          ]),
        );
      }
      const [{ total }] = (await query.select(sql<number>`count(*)`.as('total')).execute()) as [{ total: number }];
      const rows = await query
        .select(['users.id as userId', 'users.email', 'users.role', 'users.banned_status', 'users.suspension_reason', 'users.created_at', 'nutritionists.id as nutritionistId', 'nutritionists.first_name', 'nutritionists.last_name', 'nutritionists.country_code'])
        .orderBy('users.created_at', 'desc')
        .orderBy('users.id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute();
      const statuses = billing.enabled ? await billing.statusesOf(rows.flatMap((row) => (row.nutritionistId ? [row.nutritionistId] : []))) : new Map();
      const items = rows.map((row) => ({
        userId: row.userId,
        nutritionistId: row.nutritionistId,
        email: row.email,
        name: row.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : row.email,
        role: row.role,
        countryCode: row.country_code,
        bannedStatus: Number(row.banned_status),
        suspensionReason: Number(row.banned_status) === 2 ? (row.suspension_reason ?? null) : null,
        createdAt: row.created_at,
        subscription: (row.nutritionistId && statuses.get(row.nutritionistId)) ?? null,
      }));
      return { items, total: Number(total) };
    },
  );

  r.get(
    '/admin/users/:id/subscription',
    { preHandler, schema: { tags, summary: "An account's subscription, plan state and payment history", params: z.object({ id: idSchema }), response: { 200: meSubscriptionSchema, ...errors } } },
    async (request) => billing.subscriptionOfUser(request.params.id),
  );

  r.post(
    '/admin/users/:id/payments',
    {
      preHandler,
      schema: {
        tags,
        summary: 'Record a payment received outside the platform (manual processor): extends the paid period by one period of the plan',
        params: z.object({ id: idSchema }),
        body: recordPaymentRequestSchema,
        response: { 201: meSubscriptionSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await billing.recordManualPayment(operatorFromRequest(request), request.params.id, request.body)),
  );

  r.get(
    '/admin/subscription-plans',
    { preHandler, schema: { tags, summary: 'Every plan of every country, inactive ones included', response: { 200: subscriptionPlanListSchema, ...errors } } },
    async () => ({ items: await billing.adminPlans() }),
  );
  r.put(
    '/admin/subscription-plans',
    { preHandler, schema: { tags, summary: 'Create or update a plan by its key', body: upsertSubscriptionPlanRequestSchema, response: { 200: subscriptionPlanSchema, ...errors } } },
    async (request) => billing.upsertPlan(operatorFromRequest(request), request.body),
  );

  r.get(
    '/admin/billing-figures',
    { preHandler, schema: { tags, summary: 'Accounts by subscription state, churn and payments by month', response: { 200: billingFiguresSchema, ...errors } } },
    async () => billing.figures(),
  );

  r.get(
    '/admin/jobs',
    { preHandler, schema: { tags, summary: 'Work waiting or failed in the job outbox (processor retries, push deliveries), newest first', response: { 200: adminJobListSchema, ...errors } } },
    async () => ({ items: await billing.adminJobs() }),
  );
  r.post(
    '/admin/jobs/:id/retry',
    { preHandler, schema: { tags, summary: 'Run a pending or failed job now (a failed one gets one more attempt); 409 when running or done', params: z.object({ id: idSchema }), response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await billing.retryJob(operatorFromRequest(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/admin/audit',
    { preHandler, schema: { tags, summary: "The operators' audit log, newest first (read-only)", querystring: operatorAuditQuerySchema, response: { 200: operatorAuditListSchema, ...errors } } },
    async (request) => {
      const { limit, before, targetType, targetId } = request.query;
      const [createdAt, id] = before ? before.split('|') : [];
      const items = await listOperatorActions(db, {
        limit,
        ...(createdAt && id ? { before: { createdAt, id } } : {}),
        ...(targetType ? { targetType } : {}),
        ...(targetId ? { targetId } : {}),
      });
      const last = items.at(-1);
      return { items, nextBefore: items.length === limit && last ? `${last.createdAt}|${last.id}` : null };
    },
  );
}
