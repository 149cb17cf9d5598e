// SQL for consultations and their measurement rows, plus the few reads and writes of neighbouring tables a
// consultation needs (the patient's last visit and height, the open pregnancy, the place, the service and
// the appointment it attends). Every function takes the tenant scope first and filters by it.
import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { AnthropometryTable, ConsultationsTable, GirthsTable, SkinfoldsTable } from '../../db/schema-consultations.js';
import {
  ANTHROPOMETRY_MEASUREMENT_COLUMNS,
  GIRTH_MEASUREMENT_COLUMNS,
  SKINFOLD_MEASUREMENT_COLUMNS,
  type MeasurementColumns,
} from './consultations.mapper.js';

type Executor = Kysely<DB> | Transaction<DB>;
export type Scope = { nutritionistId: string };
export type ConsultationRow = Selectable<ConsultationsTable> & MeasurementColumns;

export interface NewConsultationRows {
  consultation: Insertable<ConsultationsTable>;
  anthropometry: Insertable<AnthropometryTable>;
  skinfolds: Insertable<SkinfoldsTable>;
  girths: Insertable<GirthsTable>;
}

/** A consultation with every measurement column of its three 1–1 rows. */
function selectConsultations(db: Executor, scope: Scope) {
  return db
    .selectFrom('consultations as c')
    .innerJoin('anthropometry as a', 'a.consultation_id', 'c.id')
    .innerJoin('skinfolds as s', 's.consultation_id', 'c.id')
    .innerJoin('girths as g', 'g.consultation_id', 'c.id')
    .selectAll('c')
    .select(ANTHROPOMETRY_MEASUREMENT_COLUMNS.map((column) => `a.${column}` as const))
    .select(SKINFOLD_MEASUREMENT_COLUMNS.map((column) => `s.${column}` as const))
    .select(GIRTH_MEASUREMENT_COLUMNS.map((column) => `g.${column}` as const))
    .where('c.nutritionist_id', '=', scope.nutritionistId);
}

