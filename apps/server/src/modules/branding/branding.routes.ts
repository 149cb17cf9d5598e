// /api/v1/me/logo: the nutritionist's logo printed on plan PDFs (multipart upload, the PNG, removal).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { NUTRITIONIST_LOGO_FIELD, NUTRITIONIST_LOGO_MAX_BYTES, errorBodySchema, nutritionistLogoSchema } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { Clock } from '../../lib/clock.js';
import { readSingleUpload } from '../../lib/multipart.js';
import { createBrandingService } from './branding.service.js';

export interface BrandingRoutesOptions {
  db: Kysely<DB>;
  clock: Clock;
  guards: Guards;
  /** DATA_DIR: logos go to DATA_DIR/uploads/logos/. */
  dataDir: string;
}

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export async function brandingRoutes(app: FastifyInstance, options: BrandingRoutesOptions): Promise<void> {
  const { guards } = options;
  const branding = createBrandingService(options);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['me'];

  r.put(
    '/me/logo',
    {
      preHandler: guards.requireEditor,
      schema: {
        tags,
        description: `multipart/form-data with one PNG or JPEG image (≤ 2 MB) in the field "${NUTRITIONIST_LOGO_FIELD}".`,
        response: { 200: nutritionistLogoSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => {
      const upload = await readSingleUpload(request, {
        field: NUTRITIONIST_LOGO_FIELD,
        maxBytes: NUTRITIONIST_LOGO_MAX_BYTES,
        tooLargeMessage: 'El logo supera el máximo de 2 MB.',
      });
      return branding.setLogo(tenantScope(request), upload);
    },
  );

  r.get('/me/logo', { preHandler: guards.requireEditor, schema: { tags, response: errors } }, async (request, reply) => {
    const png = await branding.readLogo(tenantScope(request));
    return reply
      .header('Content-Type', 'image/png')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-cache')
      .send(png as never);
  });

  r.delete('/me/logo', { preHandler: guards.requireEditor, schema: { tags, response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    await branding.removeLogo(tenantScope(request));
    return reply.status(204).send(null);
  });
}
