// SQL for patients, the patient-type catalogue, referral options and the patient's audit entries. Every
// function but the catalogue's takes the tenant scope first and filters by it.
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  type SqlBool,
  type Transaction,
  type Updateable,
} from 'kysely';
import type { DB } from '../../db/schema.js';
import type { PatientsTable } from '../../db/schema-patients.js';

type Executor = Kysely<DB> | Transaction<DB>;
export type Scope = { nutritionistId: string };
export type PatientRow = Selectable<PatientsTable>;
/** A patient row plus what presenting it needs: the practice's time zone and whether a pregnancy is open. */
export type PatientView = PatientRow & { time_zone: string; pregnant: number };

export interface PatientListFilter {
  status: 'active' | 'new' | 'deleted';
  /** Deleted patients older than this are not in the trash any more. */
  trashCutoff: string;
  locationId?: string | undefined;
  /** LIKE patterns; every one must match search_text. */
  patterns: string[];
  sort: 'name' | 'lastVisit';
  limit: number;
  offset: number;
}

/** Patient columns plus the two computed ones, for the list and the single read alike. */
function selectView(db: Executor, scope: Scope) {
  return db
    .selectFrom('patients')
    .selectAll('patients')
    .select([
      sql<string>`(select time_zone from nutritionists where nutritionists.id = ${scope.nutritionistId})`.as('time_zone'),
      sql<number>`case when exists (select 1 from pregnancies where pregnancies.patient_id = patients.id and pregnancies.end_date is null) then 1 else 0 end`.as(
        'pregnant',
      ),
    ])
    .where('patients.nutritionist_id', '=', scope.nutritionistId);
}