export const consultationsRepository = {
  async findById(db: Executor, scope: Scope, id: string): Promise<ConsultationRow | undefined> {
    return selectConsultations(db, scope).where('c.id', '=', id).executeTakeFirst();
  },

  /** Newest first; ids are time-ordered, so two visits at the same minute keep their entry order. */
  async listByPatient(db: Executor, scope: Scope, patientId: string): Promise<ConsultationRow[]> {
    return selectConsultations(db, scope)
      .where('c.patient_id', '=', patientId)
      .orderBy('c.date', 'desc')
      .orderBy('c.time', 'desc')
      .orderBy('c.id', 'desc')
      .execute();
  },

  async insert(db: Executor, rows: NewConsultationRows): Promise<void> {
    await db.insertInto('consultations').values(rows.consultation).execute();
    await db.insertInto('anthropometry').values(rows.anthropometry).execute();
    await db.insertInto('skinfolds').values(rows.skinfolds).execute();
    await db.insertInto('girths').values(rows.girths).execute();
  },

  /** Applies the changes and adds 1 to version, only if the row still has expectedVersion. */
  async update(
    db: Executor,
    scope: Scope,
    id: string,
    expectedVersion: number,
    changes: Updateable<ConsultationsTable>,
  ): Promise<boolean> {
    const result = await db
      .updateTable('consultations')
      .set({ ...changes, version: sql<number>`version + 1` })
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', id)
      .where('version', '=', expectedVersion)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async updateAnthropometry(db: Executor, scope: Scope, consultationId: string, changes: Updateable<AnthropometryTable>): Promise<void> {
    await db.updateTable('anthropometry').set(changes).where('nutritionist_id', '=', scope.nutritionistId).where('consultation_id', '=', consultationId).execute();
  },

  async updateSkinfolds(db: Executor, scope: Scope, consultationId: string, changes: Updateable<SkinfoldsTable>): Promise<void> {
    await db.updateTable('skinfolds').set(changes).where('nutritionist_id', '=', scope.nutritionistId).where('consultation_id', '=', consultationId).execute();
  },

  async updateGirths(db: Executor, scope: Scope, consultationId: string, changes: Updateable<GirthsTable>): Promise<void> {
    await db.updateTable('girths').set(changes).where('nutritionist_id', '=', scope.nutritionistId).where('consultation_id', '=', consultationId).execute();
  },

  /** Deletes the consultation; its measurement rows go with it (foreign keys cascade). */
  async remove(db: Executor, scope: Scope, id: string): Promise<boolean> {
    // Children first as well, in case a SQLite connection was opened without foreign_keys = ON.
    for (const table of ['anthropometry', 'skinfolds', 'girths'] as const) {
      await db.deleteFrom(table).where('nutritionist_id', '=', scope.nutritionistId).where('consultation_id', '=', id).execute();
    }
    const result = await db.deleteFrom('consultations').where('nutritionist_id', '=', scope.nutritionistId).where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },

  /**
   * Serialises writes for one patient (a no-op UPDATE takes the row lock on PostgreSQL; SQLite has a single
   * writer), so the last visit and height computed inside the transaction cannot be overtaken.
   */
  async lockPatient(db: Transaction<DB>, scope: Scope, patientId: string): Promise<void> {
    await db
      .updateTable('patients')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', patientId)
      .execute();
  },

  latestVisit(db: Executor, scope: Scope, patientId: string) {
    return db
      .selectFrom('consultations')
      .select(['date', 'time'])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('patient_id', '=', patientId)
      .orderBy('date', 'desc')
      .orderBy('time', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  /** The newest consultation that has a height. */
  latestHeight(db: Executor, scope: Scope, patientId: string) {
    return db
      .selectFrom('consultations as c')
      .innerJoin('anthropometry as a', 'a.consultation_id', 'c.id')
      .select(['c.id as consultation_id', 'a.height_cm'])
      .where('c.nutritionist_id', '=', scope.nutritionistId)
      .where('c.patient_id', '=', patientId)
      .where('a.height_cm', 'is not', null)
      .orderBy('c.date', 'desc')
      .orderBy('c.time', 'desc')
      .orderBy('c.id', 'desc')
      .limit(1)
      .executeTakeFirst();
  },

  async setPatientLastVisit(db: Executor, scope: Scope, patientId: string, lastVisitAt: string | null): Promise<void> {
    await db
      .updateTable('patients')
      .set({ last_visit_at: lastVisitAt })
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', patientId)
      .execute();
  },

  /** Moves a new patient (from a booking request) to the practice's patients; a field of the record, so the version moves. */
  async clearNewFlag(db: Executor, scope: Scope, patientId: string, now: string): Promise<boolean> {
    const result = await db
      .updateTable('patients')
      .set({ is_new: 0, updated_at: now, version: sql<number>`version + 1` })
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', patientId)
      .where('is_new', '=', 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Height is a field of the patient form, so changing it bumps the record's version like a PATCH would. */
  async setPatientHeight(db: Executor, scope: Scope, patientId: string, heightCm: number, now: string): Promise<void> {
    await db
      .updateTable('patients')
      .set({ height_cm: heightCm, updated_at: now, version: sql<number>`version + 1` })
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', patientId)
      .execute();
  },

  openPregnancy(db: Executor, scope: Scope, patientId: string) {
    return db
      .selectFrom('pregnancies')
      .select(['last_menstrual_period', 'pre_gestational_weight_kg'])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('patient_id', '=', patientId)
      .where('end_date', 'is', null)
      .executeTakeFirst();
  },

  findLocation(db: Executor, scope: Scope, id: string) {
    return db
      .selectFrom('locations')
      .select(['id'])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  findService(db: Executor, scope: Scope, id: string) {
    return db
      .selectFrom('services')
      .select(['id', 'location_id'])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  findAppointment(db: Executor, scope: Scope, id: string) {
    return db
      .selectFrom('appointments')
      .select(['id', 'patient_id', 'location_id', 'service_id', 'consultation_id', 'status'])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** Links the appointment to the consultation and marks it completed, unless another consultation has it. */
  async linkAppointment(db: Executor, scope: Scope, appointmentId: string, consultationId: string, now: string): Promise<boolean> {
    const result = await db
      .updateTable('appointments')
      .set({ consultation_id: consultationId, status: 'completed', updated_at: now })
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', appointmentId)
      .where((eb) => eb.or([eb('consultation_id', 'is', null), eb('consultation_id', '=', consultationId)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Clears the appointment's link to this consultation; its status stays (the visit did happen). */
  async unlinkAppointment(db: Executor, scope: Scope, appointmentId: string, consultationId: string, now: string): Promise<void> {
    await db
      .updateTable('appointments')
      .set({ consultation_id: null, updated_at: now })
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', appointmentId)
      .where('consultation_id', '=', consultationId)
      .execute();
  },

  /** The patient-type catalogue is global reference data (no tenant column). */
  async patientTypeExists(db: Executor, id: number): Promise<boolean> {
    return (await db.selectFrom('patient_types').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },

  nutritionist(db: Executor, scope: Scope) {
    return db
      .selectFrom('nutritionists')
      .select(['first_name', 'last_name', 'time_zone'])
      .where('id', '=', scope.nutritionistId)
      .executeTakeFirst();
  },
};
