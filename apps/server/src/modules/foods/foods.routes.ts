// /api/v1/foods: search, groups, catalogue dumps for the client cache, detail and own-food CRUD. Thin
// handlers: parse with the contract, call the foods service.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createOwnFoodRequestSchema,
  errorBodySchema,
  foodCatalogQuerySchema,
  foodCatalogSchema,
  foodDetailSchema,
  foodGroupListSchema,
  foodListQuerySchema,
  foodListResponseSchema,
  idSchema,
  ownFoodCatalogSchema,
  updateOwnFoodRequestSchema,
} from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { FoodsService } from './foods.service.js';

export interface FoodsRoutesOptions {
  foods: FoodsService;
  guards: Guards;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const idParams = z.object({ id: idSchema });

/** True when If-None-Match lists this entity tag (weak or strong, or '*'). */
function matchesEtag(header: string | undefined, hash: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || value === `"${hash}"`;
  });
}

/**
 * Sends pre-serialized JSON (a Buffer bypasses the response serializer) with its content hash as ETag:
 * 304 when the client's cached copy is current, gzip when the client accepts it.
 */
function sendCachedJson(request: FastifyRequest, reply: FastifyReply, payload: { hash: string; json: Buffer; gzip?: Buffer }) {
  reply.header('ETag', `"${payload.hash}"`).header('Cache-Control', 'private, no-cache').header('Vary', 'Accept-Encoding, Authorization');
  if (matchesEtag(request.headers['if-none-match'], payload.hash)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (payload.gzip && acceptsGzip) return reply.header('Content-Encoding', 'gzip').send(payload.gzip);
  return reply.send(payload.json);
}

export async function foodsRoutes(app: FastifyInstance, options: FoodsRoutesOptions): Promise<void> {
  const { foods, guards } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['foods'];
  app.addHook('onReady', async () => {
    try {
      await foods.warmUp();
    } catch (error) {
      app.log.warn({ err: error }, 'food catalogue warm-up failed; it will be built on first use');
    }
  });

  r.get(
    '/foods',
    {
      preHandler: guards.requireEditor,
      schema: { tags, querystring: foodListQuerySchema, response: { 200: foodListResponseSchema, ...errors } },
    },
    async (request) => foods.search(tenantScope(request), request.query),
  );

  r.get(
    '/foods/groups',
    { preHandler: guards.requireEditor, schema: { tags, response: { 200: foodGroupListSchema, ...errors } } },
    async () => foods.groups(),
  );

  r.get(
    '/foods/catalog',
    {
      preHandler: guards.requireEditor,
      schema: {
        tags,
        description: 'Compact dump of the global catalogue for the client cache; ETag = hash, If-None-Match → 304.',
        querystring: foodCatalogQuerySchema,
        response: { 200: foodCatalogSchema, ...errors },
      },
    },
    async (request, reply) => sendCachedJson(request, reply, await foods.globalCatalog(tenantScope(request), request.query.country)),
  );

  r.get(
    '/foods/catalog/own',
    {
      preHandler: guards.requireEditor,
      schema: { tags, description: "The nutritionist's active own foods, same shape and caching as /foods/catalog.", response: { 200: ownFoodCatalogSchema, ...errors } },
    },
    async (request, reply) => sendCachedJson(request, reply, await foods.ownCatalog(tenantScope(request))),
  );

  r.get(
    '/foods/:id',
    { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: { 200: foodDetailSchema, ...errors } } },
    async (request) => foods.detail(tenantScope(request), request.params.id),
  );

  r.post(
    '/foods',
    { preHandler: guards.requireEditor, schema: { tags, body: createOwnFoodRequestSchema, response: { 201: foodDetailSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await foods.createOwn(tenantScope(request), request.body)),
  );

  r.patch(
    '/foods/:id',
    {
      preHandler: guards.requireEditor,
      schema: { tags, params: idParams, body: updateOwnFoodRequestSchema, response: { 200: foodDetailSchema, ...errors } },
    },
    async (request) => foods.updateOwn(tenantScope(request), request.params.id, request.body),
  );

  r.delete(
    '/foods/:id',
    { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await foods.deactivateOwn(tenantScope(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
