// A durable job queue (lib/job-outbox.ts): work that must happen after a request and survive restarts —
// push deliveries, billing retries — is written here, possibly in the same transaction as the change that
// caused it, and run by whichever instance claims it first. Claims are conditional UPDATEs on
// (status, run_at, locked_until), so the index leads with status and run_at.
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    /** JSON text. */
    .addColumn('payload', 'text', (c) => c.notNull())
    /** pending → running → done | pending again (retry) | failed. */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    /** A job enqueued twice under the same key exists once (NULLs never collide, on both dialects). */
    .addColumn('dedupe_key', 'text')
    .execute();
  await db.schema.createIndex('outbox_jobs_dedupe_key_unique').on('outbox_jobs').column('dedupe_key').unique().execute();
  await db.schema.createIndex('outbox_jobs_due_idx').on('outbox_jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('outbox_jobs_kind_created_idx').on('outbox_jobs').columns(['kind', 'created_at']).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outbox_jobs').execute();
}
