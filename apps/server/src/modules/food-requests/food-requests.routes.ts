// /api/v1/food-requests (a nutritionist's own requests) and /api/v1/admin/food-requests (the admin review
// queue; nutritionists get 403). Thin handlers over the food-requests service.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminFoodRequestListResponseSchema,
  adminFoodRequestSchema,
  approveFoodRequestSchema,
  errorBodySchema,
  FOOD_REQUEST_PHOTO_FIELD,
  foodRequestListQuerySchema,
  foodRequestListResponseSchema,
  foodRequestSchema,
  idSchema,
  rejectFoodRequestSchema,
  submitFoodRequestSchema,
} from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { FoodRequestsService } from './food-requests.service.js';
import { readPhotoUpload } from './label-photo.js';

export interface FoodRequestsRoutesOptions {
  foodRequests: FoodRequestsService;
  guards: Guards;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };
const writeErrors = { ...errors, 409: errorBodySchema };
const idParams = z.object({ id: idSchema });

function sendPhoto(reply: FastifyReply, bytes: Buffer) {
  return reply
    .type('image/webp')
    .header('Cache-Control', 'private, max-age=300')
    .header('Content-Disposition', 'inline')
    .send(bytes);
}

export async function foodRequestsRoutes(app: FastifyInstance, options: FoodRequestsRoutesOptions): Promise<void> {
  const { foodRequests, guards } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['food-requests'];

  r.post(
    '/food-requests',
    { preHandler: guards.requireEditor, schema: { tags, body: submitFoodRequestSchema, response: { 201: foodRequestSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await foodRequests.submit(tenantScope(request), request.body)),
  );

  r.get(
    '/food-requests',
    {
      preHandler: guards.requireEditor,
      schema: { tags, querystring: foodRequestListQuerySchema, response: { 200: foodRequestListResponseSchema, ...errors } },
    },
    async (request) => foodRequests.list(tenantScope(request), request.query),
  );

  r.get(
    '/food-requests/:id',
    { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: { 200: foodRequestSchema, ...errors } } },
    async (request) => foodRequests.get(tenantScope(request), request.params.id),
  );

  r.put(
    '/food-requests/:id/photo',
    {
      preHandler: guards.requireEditor,
      schema: {
        tags,
        description: `multipart/form-data with one JPEG, PNG or WebP image (≤ 5 MB) in the field "${FOOD_REQUEST_PHOTO_FIELD}"; stored re-encoded as WebP. Only while pending.`,
        params: idParams,
        response: { 200: foodRequestSchema, ...writeErrors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => {
      const scope = tenantScope(request);
      // Checks the request exists before reading the upload, so a foreign id answers 404 whatever is sent.
      await foodRequests.get(scope, request.params.id);
      return foodRequests.setPhoto(scope, request.params.id, await readPhotoUpload(request));
    },
  );

  r.get(
    '/food-requests/:id/photo',
    { preHandler: guards.requireEditor, schema: { tags, params: idParams, response: errors } },
    async (request, reply) => sendPhoto(reply, await foodRequests.photo(tenantScope(request), request.params.id)),
  );

  const adminTags = ['admin'];

  r.get(
    '/admin/food-requests',
    {
      preHandler: guards.requireAdmin,
      schema: { tags: adminTags, querystring: foodRequestListQuerySchema, response: { 200: adminFoodRequestListResponseSchema, ...errors } },
    },
    async (request) => foodRequests.adminList(request.query),
  );

  r.get(
    '/admin/food-requests/:id',
    { preHandler: guards.requireAdmin, schema: { tags: adminTags, params: idParams, response: { 200: adminFoodRequestSchema, ...errors } } },
    async (request) => foodRequests.adminGet(request.params.id),
  );

  r.get(
    '/admin/food-requests/:id/photo',
    { preHandler: guards.requireAdmin, schema: { tags: adminTags, params: idParams, response: errors } },
    async (request, reply) => sendPhoto(reply, await foodRequests.adminPhoto(request.params.id)),
  );

  r.post(
    '/admin/food-requests/:id/approve',
    {
      preHandler: guards.requireAdmin,
      schema: {
        tags: adminTags,
        description: 'Publishes the request as a global database food (source "request"); optional corrections in the body.',
        params: idParams,
        body: approveFoodRequestSchema,
        response: { 200: adminFoodRequestSchema, ...writeErrors },
      },
    },
    async (request) => foodRequests.approve(request.auth!.userId, request.params.id, request.body, String(request.id)),
  );

  r.post(
    '/admin/food-requests/:id/reject',
    {
      preHandler: guards.requireAdmin,
      schema: { tags: adminTags, params: idParams, body: rejectFoodRequestSchema, response: { 200: adminFoodRequestSchema, ...writeErrors } },
    },
    async (request) => foodRequests.reject(request.auth!.userId, request.params.id, request.body.reason, String(request.id)),
  );
}
