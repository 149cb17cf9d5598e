// /api/v1 patient routes: the type catalogue, the list and search, CRUD with trash and restore, the photo,
// CSV/XLSX import, the JSON and PDF exports, the change history and referral options; the record sections are in record-sections.routes.ts.
// Thin handlers: parse with the contract, call one service function, answer a contract type.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  PATIENT_IMPORT_FIELD,
  PATIENT_IMPORT_MAX_BYTES,
  PATIENT_PHOTO_FIELD,
  PATIENT_PHOTO_MAX_BYTES,
  createPatientRequestSchema,
  errorBodySchema,
  idSchema,
  patientAuditPageSchema,
  patientAuditQuerySchema,
  patientExportSchema,
  patientImportQuerySchema,
  patientImportReportSchema,
  patientListQuerySchema,
  patientListResponseSchema,
  patientSchema,
  patientTypeListSchema,
  referralOptionsSchema,
  updatePatientRequestSchema,
  updateReferralOptionsRequestSchema,
} from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import { bearerToken, customGuard, tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { Clock } from '../../lib/clock.js';
import { channels, type EventBus } from '../../lib/event-bus.js';
import { actorOf } from './patient-access.js';
import { createPatientExporter } from './patient-export.js';
import { createPatientsService } from './patients.service.js';
import { PhotoStore } from './photo-storage.js';
import { PhotoUrlSigner } from './photo-url.js';
import { recordSectionsRoutes } from './record-sections.routes.js';
import { createRecordSectionsService } from './record-sections.service.js';
import { readSingleUpload } from '../../lib/multipart.js';

export interface PatientsRoutesOptions {
  db: Kysely<DB>;
  clock: Clock;
  guards: Guards;
  /** DATA_DIR: photos go to DATA_DIR/uploads/patients/. */
  dataDir: string;
  /** Server secret the signed photo URLs derive their key from (the JWT signing secret will do). */
  photoUrlSecret: string;
  /** Realtime: every accepted change publishes PATIENTS_CHANGED_EVENT to the practice's sockets. */
  bus?: EventBus;
}

/**
 * The realtime event after any accepted change to the practice's patients (create, edit, delete,
 * restore, import, photo, record sections): open patient lists elsewhere (another device, another tab)
 * refetch without a reload.
 */
export const PATIENTS_CHANGED_EVENT = 'pacientes-actualizados';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};
const idParams = z.object({ id: idSchema });
const photoQuery = z.object({ v: z.string().max(20).optional(), t: z.string().max(200).optional() });

