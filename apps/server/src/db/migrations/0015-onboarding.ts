// Onboarding state on the account (seed 1 section 4): the guided tour ('pending' until finished or
// closed) and the first-patient popup (the spec's tour = 'sin_tour' while it is due). Accounts that
// already have patients are past the first-patient popup.
import { sql, type Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('nutritionists').addColumn('guided_tour', 'text', (c) => c.notNull().defaultTo('pending')).execute();
  await db.schema.alterTable('nutritionists').addColumn('first_patient_tour', 'text', (c) => c.notNull().defaultTo('sin_tour')).execute();
  await db
    .updateTable('nutritionists')
    .set({ first_patient_tour: 'completed' })
    .where(sql<boolean>`exists (select 1 from patients where patients.nutritionist_id = nutritionists.id)`)
    .execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('nutritionists').dropColumn('first_patient_tour').execute();
  await db.schema.alterTable('nutritionists').dropColumn('guided_tour').execute();
}
