// /api/v1/statistics (the series of /estadisticas for one month) and /api/v1/patients/contacts.csv (the
// mailing export). Thin handlers: parse with the contract, call one service function.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { errorBodySchema, patientContactsQuerySchema, statisticsQuerySchema, statisticsSchema } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import { tenantScope, type Guards } from '../../lib/auth-guard.js';
import type { Clock } from '../../lib/clock.js';
import { createPatientContactsExporter } from '../mailing/patient-contacts.js';
import { createStatisticsService } from './statistics.service.js';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

export async function statisticsRoutes(app: FastifyInstance, options: { db: Kysely<DB>; clock: Clock; guards: Guards }): Promise<void> {
  const statistics = createStatisticsService({ db: options.db });
  const contacts = createPatientContactsExporter({ db: options.db, clock: options.clock });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = options.guards.requireEditor;

  r.get(
    '/statistics',
    {
      preHandler,
      schema: {
        tags: ['statistics'],
        operationId: 'getStatistics',
        summary: 'The practice statistics of one month (one key per series)',
        description:
          'Series of /estadisticas for the month: achievements (weight outcomes), new patients and completed consultations ' +
          '(12 months of the year), ages, gender and patient types of the practice at the month end, billing of completed ' +
          "appointments priced with their service, and consultations per patient. Months follow the nutritionist's time zone.",
        querystring: statisticsQuerySchema,
        response: { 200: statisticsSchema, ...errors },
      },
    },
    async (request) => statistics.forMonth(tenantScope(request), request.query),
  );

  r.get(
    '/patients/contacts.csv',
    {
      preHandler,
      schema: {
        tags: ['patients'],
        operationId: 'getPatientContactsCsv',
        summary: 'Patient contacts as CSV for a mailing service (consent respected)',
        description:
          'text/csv (UTF-8 with BOM, CRLF; ";" and decimal comma when the user reads Spanish, "," in English): nombre, apellido, email, celular, acepta_novedades (sí/no). ' +
          'consent=consenting (default) lists only the patients who agreed to receive news; consent=all lists every patient ' +
          'with the consent column. Pending, test and deleted patients and those without email or mobile are left out.',
        querystring: patientContactsQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...errors },
      },
    },
    async (request, reply) => {
      const { csv } = await contacts.csv({ ...tenantScope(request), userId: request.auth?.userId ?? null }, request.query);
      const suffix = request.query.consent === 'all' ? 'todos' : 'con-consentimiento';
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="contactos-pacientes-${suffix}.csv"`)
        .header('Cache-Control', 'no-store')
        .send(csv);
    },
  );
}