export async function patientsRoutes(app: FastifyInstance, options: PatientsRoutesOptions): Promise<void> {
  const { db, clock, guards } = options;
  const patients = createPatientsService({
    db,
    clock,
    photos: new PhotoStore(options.dataDir),
    photoUrls: new PhotoUrlSigner(options.photoUrlSecret),
  });
  const records = createRecordSectionsService({ db, clock });
  const exporter = createPatientExporter({ db, clock, dataDir: options.dataDir, patients, records });
  // Encapsulated in this plugin: only the patient routes (and the record sections below) publish.
  app.addHook('onResponse', async (request, reply) => {
    if (!options.bus || request.method === 'GET' || request.method === 'HEAD' || reply.statusCode >= 300) return;
    const nutritionistId = request.auth?.nutritionistId;
    if (!nutritionistId) return;
    const patientId = (request.params as { id?: string } | undefined)?.id ?? null;
    // Best effort: a lost event only delays a list until its next refetch.
    await options.bus.publish(channels.nutritionist(nutritionistId), { type: PATIENTS_CHANGED_EVENT, patientId }).catch(() => undefined);
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['patients'];
  const preHandler = guards.requireEditor;

  r.get(
    '/patient-types',
    { preHandler, schema: { tags, response: { 200: patientTypeListSchema, ...errors } } },
    async () => patients.listTypes(),
  );

  r.get(
    '/patients',
    { preHandler, schema: { tags, querystring: patientListQuerySchema, response: { 200: patientListResponseSchema, ...errors } } },
    async (request) => patients.list(tenantScope(request), request.query),
  );

  r.post(
    '/patients',
    { preHandler, schema: { tags, body: createPatientRequestSchema, response: { 201: patientSchema, ...errors } } },
    async (request, reply) => reply.status(201).send(await patients.create(actorOf(request), request.body)),
  );

  r.post(
    '/patients/import',
    {
      preHandler,
      schema: {
        tags,
        description:
          `multipart/form-data with one file in the field "${PATIENT_IMPORT_FIELD}" (≤ 2 MB): a CSV (UTF-8, comma, semicolon or tab ` +
          'separated) or an XLSX workbook (first sheet with data), with a header row. `mapping` (JSON array, one field or null per ' +
          'column) overrides the columns recognised from the headers. Valid rows are saved in one transaction unless dryRun.',
        querystring: patientImportQuerySchema,
        response: { 200: patientImportReportSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => {
      const file = await readSingleUpload(request, {
        field: PATIENT_IMPORT_FIELD,
        maxBytes: PATIENT_IMPORT_MAX_BYTES,
        tooLargeMessage: 'El archivo supera el máximo de 2 MB.',
      });
      return patients.importFile(actorOf(request), file, { dryRun: request.query.dryRun, mapping: request.query.mapping });
    },
  );

  r.get(
    '/patients/:id',
    { preHandler, schema: { tags, params: idParams, response: { 200: patientSchema, ...errors } } },
    async (request) => patients.get(tenantScope(request), request.params.id),
  );

  r.patch(
    '/patients/:id',
    { preHandler, schema: { tags, params: idParams, body: updatePatientRequestSchema, response: { 200: patientSchema, ...errors } } },
    async (request) => patients.update(actorOf(request), request.params.id, request.body),
  );

  r.delete(
    '/patients/:id',
    { preHandler, schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await patients.remove(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/patients/:id/restore',
    { preHandler, schema: { tags, params: idParams, response: { 200: patientSchema, ...errors } } },
    async (request) => patients.restore(actorOf(request), request.params.id),
  );

  r.get(
    '/patients/:id/export',
    { preHandler, schema: { tags, params: idParams, response: { 200: patientExportSchema, ...errors } } },
    async (request, reply) => {
      const document = await exporter.json(actorOf(request), request.params.id);
      reply.header('Content-Disposition', `attachment; filename="paciente-${request.params.id}.json"`);
      reply.header('Cache-Control', 'no-store');
      return document;
    },
  );

  r.get(
    '/patients/:id/export.pdf',
    {
      preHandler,
      schema: { tags, description: 'The record as a readable PDF summary (Spanish, es-AR numbers).', params: idParams, response: { 200: z.any().describe('application/pdf'), ...errors } },
    },
    async (request, reply) => {
      const { pdf, fileName } = await exporter.pdf(actorOf(request), request.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(pdf);
    },
  );

  r.get(
    '/patients/:id/audit',
    { preHandler, schema: { tags, description: 'The record\'s change history, newest first.', params: idParams, querystring: patientAuditQuerySchema, response: { 200: patientAuditPageSchema, ...errors } } },
    async (request) => patients.auditPage(tenantScope(request), request.params.id, request.query),
  );

  r.put(
    '/patients/:id/photo',
    {
      preHandler,
      schema: {
        tags,
        description: `multipart/form-data with one JPEG, PNG or WebP image (≤ 5 MB) in the field "${PATIENT_PHOTO_FIELD}".`,
        params: idParams,
        response: { 200: patientSchema, ...errors, 413: errorBodySchema, 415: errorBodySchema },
      },
    },
    async (request) => {
      const upload = await readSingleUpload(request, {
        field: PATIENT_PHOTO_FIELD,
        maxBytes: PATIENT_PHOTO_MAX_BYTES,
        tooLargeMessage: 'La foto supera el máximo de 5 MB.',
      });
      return patients.setPhoto(actorOf(request), request.params.id, upload);
    },
  );

  r.delete(
    '/patients/:id/photo',
    { preHandler, schema: { tags, params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await patients.removePhoto(actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  // Photos are health data: never a public static path. An <img> cannot send the bearer header, so the
  // signed `t` of the patient's photoUrl is accepted instead; with a bearer header the token is ignored.
  r.get(
    '/patients/:id/photo',
    {
      // Runs before validation like every guard (lib/auth-guard.ts installGuardsFirst).
      preHandler: customGuard(['nutritionist', 'admin'], async function (request, reply) {
        if (!bearerToken(request) && (request.query as { t?: string }).t) return;
        await preHandler.call(this, request, reply);
      }),
      schema: { tags, params: idParams, querystring: photoQuery, response: errors },
    },
    async (request, reply) => {
      const scope = request.auth ? tenantScope(request) : patients.photoScopeFromToken(request.params.id, request.query.t ?? '');
      const photo = await patients.readPhoto(scope, request.params.id);
      return reply
        .header('Content-Type', 'image/webp')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, max-age=3600')
        .header('Content-Disposition', 'inline')
        .send(photo as never);
    },
  );

  r.get(
    '/referral-options',
    { preHandler, schema: { tags, response: { 200: referralOptionsSchema, ...errors } } },
    async (request) => patients.getReferralOptions(tenantScope(request)),
  );

  r.put(
    '/referral-options',
    { preHandler, schema: { tags, body: updateReferralOptionsRequestSchema, response: { 200: referralOptionsSchema, ...errors } } },
    async (request) => patients.setReferralOptions(tenantScope(request), request.body.options),
  );

  await app.register(recordSectionsRoutes, { records, guards });
}