export const patientsRepository = {
  listTypes(db: Executor) {
    return db.selectFrom('patient_types').selectAll().orderBy('sort_order').execute();
  },

  async typeIds(db: Executor): Promise<Set<number>> {
    const rows = await db.selectFrom('patient_types').select('id').execute();
    return new Set(rows.map((r) => Number(r.id)));
  },

  async typeExists(db: Executor, id: number): Promise<boolean> {
    return (await db.selectFrom('patient_types').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },

  async nutritionistTimeZone(db: Executor, scope: Scope): Promise<string> {
    const row = await db.selectFrom('nutritionists').select('time_zone').where('id', '=', scope.nutritionistId).executeTakeFirst();
    return row?.time_zone ?? 'America/Argentina/Buenos_Aires';
  },

  findView(db: Executor, scope: Scope, id: string): Promise<PatientView | undefined> {
    return selectView(db, scope).where('patients.id', '=', id).executeTakeFirst();
  },

  /** One query for the page and one for the total, both served by patients_list_idx. */
  async list(db: Executor, scope: Scope, filter: PatientListFilter): Promise<{ rows: PatientView[]; total: number }> {
    const matches = (eb: ExpressionBuilder<DB, 'patients'>) => {
      const conditions: Expression<SqlBool>[] = [eb('patients.nutritionist_id', '=', scope.nutritionistId)];
      if (filter.status === 'deleted') {
        conditions.push(eb('patients.deleted_at', 'is not', null), eb('patients.deleted_at', '>=', filter.trashCutoff));
      } else {
        conditions.push(eb('patients.is_new', '=', filter.status === 'new' ? 1 : 0), eb('patients.deleted_at', 'is', null));
      }
      if (filter.locationId) conditions.push(eb('patients.location_id', '=', filter.locationId));
      for (const pattern of filter.patterns) conditions.push(sql<SqlBool>`patients.search_text like ${pattern} escape '\\'`);
      return eb.and(conditions);
    };

    let items = selectView(db, scope).where(matches);
    if (filter.sort === 'lastVisit') items = items.orderBy('patients.last_visit_at', (ob) => ob.desc().nullsLast());
    const [rows, count] = await Promise.all([
      items.orderBy('patients.sort_name').orderBy('patients.id').limit(filter.limit).offset(filter.offset).execute(),
      db.selectFrom('patients').select(sql<number | string>`count(*)`.as('count')).where(matches).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  },

  async insert(db: Executor, rows: Insertable<PatientsTable>[]): Promise<void> {
    // 36 columns × 200 rows stays below SQLite's 32,766 and PostgreSQL's 65,535 bound parameters.
    for (let i = 0; i < rows.length; i += 200) {
      await db
        .insertInto('patients')
        .values(rows.slice(i, i + 200))
        .execute();
    }
  },

  /**
   * Applies the changes and adds 1 to version. With expectedVersion, only if the row still has it
   * (optimistic concurrency); undefined means someone else changed it first (or it is gone).
   */
  async update(
    db: Executor,
    scope: Scope,
    id: string,
    expectedVersion: number | null,
    changes: Updateable<PatientsTable>,
  ): Promise<PatientRow | undefined> {
    let query = db
      .updateTable('patients')
      .set({ ...changes, version: sql<number>`version + 1` })
      .where('id', '=', id)
      .where('nutritionist_id', '=', scope.nutritionistId);
    if (expectedVersion !== null) query = query.where('version', '=', expectedVersion);
    return query.returningAll().executeTakeFirst();
  },

  findReferralOptions(db: Executor, scope: Scope) {
    return db.selectFrom('referral_options').selectAll().where('nutritionist_id', '=', scope.nutritionistId).executeTakeFirst();
  },

  /** Creates the row with the given options unless one exists (concurrent first reads are harmless). */
  async insertReferralOptionsIfMissing(db: Executor, scope: Scope, row: { id: string; options: string; now: string }): Promise<void> {
    await db
      .insertInto('referral_options')
      .values({ id: row.id, nutritionist_id: scope.nutritionistId, options: row.options, created_at: row.now, updated_at: row.now })
      .onConflict((oc) => oc.column('nutritionist_id').doNothing())
      .execute();
  },

  async saveReferralOptions(db: Executor, scope: Scope, row: { id: string; options: string; now: string }): Promise<void> {
    await db
      .insertInto('referral_options')
      .values({ id: row.id, nutritionist_id: scope.nutritionistId, options: row.options, created_at: row.now, updated_at: row.now })
      .onConflict((oc) => oc.column('nutritionist_id').doUpdateSet({ options: row.options, updated_at: row.now }))
      .execute();
  },

  /** The ids among `ids` that are places of care of this nutritionist (not deleted). */
  async ownLocationIds(db: Executor, scope: Scope, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await db
      .selectFrom('locations')
      .select('id')
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute();
    return new Set(rows.map((r) => r.id));
  },

  /** The names the PDF summary shows: the nutritionist's, the patient type's and the place's. */
  async reportNames(db: Executor, scope: Scope, ids: { typeId: number; locationId: string | null }) {
    const [nutritionist, type, location] = await Promise.all([
      db.selectFrom('nutritionists').select(['first_name', 'last_name', 'licence_number']).where('id', '=', scope.nutritionistId).executeTakeFirst(),
      db.selectFrom('patient_types').select('name_es').where('id', '=', ids.typeId).executeTakeFirst(),
      ids.locationId
        ? db.selectFrom('locations').select('name').where('id', '=', ids.locationId).where('nutritionist_id', '=', scope.nutritionistId).executeTakeFirst()
        : undefined,
    ]);
    return {
      nutritionist: { firstName: nutritionist?.first_name ?? '', lastName: nutritionist?.last_name ?? '', licenceNumber: nutritionist?.licence_number ?? null },
      typeName: type?.name_es ?? null,
      locationName: location?.name ?? null,
    };
  },

  /** One page of the patient's history, newest first, with the name of who acted. */
  async pageAudit(db: Executor, scope: Scope, patientId: string, page: { limit: number; offset: number }) {
    const [rows, count] = await Promise.all([
      db
        .selectFrom('audit_log')
        .leftJoin('users', 'users.id', 'audit_log.user_id')
        .leftJoin('nutritionists', 'nutritionists.user_id', 'audit_log.user_id')
        .selectAll('audit_log')
        .select(['users.email as actor_email', 'nutritionists.first_name as actor_first_name', 'nutritionists.last_name as actor_last_name'])
        .where('audit_log.nutritionist_id', '=', scope.nutritionistId)
        .where('audit_log.patient_id', '=', patientId)
        .orderBy('audit_log.created_at', 'desc')
        .orderBy('audit_log.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      db
        .selectFrom('audit_log')
        .select(sql<number | string>`count(*)`.as('count'))
        .where('nutritionist_id', '=', scope.nutritionistId)
        .where('patient_id', '=', patientId)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.count) };
  },

  listAudit(db: Executor, scope: Scope, patientId: string) {
    return db
      .selectFrom('audit_log')
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('patient_id', '=', patientId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },
};
