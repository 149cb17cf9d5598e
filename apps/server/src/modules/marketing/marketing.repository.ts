// SQL for the appointment-request inbox (requests arrive from the public profile).
import { sql, type Kysely, type Updateable } from 'kysely';
import type { DB } from '../../db/schema.js';

type Scope = { nutritionistId: string };

/** How many requests the inbox lists (unseen first, then newest). */
export const INBOX_LIMIT = 300;
const COMPLETED_LIMIT = 50;

function requestQuery(db: Kysely<DB>, scope: Scope) {
  return db
    .selectFrom('appointment_requests as r')
    .leftJoin('locations as l', (j) => j.onRef('l.id', '=', 'r.location_id').on('l.nutritionist_id', '=', scope.nutritionistId))
    .leftJoin('services as s', (j) => j.onRef('s.id', '=', 'r.service_id').on('s.nutritionist_id', '=', scope.nutritionistId))
    .leftJoin('patients as p', (j) => j.onRef('p.id', '=', 'r.patient_id').on('p.nutritionist_id', '=', scope.nutritionistId).on('p.deleted_at', 'is', null))
    .select([
      'r.id',
      'r.first_name',
      'r.last_name',
      'r.email',
      'r.phone',
      'r.message',
      'r.requested_start',
      'r.requested_end',
      'r.status',
      'r.seen',
      'r.location_id',
      'r.service_id',
      'r.patient_id',
      'r.appointment_id',
      'r.reject_reason',
      'r.decided_at',
      'r.created_at',
      'l.name as location_name',
      sql<string | null>`case when l.street is null then null else trim(l.street || ' ' || coalesce(l.street_number, '')) end`.as('location_address'),
      's.name as service_name',
      'l.detail as location_detail',
      sql<string | null>`coalesce(case when l.mobile_number is null then null else trim(coalesce(l.mobile_area_code, '') || ' ' || l.mobile_number) end, l.phone1)`.as('location_phone'),
      'p.is_new as patient_is_new',
    ])
    .where('r.nutritionist_id', '=', scope.nutritionistId);
}

export type RequestRow = Awaited<ReturnType<ReturnType<typeof requestQuery>['executeTakeFirstOrThrow']>>;

export const marketingRepository = {
  async countUnseenRequests(db: Kysely<DB>, scope: Scope): Promise<number> {
    const row = await db
      .selectFrom('appointment_requests')
      .select(sql<number | string>`count(*)`.as('count'))
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('seen', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  listRequests(db: Kysely<DB>, scope: Scope) {
    return requestQuery(db, scope).orderBy('r.seen', 'asc').orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').limit(INBOX_LIMIT).execute();
  },

  findRequest(db: Kysely<DB>, scope: Scope, id: string) {
    return requestQuery(db, scope).where('r.id', '=', id).executeTakeFirst();
  },

  async markAllSeen(db: Kysely<DB>, scope: Scope, now: string): Promise<number> {
    const result = await db
      .updateTable('appointment_requests')
      .set({ seen: 1, updated_at: now })
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('seen', '=', 0)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  /** Sets the decision only while the request is in `from` (pending by default); false when it was not. */
  async claimDecision(
    db: Kysely<DB>,
    scope: Scope,
    id: string,
    changes: Updateable<DB['appointment_requests']>,
    from: 'pending' | 'confirmed' | 'rejected' = 'pending',
  ): Promise<boolean> {
    const result = await db
      .updateTable('appointment_requests')
      .set(changes)
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async countByStatus(db: Kysely<DB>, scope: Scope): Promise<{ pending: number; confirmed: number; rejected: number }> {
    const rows = await db
      .selectFrom('appointment_requests')
      .select(['status', sql<number | string>`count(*)`.as('count')])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .groupBy('status')
      .execute();
    const of = (status: string) => Number(rows.find((r) => r.status === status)?.count ?? 0);
    return { pending: of('pending'), confirmed: of('confirmed'), rejected: of('rejected') };
  },

  /** Requests whose patient has had at least one consultation (requests → first consultation). */
  async countWithConsultation(db: Kysely<DB>, scope: Scope): Promise<number> {
    const row = await db
      .selectFrom('appointment_requests as r')
      .select(sql<number | string>`count(*)`.as('count'))
      .where('r.nutritionist_id', '=', scope.nutritionistId)
      .where('r.patient_id', 'is not', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('consultations as c')
            .select('c.id')
            .whereRef('c.patient_id', '=', 'r.patient_id')
            .where('c.nutritionist_id', '=', scope.nutritionistId),
        ),
      )
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  listCompletedAppointments(db: Kysely<DB>, scope: Scope) {
    return db
      .selectFrom('appointments as a')
      .innerJoin('locations as l', 'l.id', 'a.location_id')
      .leftJoin('services as s', 's.id', 'a.service_id')
      .leftJoin('patients as p', (j) => j.onRef('p.id', '=', 'a.patient_id').on('p.deleted_at', 'is', null))
      .select(['a.id', 'a.patient_id', 'a.start_at', 'l.name as location_name', 's.name as service_name', 'p.first_name', 'p.last_name'])
      .where('a.nutritionist_id', '=', scope.nutritionistId)
      .where('a.status', '=', 'completed')
      .orderBy('a.start_at', 'desc')
      .limit(COMPLETED_LIMIT)
      .execute();
  },
};
