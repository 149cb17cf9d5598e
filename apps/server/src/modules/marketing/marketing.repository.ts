// SQL for the appointment-request inbox (requests arrive from the public profile).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export const marketingRepository = {
  async countUnseenRequests(db: Kysely<DB>, scope: { nutritionistId: string }): Promise<number> {
    const row = await db
      .selectFrom('appointment_requests')
      .select(sql<number | string>`count(*)`.as('count'))
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('seen', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
};
