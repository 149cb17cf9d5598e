// Background jobs run on one instance at a time: with PostgreSQL the second of two concurrent runs skips
// (advisory lock), and the lock is free again once the first run ends — even when it failed.
import { describe, expect, it } from 'vitest';
import { runExclusively } from '../src/lib/job-lock.js';
import { createTestApp } from './helpers.js';

describe('runExclusively', () => {
  it('runs the job on SQLite (one process) and answers its value', async () => {
    if (process.env.TEST_DATABASE_URL) return;
    const t = await createTestApp();
    try {
      expect(await runExclusively(t.database.db, 'test-job', async () => 42)).toEqual({ ran: true, value: 42 });
    } finally {
      await t.close();
    }
  });

  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('lets one of two concurrent runs through on PostgreSQL, then frees the lock', async () => {
    const a = await createTestApp();
    const b = await createTestApp();
    try {
      let release!: () => void;
      const holding = new Promise<void>((resolve) => (release = resolve));
      let started!: () => void;
      const isRunning = new Promise<void>((resolve) => (started = resolve));
      const first = runExclusively(a.database.db, 'shared-job', async () => {
        started();
        await holding;
        return 'first';
      });
      await isRunning;
      // Another instance (another pool, another session) tries while the first holds the lock.
      expect(await runExclusively(b.database.db, 'shared-job', async () => 'second')).toEqual({ ran: false });
      // Another job name is not blocked.
      expect(await runExclusively(b.database.db, 'other-job', async () => 'other')).toEqual({ ran: true, value: 'other' });
      release();
      expect(await first).toEqual({ ran: true, value: 'first' });
      await expect(runExclusively(b.database.db, 'shared-job', async () => { throw new Error('boom'); })).rejects.toThrow('boom');
      expect(await runExclusively(b.database.db, 'shared-job', async () => 'after')).toEqual({ ran: true, value: 'after' });
    } finally {
      await a.close();
      await b.close();
    }
  });
});
