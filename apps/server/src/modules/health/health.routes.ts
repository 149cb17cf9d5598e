// Liveness and readiness: answers only when the database answers.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { healthResponseSchema } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { DatabaseKind } from '../../db/database.js';

export async function healthRoutes(app: FastifyInstance, options: { db: Kysely<DB>; kind: DatabaseKind; version: string }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    { schema: { tags: ['health'], response: { 200: healthResponseSchema } } },
    async () => {
      await sql`select 1`.execute(options.db);
      return { status: 'ok' as const, database: options.kind, version: options.version };
    },
  );
}
