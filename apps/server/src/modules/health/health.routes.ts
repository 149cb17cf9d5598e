// Liveness (GET /health: the process answers) and readiness (GET /health/ready: the database answers
// too; 503 while it does not, so a load balancer stops sending traffic to this instance).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { errorBodySchema, healthResponseSchema } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { DatabaseKind } from '../../db/database.js';
import { AppError } from '../../lib/errors.js';

/** A readiness probe never waits longer than this for the database. */
const READINESS_TIMEOUT_MS = 2000;

export async function healthRoutes(app: FastifyInstance, options: { db: Kysely<DB>; kind: DatabaseKind; version: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/health', { schema: { tags: ['health'], response: { 200: healthResponseSchema } } }, async () => ({
    status: 'ok' as const,
    database: options.kind,
    version: options.version,
  }));
  r.get(
    '/health/ready',
    { schema: { tags: ['health'], response: { 200: healthResponseSchema, 503: errorBodySchema } } },
    async (request) => {
      let timer: NodeJS.Timeout | undefined;
      try {
        await Promise.race([
          sql`select 1`.execute(options.db),
          new Promise((_, reject) => {
            timer = setTimeout(() => reject(new Error('database did not answer in time')), READINESS_TIMEOUT_MS);
          }),
        ]);
      } catch (error) {
        request.log.warn({ err: error }, 'readiness check failed: database unreachable');
        throw new AppError('UNAVAILABLE', 'La base de datos no responde.');
      } finally {
        clearTimeout(timer);
      }
      return { status: 'ok' as const, database: options.kind, version: options.version };
    },
  );
}
