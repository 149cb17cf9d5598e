// /api/v1/dishes: the nutritionist's dishes (platos) and the shipped examples, with computed totals, copy
// (duplicate / copy an example) and photo. Thin handlers over the service.
import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  copyDishRequestSchema,
  createDishRequestSchema,
  DISH_PHOTO_FIELD,
  dishListQuerySchema,
  dishListResponseSchema,
  dishSchema,
  errorBodySchema,
  idSchema,
  updateDishRequestSchema,
} from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import { readPhotoUpload } from '../food-requests/label-photo.js';
import type { DishesService } from './dishes.service.js';

export interface DishesRoutesOptions {
  dishes: DishesService;
  guards: Guards;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const writeErrors = { ...errors, 409: errorBodySchema, 422: errorBodySchema };
const idParams = z.object({ id: idSchema });

export async function dishesRoutes(app: FastifyInstance, options: DishesRoutesOptions): Promise<void> {
  const { dishes, guards } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['dishes'];

  r.get(
    '/dishes',
    { preHandler: guards.requireEditor, schema: { tags, querystring: dishListQuerySchema, response: { 200: dishListResponseSchema, ...errors } } },
    async (request) => dishes.list(tenantScope(request), request.query),
  );

  r.post(
    '/dishes',
    { preHandler: guards.requireEditor, schema: { tags, body: createDishRequestSchema, response: { 201: dishSchema, ...writeErrors } } },
    async (request, reply) => reply.status(201).send(await dishes.create(tenantScope(request), request.body)),
  );

  r.get(
    '/dishes/:id',
    { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: { 200: dishSchema, ...writeErrors } } },
    async (request) => dishes.get(tenantScope(request), request.params.id),
  );

  r.patch(
    '/dishes/:id',
    {
      preHandler: guards.requireEditor,
      schema: { tags, params: idParams, body: updateDishRequestSchema, response: { 200: dishSchema, ...writeErrors } },
    },
    async (request) => dishes.update(tenantScope(request), request.params.id, request.body),
  );

  r.delete(
    '/dishes/:id',
    { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await dishes.remove(tenantScope(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/dishes/:id/copy',
    {
      preHandler: guards.requireEditor,
      schema: {
        tags,
        description: 'Duplicates an own dish or copies an example into a new, independent own dish.',
        params: idParams,
        body: copyDishRequestSchema.nullish(),
        response: { 201: dishSchema, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await dishes.copy(tenantScope(request), request.params.id, request.body ?? {})),
  );

  r.put(
    '/dishes/:id/photo',
    {
      preHandler: guards.requireEditor,
      schema: {
        tags,
        description: `multipart/form-data with one JPEG, PNG or WebP image (≤ 5 MB) in the field "${DISH_PHOTO_FIELD}".`,
        params: idParams,
        response: { 200: dishSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => dishes.setPhoto(tenantScope(request), request.params.id, await readPhotoUpload(request)),
  );

  r.delete(
    '/dishes/:id/photo',
    { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await dishes.removePhoto(tenantScope(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.get(
    '/dishes/:id/photo',
    { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: errors } },
    async (request, reply) => {
      const photo = await dishes.readPhoto(tenantScope(request), request.params.id);
      return reply
        .header('Content-Type', 'image/webp')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=3600')
        .header('Content-Disposition', 'inline')
        .send(photo as never);
    },
  );
}
