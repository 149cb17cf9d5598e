// SQL of the public web profile and of the appointment requests sent from it. Every function that
// touches practice data takes the tenant scope first; the public lookups go by slug and answer the
// owner's id, which the service then uses as the scope.
import { sql, type Insertable, type Kysely, type Transaction, type Updateable } from 'kysely';
import type { DB } from '../../db/schema.js';

type Executor = Kysely<DB> | Transaction<DB>;
type Scope = { nutritionistId: string };

export const publicProfileRepository = {
  find(db: Executor, scope: Scope) {
    return db.selectFrom('public_profiles').selectAll().where('nutritionist_id', '=', scope.nutritionistId).executeTakeFirst();
  },

  /** The owner of a published profile (unpublished and unknown slugs answer undefined alike). */
  findPublished(db: Executor, slug: string) {
    return db
      .selectFrom('public_profiles as pp')
      .innerJoin('nutritionists as n', 'n.id', 'pp.nutritionist_id')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .select([
        'pp.nutritionist_id',
        'pp.slug',
        'pp.headline',
        'pp.about',
        'pp.cover_path',
        'pp.cover_updated_at',
        'pp.titles',
        'pp.studies',
        'pp.experiences',
        'pp.services',
        'pp.location_ids',
        'n.first_name',
        'n.last_name',
        'n.email as nutritionist_email',
        'n.time_zone',
        'n.phone as nutritionist_phone',
        'n.country_code',
        'u.locale',
      ])
      .where('pp.slug', '=', slug)
      .where('pp.published', '=', 1)
      .executeTakeFirst();
  },

  /** Every published profile's slug and last change, for /sitemap.xml (the same rows /p/{slug} shows). */
  listPublished(db: Executor) {
    return db
      .selectFrom('public_profiles')
      .select(['slug', 'updated_at'])
      .where('published', '=', 1)
      .where('slug', 'is not', null)
      .orderBy('slug')
      .execute();
  },

  slugOwner(db: Executor, slug: string) {
    return db.selectFrom('public_profiles').select('nutritionist_id').where('slug', '=', slug).executeTakeFirst();
  },

  nutritionist(db: Executor, scope: Scope) {
    return db
      .selectFrom('nutritionists')
      .select(['first_name', 'last_name', 'email', 'time_zone'])
      .where('id', '=', scope.nutritionistId)
      .executeTakeFirst();
  },

  async insert(db: Executor, row: Insertable<DB['public_profiles']>): Promise<void> {
    await db.insertInto('public_profiles').values(row).execute();
  },

  async update(db: Executor, scope: Scope, changes: Updateable<DB['public_profiles']>): Promise<void> {
    await db.updateTable('public_profiles').set(changes).where('nutritionist_id', '=', scope.nutritionistId).execute();
  },

  /** The tenant's places among `ids` that are neither deleted nor hidden, with their hours and visible services. */
  async listLocations(db: Executor, scope: Scope, ids: string[]) {
    if (ids.length === 0) return { locations: [], schedules: [], services: [] };
    const locations = await db
      .selectFrom('locations')
      .selectAll()
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute();
    const schedules = await db
      .selectFrom('location_schedules')
      .select(['location_id', 'weekday', 'start_time', 'end_time'])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('location_id', 'in', ids)
      .where('service_id', 'is', null)
      .orderBy('weekday')
      .orderBy('start_time')
      .execute();
    const services = await db
      .selectFrom('services')
      .select(['id', 'location_id', 'name', 'duration_minutes', 'price_cents', 'currency'])
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('location_id', 'in', ids)
      .where('deleted_at', 'is', null)
      .where('visible', '=', 1)
      .orderBy('name')
      .execute();
    return { locations, schedules, services };
  },

  async existingLocationIds(db: Executor, scope: Scope, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('locations')
      .select('id')
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('id', 'in', ids)
      .where('deleted_at', 'is', null)
      .execute();
    return rows.map((r) => r.id);
  },

  async countOpenRequests(db: Executor, scope: Scope, email: string): Promise<number> {
    const row = await db
      .selectFrom('appointment_requests')
      .select(sql<number | string>`count(*)`.as('count'))
      .where('nutritionist_id', '=', scope.nutritionistId)
      .where('email', '=', email)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  /** A request of this nutritionist as its confirmation page restates it: when, where, what and its price. */
  findSentRequest(db: Executor, scope: { nutritionistId: string }, id: string) {
    return db
      .selectFrom('appointment_requests as r')
      .leftJoin('locations as l', (j) => j.onRef('l.id', '=', 'r.location_id').on('l.nutritionist_id', '=', scope.nutritionistId))
      .leftJoin('services as s', (j) => j.onRef('s.id', '=', 'r.service_id').on('s.nutritionist_id', '=', scope.nutritionistId))
      .select([
        'r.requested_start',
        'r.created_at',
        'l.name as location_name',
        'l.detail as location_detail',
        'l.street',
        'l.street_number',
        's.name as service_name',
        's.price_cents',
        's.currency',
      ])
      .where('r.nutritionist_id', '=', scope.nutritionistId)
      .where('r.id', '=', id)
      .executeTakeFirst();
  },

  async insertRequest(db: Executor, row: Insertable<DB['appointment_requests']>): Promise<void> {
    await db.insertInto('appointment_requests').values(row).execute();
  },
};
