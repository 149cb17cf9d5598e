// SQL of the patient portal's accounts and invitations. Every practice-side function takes the tenant
// scope first and filters by it; the patient side is found by the signed-in user's id.
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { PortalInvitesTable } from '../../db/schema-portal.js';

type Executor = Kysely<DB> | Transaction<DB>;

export const portalRepository = {
  findPatient(db: Executor, nutritionistId: string, patientId: string) {
    return db
      .selectFrom('patients')
      .select(['id', 'nutritionist_id', 'user_id', 'first_name', 'last_name', 'email', 'is_test'])
      .where('id', '=', patientId)
      .where('nutritionist_id', '=', nutritionistId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  /** The patient record a portal user belongs to; undefined once access is revoked or the record deleted. */
  findPatientByUserId(db: Executor, userId: string) {
    return db
      .selectFrom('patients')
      .select(['id', 'nutritionist_id', 'user_id', 'first_name', 'last_name', 'email', 'photo_path', 'version'])
      .where('user_id', '=', userId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  },

  findOpenInvite(db: Executor, patientId: string, now: string) {
    return db
      .selectFrom('portal_invites')
      .selectAll()
      .where('patient_id', '=', patientId)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  },

  findInviteByCodeHash(db: Executor, codeHash: string) {
    return db.selectFrom('portal_invites').selectAll().where('code_hash', '=', codeHash).executeTakeFirst();
  },

  /** A new invitation replaces every open one of the patient (only the latest code works). */
  async replaceInvites(db: Executor, row: Insertable<PortalInvitesTable>): Promise<void> {
    await db.updateTable('portal_invites').set({ used_at: row.created_at }).where('patient_id', '=', row.patient_id).where('used_at', 'is', null).execute();
    await db.insertInto('portal_invites').values(row).execute();
  },

  /** Claims the invite once; false when another request used it first. */
  async markInviteUsed(db: Executor, id: string, now: string): Promise<boolean> {
    const result = await db.updateTable('portal_invites').set({ used_at: now }).where('id', '=', id).where('used_at', 'is', null).executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async cancelInvites(db: Executor, patientId: string, now: string): Promise<void> {
    await db.updateTable('portal_invites').set({ used_at: now }).where('patient_id', '=', patientId).where('used_at', 'is', null).execute();
  },

  async linkUser(db: Executor, patientId: string, userId: string, now: string): Promise<void> {
    await db.updateTable('patients').set({ user_id: userId, updated_at: now }).where('id', '=', patientId).execute();
  },

  findUser(db: Executor, userId: string) {
    return db.selectFrom('users').select(['id', 'email', 'created_at', 'role']).where('id', '=', userId).executeTakeFirst();
  },

  findUserByEmail(db: Executor, email: string) {
    return db.selectFrom('users').select(['id', 'role']).where('email', '=', email).executeTakeFirst();
  },

  /** Deleting the patient's user ends every session (refresh tokens cascade) and unlinks the record (set null). */
  async deleteUser(db: Executor, userId: string): Promise<void> {
    await db.deleteFrom('users').where('id', '=', userId).where('role', '=', 'patient').execute();
  },

  findNutritionist(db: Executor, nutritionistId: string) {
    return db
      .selectFrom('nutritionists')
      .innerJoin('users', 'users.id', 'nutritionists.user_id')
      .select(['nutritionists.id', 'nutritionists.user_id', 'first_name', 'last_name', 'phone', 'nutritionists.email', 'country_code', 'time_zone', 'users.locale'])
      .where('nutritionists.id', '=', nutritionistId)
      .executeTakeFirstOrThrow();
  },

  nextAppointment(db: Executor, nutritionistId: string, patientId: string, now: string) {
    return db
      .selectFrom('appointments')
      .leftJoin('locations', 'locations.id', 'appointments.location_id')
      .select(['appointments.id', 'appointments.start_at', 'appointments.end_at', 'locations.name as location_name', 'locations.street', 'locations.street_number'])
      .where('appointments.nutritionist_id', '=', nutritionistId)
      .where('appointments.patient_id', '=', patientId)
      .where('appointments.status', '=', 'scheduled')
      .where('appointments.start_at', '>=', now)
      .orderBy('appointments.start_at')
      .executeTakeFirst();
  },

  /** "Mi plan": the plan most recently published for the patient (never one she was not given). */
  currentPlan(db: Executor, nutritionistId: string, patientId: string) {
    return db
      .selectFrom('plans')
      .select(['id', 'title', 'updated_at', 'published_at'])
      .where('nutritionist_id', '=', nutritionistId)
      .where('patient_id', '=', patientId)
      .where('published_at', 'is not', null)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  },

  /** Every plan published for the patient, newest publication first. */
  publishedPlans(db: Executor, nutritionistId: string, patientId: string) {
    return db
      .selectFrom('plans')
      .select(['id', 'title', 'published_at'])
      .where('nutritionist_id', '=', nutritionistId)
      .where('patient_id', '=', patientId)
      .where('published_at', 'is not', null)
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  },
};
