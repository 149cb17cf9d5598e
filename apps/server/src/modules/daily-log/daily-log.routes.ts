// The daily log: the patient writes from the portal (POST /portal/daily-log, POST /portal/daily-log/photos),
// the practice reads it in the record (GET /patients/{id}/daily-log?from=&to=, POST …/daily-log/seen).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dailyLogDaySchema, dailyLogEntryRequestSchema, dailyLogListSchema, dailyLogPhotoSchema, dailyLogQuerySchema, dateField, errorBodySchema, idSchema, newDailyLogSchema } from '@almendra/contracts';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import { readSingleUpload } from '../../lib/multipart.js';
import type { PortalService } from '../portal/portal.service.js';
import { DAILY_LOG_PHOTO_MAX_BYTES, type DailyLogService } from './daily-log.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 413: errorBodySchema, 415: errorBodySchema };
const tags = ['daily-log'];
const photoQuery = z.object({ date: dateField('la fecha'), meal: z.string().trim().max(40).optional() });

export async function dailyLogRoutes(app: FastifyInstance, options: { dailyLog: DailyLogService; portal: PortalService; guards: Guards }): Promise<void> {
  const { dailyLog, portal, guards } = options;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const patient = guards.requireRole('patient');
  const ownerOf = async (userId: string) => {
    const scope = await portal.scopeOf(userId);
    return { nutritionistId: scope.nutritionistId, patientId: scope.patientId };
  };

  r.post('/portal/daily-log', { preHandler: patient, schema: { tags, body: dailyLogEntryRequestSchema, response: { 201: dailyLogDaySchema, ...errors } } }, async (request, reply) =>
    reply.status(201).send(await dailyLog.save(await ownerOf(request.auth!.userId), request.body)),
  );
  r.post(
    '/portal/daily-log/photos',
    { preHandler: patient, schema: { tags, querystring: photoQuery, response: { 201: dailyLogPhotoSchema, ...errors } } },
    async (request, reply) => {
      const owner = await ownerOf(request.auth!.userId);
      const bytes = await readSingleUpload(request, { field: 'photo', maxBytes: DAILY_LOG_PHOTO_MAX_BYTES, tooLargeMessage: 'La foto es demasiado grande (máximo 12 MB).', noun: 'la foto' });
      return reply.status(201).send(await dailyLog.addPhoto(owner, { date: request.query.date, meal: request.query.meal || null }, bytes));
    },
  );
  r.get('/portal/daily-log', { preHandler: patient, schema: { tags, querystring: dailyLogQuerySchema, response: { 200: dailyLogListSchema, ...errors } } }, async (request) =>
    dailyLog.list(await ownerOf(request.auth!.userId), request.query),
  );

  r.get(
    '/patients/:id/daily-log',
    { preHandler: guards.requireEditor, schema: { tags, params: z.object({ id: idSchema }), querystring: dailyLogQuerySchema, response: { 200: dailyLogListSchema, ...errors } } },
    async (request) => dailyLog.list(await dailyLog.patientOf(tenantScope(request), request.params.id), request.query),
  );
  // Practice-wide: who wrote since the practice last read their log (the badge on /inicio).
  r.get('/daily-log/new', { preHandler: guards.requireEditor, schema: { tags, response: { 200: newDailyLogSchema, ...errors } } }, async (request) =>
    dailyLog.unseenByPatient(tenantScope(request)),
  );
  r.post(
    '/patients/:id/daily-log/seen',
    { preHandler: guards.requireEditor, schema: { tags, params: z.object({ id: idSchema }), response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await dailyLog.markSeen(await dailyLog.patientOf(tenantScope(request), request.params.id));
      return reply.status(204).send(null);
    },
  );
  r.get(
    '/daily-log-photos/:id',
    { schema: { tags, params: z.object({ id: idSchema }), querystring: z.object({ t: z.string().max(300).optional() }) } },
    async (request, reply) => {
      const bytes = await dailyLog.readPhoto(request.params.id, request.query.t ?? '');
      return reply.header('content-type', 'image/webp').header('cache-control', 'private, max-age=3600').send(bytes);
    },
  );
}
