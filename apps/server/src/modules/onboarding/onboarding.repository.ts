// SQL for the account's onboarding state (columns of nutritionists, 0015-onboarding).
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

export const onboardingRepository = {
  async find(db: Kysely<DB>, nutritionistId: string) {
    return db
      .selectFrom('nutritionists')
      .select(['guided_tour', 'first_patient_tour'])
      .select((eb) =>
        eb
          .selectFrom('patients')
          .select(sql<number | string>`count(*)`.as('count'))
          .whereRef('patients.nutritionist_id', '=', 'nutritionists.id')
          .as('patient_count'),
      )
      .where('id', '=', nutritionistId)
      .executeTakeFirstOrThrow();
  },

  async update(
    db: Kysely<DB>,
    nutritionistId: string,
    changes: { guided_tour?: 'pending' | 'seen'; first_patient_tour?: 'sin_tour' | 'completed' | 'dismissed' },
    now: string,
  ): Promise<void> {
    await db
      .updateTable('nutritionists')
      .set({ ...changes, updated_at: now })
      .where('id', '=', nutritionistId)
      .execute();
  },
};
