// /api/v1/me/photo: the nutritionist's profile photo (seed 1 section 3, Nut_Imagen / photoURL) shown in
// her account and the navbar. Uploaded as JPEG, PNG or WebP, trusted only by its magic number, and
// re-encoded to a 400×400 WebP (EXIF and GPS dropped) under uploads/profile-photos/ (disk or S3).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { PROFILE_PHOTO_FIELD, PROFILE_PHOTO_MAX_BYTES, errorBodySchema, profilePhotoSchema } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { Clock } from '../../lib/clock.js';
import { AppError, notFound } from '../../lib/errors.js';
import { readSingleUpload } from '../../lib/multipart.js';
import { reencodeImage, UploadStore } from '../../lib/uploads.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

export async function profilePhotoRoutes(app: FastifyInstance, options: { db: Kysely<DB>; clock: Clock; guards: Guards; dataDir: string }) {
  const { db, clock, guards } = options;
  const store = new UploadStore(options.dataDir, 'profile-photos', 'webp');
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['me'];
  const current = async (nutritionistId: string) =>
    db.selectFrom('nutritionists').select(['photo_path', 'photo_updated_at']).where('id', '=', nutritionistId).executeTakeFirst();

  r.put(
    '/me/photo',
    {
      preHandler: guards.requireEditor,
      schema: {
        tags,
        summary: 'Upload the profile photo',
        description: `multipart/form-data with one JPEG, PNG or WebP image (≤ 5 MB) in the field "${PROFILE_PHOTO_FIELD}".`,
        response: { 200: profilePhotoSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => {
      const { nutritionistId } = tenantScope(request);
      const upload = await readSingleUpload(request, { field: PROFILE_PHOTO_FIELD, maxBytes: PROFILE_PHOTO_MAX_BYTES, tooLargeMessage: 'La foto supera el máximo de 5 MB.' });
      const webp = await reencodeImage(upload, { accept: ['jpeg', 'png', 'webp'], maxWidth: 400, maxHeight: 400, output: { format: 'webp', quality: 82 } });
      if (!webp) throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'La foto debe ser una imagen JPEG, PNG o WebP.');
      const previous = (await current(nutritionistId))?.photo_path ?? null;
      const relative = await store.save(nutritionistId, 'photo', webp);
      const now = clock.now().toISOString();
      await db.updateTable('nutritionists').set({ photo_path: relative, photo_updated_at: now }).where('id', '=', nutritionistId).execute();
      if (previous && previous !== relative) await store.remove(previous);
      return { photoUpdatedAt: now };
    },
  );

  r.get('/me/photo', { preHandler: guards.requireEditorAnyPlan, schema: { tags, summary: 'The profile photo (WebP)', response: errors } }, async (request, reply) => {
    const bytes = await store.read((await current(tenantScope(request).nutritionistId))?.photo_path ?? null);
    if (!bytes) throw notFound('Todavía no subiste una foto.');
    return reply.header('Content-Type', 'image/webp').header('X-Content-Type-Options', 'nosniff').header('Cache-Control', 'private, no-cache').send(bytes as never);
  });

  r.delete('/me/photo', { preHandler: guards.requireEditor, schema: { tags, summary: 'Remove the profile photo', response: { 204: z.null(), ...errors } } }, async (request, reply) => {
    const { nutritionistId } = tenantScope(request);
    const previous = (await current(nutritionistId))?.photo_path ?? null;
    await db.updateTable('nutritionists').set({ photo_path: null, photo_updated_at: clock.now().toISOString() }).where('id', '=', nutritionistId).execute();
    await store.remove(previous);
    return reply.status(204).send(null);
  });
}
