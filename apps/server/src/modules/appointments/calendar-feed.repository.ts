// SQL for the private calendar-feed tokens (one per nutritionist; only the token's digest is stored).
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

type Executor = Kysely<DB> | Transaction<DB>;
type Scope = { nutritionistId: string };

export const calendarFeedRepository = {
  /** Creates the feed or replaces its token (the old address stops working at once). */
  async upsert(db: Executor, scope: Scope, tokenHash: string, now: string): Promise<void> {
    await db
      .insertInto('calendar_feeds')
      .values({ nutritionist_id: scope.nutritionistId, token_hash: tokenHash, created_at: now })
      .onConflict((oc) => oc.column('nutritionist_id').doUpdateSet({ token_hash: tokenHash, created_at: now }))
      .execute();
  },

  async remove(db: Executor, scope: Scope): Promise<void> {
    await db.deleteFrom('calendar_feeds').where('nutritionist_id', '=', scope.nutritionistId).execute();
  },

  find(db: Executor, scope: Scope) {
    return db.selectFrom('calendar_feeds').selectAll().where('nutritionist_id', '=', scope.nutritionistId).executeTakeFirst();
  },

  findByTokenHash(db: Executor, tokenHash: string) {
    return db.selectFrom('calendar_feeds').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  },
};
