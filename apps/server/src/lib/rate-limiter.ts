// Fixed-window counters kept in the database, so every server instance behind a load balancer shares
// them (per IP and per email on login and password reset).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';

export class RateLimiter {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly windowSeconds: number,
  ) {}

  /** Counts one hit for each key and throws 429 when any of them is over its limit in the current window. */
  async hit(limits: Array<{ key: string; max: number }>): Promise<void> {
    const nowMs = this.clock.now().getTime();
    const windowMs = this.windowSeconds * 1000;
    const windowStart = new Date(Math.floor(nowMs / windowMs) * windowMs).toISOString();
    for (const { key, max } of limits) {
      const row = await this.db
        .insertInto('rate_limit_counters')
        .values({ key, window_start: windowStart, hits: 1 })
        .onConflict((oc) => oc.columns(['key', 'window_start']).doUpdateSet({ hits: sql`rate_limit_counters.hits + 1` }))
        .returning('hits')
        .executeTakeFirstOrThrow();
      if (Number(row.hits) > max) {
        const retryAfterSeconds = Math.ceil((Date.parse(windowStart) + windowMs - nowMs) / 1000);
        throw new AppError('RATE_LIMITED', 'Demasiados intentos. Espera unos minutos y vuelve a intentarlo.', {
          retryAfterSeconds,
        });
      }
    }
  }

  /** Drops counters of past windows; called opportunistically so the table stays small. */
  async prune(): Promise<void> {
    const cutoff = new Date(this.clock.now().getTime() - 2 * this.windowSeconds * 1000).toISOString();
    await this.db.deleteFrom('rate_limit_counters').where('window_start', '<', cutoff).execute();
  }
}
