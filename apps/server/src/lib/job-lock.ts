// Runs a background job on one instance at a time. On PostgreSQL (several instances share the
// database) a transaction-scoped advisory lock, pg_try_advisory_xact_lock(hashtext(name)), is taken
// without waiting: the instance that gets it runs the job, the others skip this tick; the lock ends with
// the transaction, so a crashed instance never leaves it held. SQLite is one process: the job just runs.
// (The reminder job also claims each row atomically, so even two runs could not send a reminder twice;
// the lock keeps the other instances from repeating the scan.)
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export type JobLockResult<T> = { ran: true; value: T } | { ran: false };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function runExclusively<T>(db: Kysely<any>, name: string, job: () => Promise<T>): Promise<JobLockResult<T>> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return { ran: true, value: await job() };
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext(${`almendra:${name}`})) as locked`.execute(trx);
    if (!rows[0]?.locked) return { ran: false } as const;
    return { ran: true, value: await job() } as const;
  });
}
