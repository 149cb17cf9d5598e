// /api/v1/me/public-profile (the nutritionist edits her public web profile and its cover) and
// /api/v1/public/profiles/{slug} (what visitors and other tools read, the free slots, and the
// appointment requests they send). Public routes carry no guard: an unpublished or unknown slug is 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PUBLIC_COVER_FIELD,
  PUBLIC_COVER_MAX_BYTES,
  createPublicAppointmentRequestSchema,
  createdAppointmentRequestSchema,
  errorBodySchema,
  publicProfileSchema,
  publicProfileViewSchema,
  publicSlotListSchema,
  publicSlotsQuerySchema,
  publicSlugParamsSchema,
  updatePublicProfileRequestSchema,
} from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import { readSingleUpload } from '../../lib/multipart.js';
import type { PublicProfileService } from './public-profile.service.js';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  422: errorBodySchema,
};
const publicErrors = { 400: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };

export async function publicProfileRoutes(app: FastifyInstance, options: { profiles: PublicProfileService; guards: Guards }): Promise<void> {
  const { profiles, guards } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = guards.requireEditor;
  const tags = ['public-profile'];

  r.get(
    '/me/public-profile',
    {
      preHandler,
      schema: { tags, operationId: 'getOwnPublicProfile', summary: 'The public web profile of the signed-in nutritionist', response: { 200: publicProfileSchema, ...errors } },
    },
    async (request) => profiles.getOwn(tenantScope(request)),
  );

  r.patch(
    '/me/public-profile',
    {
      preHandler,
      schema: {
        tags,
        operationId: 'updateOwnPublicProfile',
        summary: 'Changes any subset of the public web profile (slug, published, texts, lists, places shown)',
        body: updatePublicProfileRequestSchema,
        response: { 200: publicProfileSchema, ...errors },
      },
    },
    async (request) => profiles.update(tenantScope(request), request.body),
  );

  r.put(
    '/me/public-profile/cover',
    {
      preHandler,
      schema: {
        tags,
        operationId: 'uploadPublicProfileCover',
        summary: 'Uploads the cover image of the public profile',
        description: `multipart/form-data with one JPEG, PNG or WebP image (≤ 5 MB) in the field "${PUBLIC_COVER_FIELD}".`,
        response: { 200: publicProfileSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => {
      const upload = await readSingleUpload(request, {
        field: PUBLIC_COVER_FIELD,
        maxBytes: PUBLIC_COVER_MAX_BYTES,
        tooLargeMessage: 'La portada supera el máximo de 5 MB.',
      });
      return profiles.setCover(tenantScope(request), upload);
    },
  );

  r.get(
    '/me/public-profile/cover',
    { preHandler, schema: { tags, operationId: 'getOwnPublicProfileCover', summary: 'The cover image (WebP) of the own public profile', response: errors } },
    async (request, reply) => {
      const bytes = await profiles.readOwnCover(tenantScope(request));
      return reply.header('Content-Type', 'image/webp').header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, no-cache').send(bytes as never);
    },
  );

  r.delete(
    '/me/public-profile/cover',
    { preHandler, schema: { tags, operationId: 'removePublicProfileCover', summary: 'Removes the cover image', response: { 200: publicProfileSchema, ...errors } } },
    async (request) => profiles.removeCover(tenantScope(request)),
  );

  r.get(
    '/public/profiles/:slug',
    {
      schema: {
        tags,
        operationId: 'getPublicProfile',
        summary: 'A published public profile with its places of care, hours and services',
        params: publicSlugParamsSchema,
        response: { 200: publicProfileViewSchema, ...publicErrors },
      },
    },
    async (request) => profiles.view(request.params.slug),
  );

  r.get(
    '/public/profiles/:slug/cover',
    {
      schema: { tags, operationId: 'getPublicProfileCover', summary: 'The cover image (WebP) of a published profile', params: publicSlugParamsSchema, response: publicErrors },
    },
    async (request, reply) => {
      const bytes = await profiles.readPublicCover(request.params.slug);
      return reply.header('Content-Type', 'image/webp').header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'public, max-age=300').send(bytes as never);
    },
  );

  r.get(
    '/public/profiles/:slug/slots',
    {
      schema: {
        tags,
        operationId: 'listPublicProfileSlots',
        summary: 'Free slots of a place (and service) of a published profile on a date',
        params: publicSlugParamsSchema,
        querystring: publicSlotsQuerySchema,
        response: { 200: publicSlotListSchema, ...publicErrors },
      },
    },
    async (request) => profiles.slots(request.params.slug, request.query),
  );

  r.post(
    '/public/profiles/:slug/appointment-requests',
    {
      schema: {
        tags,
        operationId: 'createPublicAppointmentRequest',
        summary: 'A visitor requests an appointment (a free slot) or a call back (no slot)',
        params: publicSlugParamsSchema,
        body: createPublicAppointmentRequestSchema,
        response: { 201: createdAppointmentRequestSchema, ...publicErrors },
      },
    },
    async (request, reply) => reply.status(201).send(await profiles.request(request.params.slug, request.body, request.ip)),
  );
}
