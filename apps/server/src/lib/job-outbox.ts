// A durable job queue on the application database (table outbox_jobs, migration 0036), for work that must
// happen after a request, must not slow it down and must survive a restart: push deliveries, billing
// retries. The same code runs on SQLite and PostgreSQL.
//
// - enqueue() writes one row, optionally inside the caller's transaction (the job exists exactly when the
//   change that caused it was committed). A dedupe key makes a second enqueue of the same job a no-op.
// - runDue() claims due jobs one by one with a conditional UPDATE — pending and due, or running with an
//   expired lease (its instance died) — and runs only the ones whose UPDATE changed a row, so with several
//   instances on one database each job runs once. A claim counts one attempt and holds a lease.
// - A failing handler puts the job back with exponential backoff (30 s × 2^(attempt−1), at most 1 h) on the
//   injectable clock; after max_attempts, or at once on PermanentJobError, it is `failed` with its last
//   error kept, for the operator console to show and retry.
import os from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { OutboxJobStatus, OutboxJobsTable } from '../db/schema-jobs.js';
import type { Clock } from './clock.js';
import { AppError, notFound } from './errors.js';
import { newId } from './ids.js';

/** Thrown by a handler when retrying cannot help (the subscription is gone, the input is invalid). */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentJobError';
  }
}

export type JobHandler = (payload: any, job: { id: string; attempts: number }) => Promise<void>; // eslint-disable-line @typescript-eslint/no-explicit-any

export interface JobRow {
  id: string;
  kind: string;
  payload: unknown;
  status: OutboxJobStatus;
  attempts: number;
  maxAttempts: number;
  runAt: string;
  lockedUntil: string | null;
  lockedBy: string | null;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
  dedupeKey: string | null;
}

export interface JobOutboxOptions {
  db: Kysely<DB>;
  clock: Clock;
  log?: FastifyBaseLogger;
  /** Names this instance in locked_by (host:pid:random by default). */
  instanceId?: string;
  /** How long a claim holds a job before another instance may take it over (5 minutes by default). */
  leaseSeconds?: number;
  /** Attempts when enqueue() does not say (5 by default). */
  defaultMaxAttempts?: number;
}

export const BACKOFF_BASE_SECONDS = 30;
export const BACKOFF_CAP_SECONDS = 3600;
const LIST_LIMIT = 200;
const ERROR_TEXT_LIMIT = 2000;

/** Seconds to wait before the next try after the given (1-based) failed attempt. */
export function backoffSeconds(attempt: number): number {
  return Math.min(BACKOFF_CAP_SECONDS, BACKOFF_BASE_SECONDS * 2 ** Math.max(0, attempt - 1));
}

export class JobOutbox {
  private readonly db: Kysely<DB>;
  private readonly clock: Clock;
  private readonly log: FastifyBaseLogger | undefined;
  private readonly instanceId: string;
  private readonly leaseSeconds: number;
  private readonly defaultMaxAttempts: number;
  private readonly handlers = new Map<string, JobHandler>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private again = false;

  constructor(options: JobOutboxOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.log = options.log;
    this.instanceId = options.instanceId ?? `${os.hostname()}:${process.pid}:${newId().slice(-8)}`;
    this.leaseSeconds = options.leaseSeconds ?? 300;
    this.defaultMaxAttempts = options.defaultMaxAttempts ?? 5;
  }

  /**
   * Stores a job and answers its id. With a dedupe key already used (by a job in any state) nothing is
   * added and the existing job's id is answered. Pass a transaction as `db` to enqueue atomically with it.
   */
  async enqueue(kind: string, payload: unknown, opts: { runAt?: Date; maxAttempts?: number; dedupeKey?: string } = {}, db: Kysely<DB> = this.db): Promise<string> {
    const now = this.clock.now();
    const id = newId();
    const maxAttempts = Math.max(1, Math.floor(opts.maxAttempts ?? this.defaultMaxAttempts));
    const insert = db.insertInto('outbox_jobs').values({
      id,
      kind,
      payload: JSON.stringify(payload ?? null),
      status: 'pending',
      attempts: 0,
      max_attempts: maxAttempts,
      run_at: (opts.runAt ?? now).toISOString(),
      locked_until: null,
      locked_by: null,
      last_error: null,
      created_at: now.toISOString(),
      finished_at: null,
      dedupe_key: opts.dedupeKey ?? null,
    });
    if (opts.dedupeKey === undefined) {
      await insert.execute();
    } else {
      // ON CONFLICT DO NOTHING: on PostgreSQL a unique violation would abort the caller's transaction.
      await insert.onConflict((oc) => oc.column('dedupe_key').doNothing()).execute();
      const existing = await db.selectFrom('outbox_jobs').select('id').where('dedupe_key', '=', opts.dedupeKey).executeTakeFirstOrThrow();
      if (existing.id !== id) return existing.id;
    }
    this.kick();
    return id;
  }

