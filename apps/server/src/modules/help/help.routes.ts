// /api/v1 news and FAQ. Reading: /news, /news/unseen-count, /news/seen, /faq?q= (nutritionists and admins;
// the guided tour is /me/onboarding). Writing news and FAQ: /admin/news and /admin/faq/… (admins only; 403 otherwise).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createFaqCategoryRequestSchema,
  createFaqItemRequestSchema,
  createNewsRequestSchema,
  errorBodySchema,
  faqCategorySchema,
  faqItemSchema,
  faqQuerySchema,
  faqSchema,
  idSchema,
  markNewsSeenRequestSchema,
  newsItemSchema,
  newsListSchema,
  unseenNewsCountSchema,
  updateFaqCategoryRequestSchema,
  updateFaqItemRequestSchema,
  updateNewsRequestSchema,
} from '@almendra/contracts';
import type { Guards } from '../../lib/auth-guard.js';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { operatorFromRequest, recordOperatorAction } from '../audit/operator-audit.js';
import { createHelpService, type HelpService } from './help.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const idParams = z.object({ id: idSchema });

export async function helpRoutes(app: FastifyInstance, options: { help: HelpService; guards: Guards; db: Kysely<DB>; clock: Clock }): Promise<void> {
  const { help, guards, db, clock } = options;
  /** An operator's news/FAQ change and its audit entry, in one transaction. */
  const audited = <T>(
    request: FastifyRequest,
    action: string,
    targetType: 'news' | 'faq',
    change: (inTransaction: HelpService) => Promise<T>,
    targetId: (result: T) => string | null,
  ): Promise<T> =>
    db.transaction().execute(async (trx) => {
      const result = await change(createHelpService({ db: trx, clock }));
      await recordOperatorAction(trx, { ...operatorFromRequest(request), action, targetType, targetId: targetId(result) }, clock.now().toISOString());
      return result;
    });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reader = guards.requireEditor;
  const admin = guards.requireAdmin;
  const userOf = (request: { auth: { userId: string } | null }) => request.auth!.userId;

  r.get(
    '/news',
    { preHandler: reader, schema: { tags: ['news'], summary: 'Lists the news, newest first, with the signed-in user’s seen marks', response: { 200: newsListSchema, ...errors } } },
    async (request) => help.listNews(userOf(request)),
  );
  r.get(
    '/news/unseen-count',
    { preHandler: reader, schema: { tags: ['news'], summary: 'Counts the news the signed-in user has not seen (the badge)', response: { 200: unseenNewsCountSchema, ...errors } } },
    async (request) => ({ count: await help.unseenNews(userOf(request)) }),
  );
  r.post(
    '/news/seen',
    {
      preHandler: reader,
      schema: { tags: ['news'], summary: 'Marks news seen (the given ids, or all of them); answers the remaining unseen count', body: markNewsSeenRequestSchema, response: { 200: unseenNewsCountSchema, ...errors } },
    },
    async (request) => ({ count: await help.markNewsSeen(userOf(request), request.body?.ids ?? null) }),
  );
  r.post(
    '/admin/news',
    { preHandler: admin, schema: { tags: ['admin', 'news'], summary: 'Publishes a news item (admins)', body: createNewsRequestSchema, response: { 201: newsItemSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await audited(request, 'news.create', 'news', (h) => h.createNews(userOf(request), request.body), (item) => item.id)),
  );
  r.patch(
    '/admin/news/:id',
    { preHandler: admin, schema: { tags: ['admin', 'news'], summary: 'Edits a news item (admins)', params: idParams, body: updateNewsRequestSchema, response: { 200: newsItemSchema, ...errors } } },
    async (request) => audited(request, 'news.update', 'news', (h) => h.updateNews(request.params.id, request.body), () => request.params.id),
  );
  r.delete(
    '/admin/news/:id',
    { preHandler: admin, schema: { tags: ['admin', 'news'], summary: 'Deletes a news item (admins)', params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await audited(request, 'news.delete', 'news', (h) => h.deleteNews(request.params.id), () => request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/faq',
    { preHandler: reader, schema: { tags: ['help'], summary: 'The FAQ by category (?q= searches questions, answers and category names)', querystring: faqQuerySchema, response: { 200: faqSchema, ...errors } } },
    async (request) => help.faq(request.query.q),
  );
  r.post(
    '/admin/faq/categories',
    { preHandler: admin, schema: { tags: ['admin', 'help'], summary: 'Creates a FAQ category (admins)', body: createFaqCategoryRequestSchema, response: { 201: faqCategorySchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await audited(request, 'faq.category.create', 'faq', (h) => h.createCategory(request.body), (category) => category.id)),
  );
  r.patch(
    '/admin/faq/categories/:id',
    { preHandler: admin, schema: { tags: ['admin', 'help'], summary: 'Renames or moves a FAQ category (admins)', params: idParams, body: updateFaqCategoryRequestSchema, response: { 200: faqCategorySchema, ...errors } } },
    async (request) => audited(request, 'faq.category.update', 'faq', (h) => h.updateCategory(request.params.id, request.body), () => request.params.id),
  );
  r.delete(
    '/admin/faq/categories/:id',
    { preHandler: admin, schema: { tags: ['admin', 'help'], summary: 'Deletes a FAQ category with its questions (admins)', params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await audited(request, 'faq.category.delete', 'faq', (h) => h.deleteCategory(request.params.id), () => request.params.id);
      return reply.status(204).send(null);
    },
  );
  r.post(
    '/admin/faq/items',
    { preHandler: admin, schema: { tags: ['admin', 'help'], summary: 'Adds a question and its answer to a FAQ category (admins)', body: createFaqItemRequestSchema, response: { 201: faqItemSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await audited(request, 'faq.item.create', 'faq', (h) => h.createItem(request.body), (item) => item.id)),
  );
  r.patch(
    '/admin/faq/items/:id',
    { preHandler: admin, schema: { tags: ['admin', 'help'], summary: 'Edits a FAQ question (admins)', params: idParams, body: updateFaqItemRequestSchema, response: { 200: faqItemSchema, ...errors } } },
    async (request) => audited(request, 'faq.item.update', 'faq', (h) => h.updateItem(request.params.id, request.body), () => request.params.id),
  );
  r.delete(
    '/admin/faq/items/:id',
    { preHandler: admin, schema: { tags: ['admin', 'help'], summary: 'Deletes a FAQ question (admins)', params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await audited(request, 'faq.item.delete', 'faq', (h) => h.deleteItem(request.params.id), () => request.params.id);
      return reply.status(204).send(null);
    },
  );

}
