// The generic job outbox (lib/job-outbox.ts): two instances on one database run each job once, failures
// come back with exponential backoff on the injected clock until max_attempts, PermanentJobError fails at
// once, a dedupe key keeps one job, and an expired lease lets another instance take a job over. On SQLite
// (one file, two connections) and, with TEST_DATABASE_URL, on PostgreSQL (one schema, two pools).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { ManualClock } from '../src/lib/clock.js';
import { JobOutbox, PermanentJobError, backoffSeconds } from '../src/lib/job-outbox.js';

interface SharedDatabase {
  a: Database;
  b: Database;
  close(): Promise<void>;
}

/** The same database opened twice, as two server instances would. */
async function openShared(): Promise<SharedDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const a = openDatabase({ databaseUrl: url, postgresSchema: schema });
    await migrateToLatest(a.db);
    const b = openDatabase({ databaseUrl: url, postgresSchema: schema });
    return {
      a,
      b,
      async close() {
        await a.close();
        await b.close();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop schema if exists ${schema} cascade`);
        await client.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'almendra-jobs-'));
  const file = path.join(dir, 'jobs.db');
  const a = openDatabase({ sqliteFile: file });
  await migrateToLatest(a.db);
  const b = openDatabase({ sqliteFile: file });
  return {
    a,
    b,
    async close() {
      await a.close();
      await b.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('JobOutbox', () => {
  let shared: SharedDatabase;
  let clock: ManualClock;
  beforeEach(async () => {
    shared = await openShared();
    clock = new ManualClock('2026-03-10T13:00:00.000Z');
  });
  afterEach(async () => {
    await shared.close();
  });

  it('runs every job exactly once when two instances claim concurrently', async () => {
    const first = new JobOutbox({ db: shared.a.db, clock, instanceId: 'instance-a' });
    const second = new JobOutbox({ db: shared.b.db, clock, instanceId: 'instance-b' });
    const runs: { id: string; by: string }[] = [];
    const handler = (by: string) => async (payload: { n: number }) => {
      // Yield between claim and completion so the two instances interleave.
      await sleep(1);
      runs.push({ id: String(payload.n), by });
    };
    first.registerHandler('test.work', handler('a'));
    second.registerHandler('test.work', handler('b'));
    for (let n = 0; n < 30; n += 1) await first.enqueue('test.work', { n });

    const [ranA, ranB] = await Promise.all([first.runDue(100), second.runDue(100)]);
    expect(ranA + ranB).toBe(30);
    expect(runs).toHaveLength(30);
    expect(new Set(runs.map((r) => r.id)).size).toBe(30);
    // Both instances saw the same 30 candidates; the conditional UPDATE gave each job to one of them.
    expect(ranA).toBeGreaterThan(0);
    expect(ranB).toBeGreaterThan(0);
    const done = await first.list({ status: 'done' });
    expect(done).toHaveLength(30);
    expect(done.every((j) => j.attempts === 1 && j.finishedAt === '2026-03-10T13:00:00.000Z' && j.lockedBy === null)).toBe(true);
    expect(await second.runDue(100)).toBe(0);
  });

  it('retries a failing job with exponential backoff on the clock, then fails it keeping the last error', async () => {
    const outbox = new JobOutbox({ db: shared.a.db, clock });
    let calls = 0;
    outbox.registerHandler('test.flaky', async (_payload, job) => {
      calls += 1;
      throw new Error(`intento ${job.attempts} falló`);
    });
    const id = await outbox.enqueue('test.flaky', { x: 1 }, { maxAttempts: 3 });

    expect(await outbox.runDue()).toBe(1);
    let [job] = await outbox.list({ kindPrefix: 'test.flaky' });
    expect(job).toMatchObject({ id, status: 'pending', attempts: 1, lastError: 'intento 1 falló', runAt: '2026-03-10T13:00:30.000Z' });

    clock.advanceSeconds(29);
    expect(await outbox.runDue()).toBe(0);
    clock.advanceSeconds(1);
    expect(await outbox.runDue()).toBe(1);
    [job] = await outbox.list({ kindPrefix: 'test.flaky' });
    // Second failure waits twice as long: 60 s.
    expect(job).toMatchObject({ status: 'pending', attempts: 2, lastError: 'intento 2 falló', runAt: '2026-03-10T13:01:30.000Z' });

    clock.advanceSeconds(59);
    expect(await outbox.runDue()).toBe(0);
    clock.advanceSeconds(1);
    expect(await outbox.runDue()).toBe(1);
    [job] = await outbox.list({ kindPrefix: 'test.flaky' });
    expect(job).toMatchObject({ status: 'failed', attempts: 3, lastError: 'intento 3 falló', finishedAt: '2026-03-10T13:01:30.000Z' });
    expect(calls).toBe(3);

    clock.advanceSeconds(10_000);
    expect(await outbox.runDue()).toBe(0);
    expect(backoffSeconds(1)).toBe(30);
    expect(backoffSeconds(4)).toBe(240);
    expect(backoffSeconds(20)).toBe(3600);

    // The operator retries it: one more attempt, which succeeds this time.
    outbox.registerHandler('test.flaky', async () => {
      calls += 1;
    });
    await outbox.retryNow(id);
    expect(await outbox.runDue()).toBe(1);
    [job] = await outbox.list({ kindPrefix: 'test.flaky' });
    expect(job).toMatchObject({ status: 'done', attempts: 4 });
    await expect(outbox.retryNow(id)).rejects.toMatchObject({ code: 'CONFLICT' });
    await expect(outbox.retryNow('no-such-job')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('fails at once on PermanentJobError', async () => {
    const outbox = new JobOutbox({ db: shared.a.db, clock });
    outbox.registerHandler('test.gone', async () => {
      throw new PermanentJobError('la suscripción ya no existe');
    });
    await outbox.enqueue('test.gone', {}, { maxAttempts: 5 });
    expect(await outbox.runDue()).toBe(1);
    const [job] = await outbox.list();
    expect(job).toMatchObject({ status: 'failed', attempts: 1, lastError: 'la suscripción ya no existe' });
    clock.advanceSeconds(3600);
    expect(await outbox.runDue()).toBe(0);
  });

  it('keeps one job per dedupe key, also inside a transaction, and none from a rolled-back one', async () => {
    const outbox = new JobOutbox({ db: shared.a.db, clock });
    const seen: unknown[] = [];
    outbox.registerHandler('test.once', async (payload) => {
      seen.push(payload);
    });
    const id = await outbox.enqueue('test.once', { v: 1 }, { dedupeKey: 'invoice-7:retry-1' });
    const again = await shared.a.db.transaction().execute((trx) => outbox.enqueue('test.once', { v: 2 }, { dedupeKey: 'invoice-7:retry-1' }, trx));
    expect(again).toBe(id);
    await expect(
      shared.a.db.transaction().execute(async (trx) => {
        await outbox.enqueue('test.once', { v: 3 }, {}, trx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await outbox.list()).toHaveLength(1);
    expect(await outbox.runDue()).toBe(1);
    // Done jobs keep their key: enqueuing it again neither adds nor re-runs anything.
    expect(await outbox.enqueue('test.once', { v: 4 }, { dedupeKey: 'invoice-7:retry-1' })).toBe(id);
    expect(await outbox.runDue()).toBe(0);
    expect(seen).toEqual([{ v: 1 }]);
    // Jobs without a key never collide.
    await outbox.enqueue('test.once', { v: 5 });
    await outbox.enqueue('test.once', { v: 6 });
    expect(await outbox.runDue()).toBe(2);
  });

  it('runs a job only once it is due, and only on instances that handle its kind', async () => {
    const outbox = new JobOutbox({ db: shared.a.db, clock });
    const other = new JobOutbox({ db: shared.b.db, clock });
    other.registerHandler('test.other', async () => {});
    let ran = 0;
    outbox.registerHandler('test.later', async () => {
      ran += 1;
    });
    await outbox.enqueue('test.later', {}, { runAt: new Date('2026-03-10T14:00:00.000Z') });
    expect(await outbox.runDue()).toBe(0);
    clock.set('2026-03-10T14:00:00.000Z');
    expect(await other.runDue()).toBe(0);
    expect(await outbox.runDue()).toBe(1);
    expect(ran).toBe(1);
  });

  it('lets another instance take over a job whose lease expired, and ignores the late outcome of the first', async () => {
    const first = new JobOutbox({ db: shared.a.db, clock, instanceId: 'stuck', leaseSeconds: 60 });
    const second = new JobOutbox({ db: shared.b.db, clock, instanceId: 'rescuer', leaseSeconds: 60 });
    let release!: () => void;
    const stuck = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const isRunning = new Promise<void>((resolve) => (started = resolve));
    first.registerHandler('test.lease', async () => {
      started();
      await stuck;
      throw new Error('too late');
    });
    let rescued = 0;
    second.registerHandler('test.lease', async () => {
      rescued += 1;
    });
    await first.enqueue('test.lease', {});
    const firstRun = first.runDue();
    await isRunning;
    expect(await second.runDue()).toBe(0);
    clock.advanceSeconds(61);
    expect(await second.runDue()).toBe(1);
    expect(rescued).toBe(1);
    release();
    await firstRun;
    const [job] = await second.list();
    expect(job).toMatchObject({ status: 'done', attempts: 2, lastError: null });
  });

  it('runs jobs from its loop soon after they are enqueued, and stops cleanly', async () => {
    const outbox = new JobOutbox({ db: shared.a.db, clock });
    const done = new Promise<unknown>((resolve) => outbox.registerHandler('test.loop', async (payload) => resolve(payload)));
    outbox.start(60_000);
    try {
      await outbox.enqueue('test.loop', { hello: 'mundo' });
      await expect(done).resolves.toEqual({ hello: 'mundo' });
    } finally {
      await outbox.stop();
    }
    // The outcome is written before stop() answers.
    const [job] = await outbox.list();
    expect(job?.status).toBe('done');
  });
});
