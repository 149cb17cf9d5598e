// SQL for the clinical record sections: pregnancies and their weights, background, habits, lab results,
// reminders and physical activities. Every function takes the tenant scope first and filters by it.
import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type {
  LabResultsTable,
  PatientActivitiesTable,
  PatientBackgroundsTable,
  PatientHabitsTable,
  PatientRemindersTable,
  PregnanciesTable,
  PregnancyWeightsTable,
} from '../../db/schema-patients.js';

type Executor = Kysely<DB> | Transaction<DB>;
type Scope = { nutritionistId: string };

export type PregnancyRow = Selectable<PregnanciesTable>;
export type PregnancyWeightRow = Selectable<PregnancyWeightsTable>;
export type BackgroundRow = Selectable<PatientBackgroundsTable>;
export type HabitsRow = Selectable<PatientHabitsTable>;
export type LabResultRow = Selectable<LabResultsTable>;
export type ReminderRow = Selectable<PatientRemindersTable>;
export type ActivityRow = Selectable<PatientActivitiesTable>;

/** Tables of one-per-patient documents. */
type DocumentTable = 'patient_backgrounds' | 'patient_habits';
/** Tables of simple per-patient lists. */
type ListTable = 'lab_results' | 'patient_reminders' | 'patient_activities';

export const recordSectionsRepository = {
  // --- pregnancies ---------------------------------------------------------------------------------

  listPregnancies(db: Executor, scope: Scope, patientId: string): Promise<PregnancyRow[]> {
    return db
      .selectFrom('pregnancies')
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('patient_id', '=', patientId)
      .orderBy('last_menstrual_period', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },

  findPregnancy(db: Executor, scope: Scope, id: string): Promise<PregnancyRow | undefined> {
    return db.selectFrom('pregnancies').selectAll().where('nutritionist_id', '=', scope.nutritionistId).where('id', '=', id).executeTakeFirst();
  },

  findOpenPregnancy(db: Executor, scope: Scope, patientId: string): Promise<PregnancyRow | undefined> {
    return db
      .selectFrom('pregnancies')
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('patient_id', '=', patientId)
      .where('end_date', 'is', null)
      .executeTakeFirst();
  },

  async insertPregnancy(db: Executor, row: Insertable<PregnanciesTable>): Promise<void> {
    await db.insertInto('pregnancies').values(row).execute();
  },

  updatePregnancy(db: Executor, scope: Scope, id: string, changes: Updateable<PregnanciesTable>): Promise<PregnancyRow | undefined> {
    return db
      .updateTable('pregnancies')
      .set(changes)
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  },

  async deletePregnancy(db: Executor, scope: Scope, id: string): Promise<void> {
    await db.deleteFrom('pregnancy_weights').where('nutritionist_id', '=', scope.nutritionistId).where('pregnancy_id', '=', id).execute();
    await db.deleteFrom('pregnancies').where('nutritionist_id', '=', scope.nutritionistId).where('id', '=', id).execute();
  },

  /** Weights of several pregnancies at once (the history answers in two queries, not N+1). */
  listWeights(db: Executor, scope: Scope, pregnancyIds: string[]): Promise<PregnancyWeightRow[]> {
    if (pregnancyIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('pregnancy_weights')
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('pregnancy_id', 'in', pregnancyIds)
      .orderBy('date')
      .orderBy('id')
      .execute();
  },

  findWeight(db: Executor, scope: Scope, pregnancyId: string, id: string): Promise<PregnancyWeightRow | undefined> {
    return db
      .selectFrom('pregnancy_weights')
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('pregnancy_id', '=', pregnancyId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  async insertWeight(db: Executor, row: Insertable<PregnancyWeightsTable>): Promise<void> {
    await db.insertInto('pregnancy_weights').values(row).execute();
  },

  async deleteWeight(db: Executor, scope: Scope, id: string): Promise<void> {
    await db.deleteFrom('pregnancy_weights').where('nutritionist_id', '=', scope.nutritionistId).where('id', '=', id).execute();
  },

  // --- one-per-patient documents (background, habits) -----------------------------------------------

  findBackground(db: Executor, scope: Scope, patientId: string): Promise<BackgroundRow | undefined> {
    return db
      .selectFrom('patient_backgrounds')
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('patient_id', '=', patientId)
      .executeTakeFirst();
  },

  findHabits(db: Executor, scope: Scope, patientId: string): Promise<HabitsRow | undefined> {
    return db
      .selectFrom('patient_habits')
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('patient_id', '=', patientId)
      .executeTakeFirst();
  },

  async insertDocument<T extends DocumentTable>(db: Executor, table: T, row: Insertable<DB[T]>): Promise<void> {
    await db
      .insertInto(table)
      .values(row as never)
      .execute();
  },

  /** Updates the document only if it still has expectedVersion; false when someone saved it first. */
  async updateDocument<T extends DocumentTable>(
    db: Executor,
    table: T,
    scope: Scope,
    patientId: string,
    expectedVersion: number,
    changes: Updateable<DB[T]>,
  ): Promise<boolean> {
    const result = await db
      .updateTable(table as DocumentTable)
      .set({ ...(changes as object), version: sql<number>`version + 1` })
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('patient_id', '=', patientId)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  // --- simple lists (labs, reminders, activities) -----------------------------------------------------

  listLabResults(db: Executor, scope: Scope, patientId: string, analyteKey?: string): Promise<LabResultRow[]> {
    let query = db
      .selectFrom('lab_results')
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('patient_id', '=', patientId);
    if (analyteKey) query = query.where('analyte_key', '=', analyteKey);
    return query.orderBy('date', 'desc').orderBy('analyte_key').orderBy('id').execute();
  },

  listReminders(db: Executor, scope: Scope, patientId: string): Promise<ReminderRow[]> {
    return db
      .selectFrom('patient_reminders')
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('patient_id', '=', patientId)
      .orderBy('done')
      .orderBy('due_date', (ob) => ob.asc().nullsLast())
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  listActivities(db: Executor, scope: Scope, patientId: string): Promise<ActivityRow[]> {
    return db
      .selectFrom('patient_activities')
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('patient_id', '=', patientId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  findListItem<T extends ListTable>(db: Executor, table: T, scope: Scope, id: string): Promise<Selectable<DB[T]> | undefined> {
    return db
      .selectFrom(table as ListTable)
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', id)
      .executeTakeFirst() as Promise<Selectable<DB[T]> | undefined>;
  },

  async insertListItem<T extends ListTable>(db: Executor, table: T, row: Insertable<DB[T]>): Promise<void> {
    await db
      .insertInto(table)
      .values(row as never)
      .execute();
  },

  updateListItem<T extends ListTable>(db: Executor, table: T, scope: Scope, id: string, changes: Updateable<DB[T]>): Promise<Selectable<DB[T]> | undefined> {
    return db
      .updateTable(table as ListTable)
      .set(changes as never)
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst() as Promise<Selectable<DB[T]> | undefined>;
  },

  async deleteListItem(db: Executor, table: ListTable, scope: Scope, id: string): Promise<void> {
    await db.deleteFrom(table).where('nutritionist_id', '=', scope.nutritionistId).where('id', '=', id).execute();
  },
};
