// SQL for places of care, their services and their weekly schedules. Every function takes the tenant
// scope first and filters by it; soft-deleted places and services are invisible here.
import { sql, type Insertable, type Kysely, type Selectable, type Transaction, type Updateable } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { LocationSchedulesTable, LocationsTable, ServicesTable } from '../../db/schema-appointments.js';

export type LocationRow = Selectable<LocationsTable>;
export type ServiceRow = Selectable<ServicesTable>;
export type ScheduleRow = Selectable<LocationSchedulesTable>;
type Executor = Kysely<DB> | Transaction<DB>;
type Scope = { nutritionistId: string };

export const locationsRepository = {
  listLocations(db: Executor, scope: Scope): Promise<LocationRow[]> {
    return db
      .selectFrom('locations')
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  findLocation(db: Executor, scope: Scope, id: string): Promise<LocationRow | undefined> {
    return db
      .selectFrom('locations')
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  async insertLocation(db: Executor, row: Insertable<LocationsTable>): Promise<void> {
    await db.insertInto('locations').values(row).execute();
  },

  async updateLocation(db: Executor, scope: Scope, id: string, changes: Updateable<LocationsTable>): Promise<void> {
    await db
      .updateTable('locations')
      .set(changes)
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  },

  /** Appointments of the place that still lie ahead (cancelled ones do not count). */
  async countFutureAppointments(db: Executor, scope: Scope, locationId: string, now: string): Promise<number> {
    const row = await db
      .selectFrom('appointments')
      .select(sql<number | string>`count(*)`.as('count'))
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('location_id', '=', locationId)
      .where('status', '!=', 'cancelled')
      .where('end_at', '>', now)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** Ranges of the place's hours (serviceId null) or of one service's own hours. */
  listScheduleRanges(db: Executor, scope: Scope, locationId: string, serviceId: string | null): Promise<ScheduleRow[]> {
    let query = db
      .selectFrom('location_schedules')
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('location_id', '=', locationId);
    query = serviceId === null ? query.where('service_id', 'is', null) : query.where('service_id', '=', serviceId);
    return query.orderBy('weekday').orderBy('start_time').execute();
  },

  async replaceScheduleRanges(
    db: Executor,
    scope: Scope,
    locationId: string,
    serviceId: string | null,
    rows: Array<Insertable<LocationSchedulesTable>>,
  ): Promise<void> {
    let remove = db
      .deleteFrom('location_schedules')
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('location_id', '=', locationId);
    remove = serviceId === null ? remove.where('service_id', 'is', null) : remove.where('service_id', '=', serviceId);
    await remove.execute();
    if (rows.length > 0) await db.insertInto('location_schedules').values(rows).execute();
  },

  /**
   * Every range that can hold appointments: the hours of places in use (not deleted, not disabled) and
   * the own hours of their live services. Feeds the calendar's visible hours.
   */
  listActiveRanges(db: Executor, scope: Scope): Promise<Array<{ start_time: string; end_time: string }>> {
    return db
      .selectFrom('location_schedules as s')
      .innerJoin('locations as l', 'l.id', 's.location_id')
      .leftJoin('services as sv', 'sv.id', 's.service_id')
      .select(['s.start_time', 's.end_time'])
      .where('s.nutritionist_id', '=', scope.nutritionistId)
      .where('l.deleted_at', 'is', null)
      .where('l.disabled', '=', 0)
      .where((eb) =>
        eb.or([
          eb('s.service_id', 'is', null),
          eb.and([eb('sv.deleted_at', 'is', null), eb('sv.own_schedule', '=', 1)]),
        ]),
      )
      .execute();
  },

  listServices(db: Executor, scope: Scope, locationId: string): Promise<ServiceRow[]> {
    return db
      .selectFrom('services')
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('location_id', '=', locationId)
      .where('deleted_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  },

  findService(db: Executor, scope: Scope, locationId: string, id: string): Promise<ServiceRow | undefined> {
    return db
      .selectFrom('services')
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('location_id', '=', locationId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  async insertService(db: Executor, row: Insertable<ServicesTable>): Promise<void> {
    await db.insertInto('services').values(row).execute();
  },

  async updateService(db: Executor, scope: Scope, id: string, changes: Updateable<ServicesTable>): Promise<void> {
    await db
      .updateTable('services')
      .set(changes)
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .execute();
  },
};