  /** The function that runs jobs of `kind`. Only kinds with a handler are claimed by this instance. */
  registerHandler(kind: string, handler: JobHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Claims up to `limit` due jobs and runs them now; answers how many were run (whatever their outcome). */
  async runDue(limit = 20): Promise<number> {
    const kinds = [...this.handlers.keys()];
    if (kinds.length === 0) return 0;
    const nowIso = this.clock.now().toISOString();
    const candidates = await this.db
      .selectFrom('outbox_jobs')
      .select('id')
      .where('kind', 'in', kinds)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', nowIso)]),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<', nowIso)]),
        ]),
      )
      .orderBy('run_at')
      .orderBy('id')
      .limit(limit)
      .execute();
    let ran = 0;
    for (const { id } of candidates) {
      const job = await this.claim(id);
      if (!job) continue;
      ran += 1;
      await this.execute(job);
    }
    return ran;
  }

  /** Runs due jobs every `intervalMs` (and soon after each enqueue) until stop(). */
  start(intervalMs = 2000): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.tick(), intervalMs);
    // The timer alone must not keep the process alive on shutdown.
    this.timer.unref();
    this.tick();
  }

  /** Stops the loop and waits for the jobs being run to finish. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.again = false;
    while (this.running) await this.running;
  }

  /** The latest jobs (newest first, at most 200), for the operator console. */
  async list(filter: { status?: string; kindPrefix?: string } = {}): Promise<JobRow[]> {
    let query = this.db.selectFrom('outbox_jobs').selectAll();
    if (filter.status) query = query.where('status', '=', filter.status as OutboxJobStatus);
    // A prefix comparison rather than LIKE, whose escaping differs between SQLite and PostgreSQL.
    if (filter.kindPrefix) query = query.where(sql<string>`substr(kind, 1, ${sql.lit(filter.kindPrefix.length)})`, '=', filter.kindPrefix);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(LIST_LIMIT).execute();
    return rows.map(toJobRow);
  }

  /**
   * Makes a pending or failed job due now. A failed job gets one more attempt (it fails again at once if
   * that one fails too); a running or done job is left alone (409).
   */
  async retryNow(id: string): Promise<void> {
    const result = await this.db
      .updateTable('outbox_jobs')
      .set({ status: 'pending', run_at: this.clock.now().toISOString(), locked_by: null, locked_until: null, finished_at: null })
      .where('id', '=', id)
      .where('status', 'in', ['pending', 'failed'])
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) {
      this.kick();
      return;
    }
    const exists = await this.db.selectFrom('outbox_jobs').select('status').where('id', '=', id).executeTakeFirst();
    if (!exists) throw notFound('No existe ese trabajo.');
    throw new AppError('CONFLICT', exists.status === 'done' ? 'El trabajo ya terminó bien.' : 'El trabajo se está ejecutando.');
  }

  /** Takes the job if it is still claimable; undefined when another instance (or run) got it first. */
  private async claim(id: string): Promise<OutboxJobsTable | undefined> {
    const now = this.clock.now();
    const nowIso = now.toISOString();
    const result = await this.db
      .updateTable('outbox_jobs')
      .set((eb) => ({
        status: 'running',
        attempts: eb('attempts', '+', 1),
        locked_by: this.instanceId,
        locked_until: new Date(now.getTime() + this.leaseSeconds * 1000).toISOString(),
      }))
      .where('id', '=', id)
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'pending'), eb('run_at', '<=', nowIso)]),
          eb.and([eb('status', '=', 'running'), eb('locked_until', '<', nowIso)]),
        ]),
      )
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return undefined;
    return this.db.selectFrom('outbox_jobs').selectAll().where('id', '=', id).where('locked_by', '=', this.instanceId).executeTakeFirst();
  }

  private async execute(job: OutboxJobsTable): Promise<void> {
    const handler = this.handlers.get(job.kind);
    const attempts = Number(job.attempts);
    try {
      if (!handler) throw new PermanentJobError(`No handler for job kind ${job.kind}`);
      await handler(JSON.parse(job.payload), { id: job.id, attempts });
      await this.finish(job.id, { status: 'done', finished_at: this.clock.now().toISOString(), last_error: null });
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_LIMIT);
      const permanent = error instanceof PermanentJobError;
      const now = this.clock.now();
      if (permanent || attempts >= Number(job.max_attempts)) {
        this.log?.warn({ jobId: job.id, kind: job.kind, attempts, err: error }, 'job failed for good');
        await this.finish(job.id, { status: 'failed', finished_at: now.toISOString(), last_error: message });
      } else {
        const delay = backoffSeconds(attempts);
        this.log?.info({ jobId: job.id, kind: job.kind, attempts, retryInSeconds: delay, err: error }, 'job failed, will retry');
        await this.finish(job.id, { status: 'pending', run_at: new Date(now.getTime() + delay * 1000).toISOString(), last_error: message });
      }
    }
  }

  /** Records the outcome, unless the lease was lost and another instance has the job now. */
  private async finish(id: string, values: Partial<Pick<OutboxJobsTable, 'status' | 'run_at' | 'finished_at' | 'last_error'>>): Promise<void> {
    await this.db
      .updateTable('outbox_jobs')
      .set({ ...values, locked_by: null, locked_until: null })
      .where('id', '=', id)
      .where('status', '=', 'running')
      .where('locked_by', '=', this.instanceId)
      .execute();
  }

  /** Runs due jobs until none is left; overlapping ticks coalesce into one more pass. */
  private tick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = (async () => {
      do {
        this.again = false;
        while ((await this.runDue()) > 0 && this.timer) {
          // keep draining while jobs keep coming
        }
      } while (this.again && this.timer);
    })()
      .catch((error: unknown) => this.log?.error({ err: error }, 'job outbox run failed'))
      .finally(() => {
        this.running = undefined;
      });
  }

  /** After an enqueue, a started loop looks for due jobs right away instead of at the next interval. */
  private kick(): void {
    if (!this.timer) return;
    setImmediate(() => {
      if (this.timer) this.tick();
    });
  }
}

function toJobRow(row: OutboxJobsTable): JobRow {
  let payload: unknown;
  try {
    payload = JSON.parse(row.payload);
  } catch {
    payload = row.payload;
  }
  return {
    id: row.id,
    kind: row.kind,
    payload,
    status: row.status,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.max_attempts),
    runAt: row.run_at,
    lockedUntil: row.locked_until,
    lockedBy: row.locked_by,
    lastError: row.last_error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    dedupeKey: row.dedupe_key,
  };
}
