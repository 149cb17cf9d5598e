// SQL for the platform operator's summary and account state changes (across tenants by design).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';

const count = sql<number | string>`count(*)`.as('count');

export const adminRepository = {
  async summary(db: Kysely<DB>) {
    const [users, nutritionists, admins, pendingEmails] = await Promise.all([
      db.selectFrom('users').select(count).executeTakeFirstOrThrow(),
      db.selectFrom('nutritionists').select(count).executeTakeFirstOrThrow(),
      db.selectFrom('users').select(count).where('role', '=', 'admin').executeTakeFirstOrThrow(),
      db.selectFrom('outbox_emails').select(count).where('status', 'in', ['pending', 'failed']).executeTakeFirstOrThrow(),
    ]);
    return {
      users: Number(users.count),
      nutritionists: Number(nutritionists.count),
      admins: Number(admins.count),
      pendingEmails: Number(pendingEmails.count),
    };
  },

  /** False when no user has that id. */
  async updateUserState(db: Kysely<DB> | Transaction<DB>, id: string, changes: { banned_status?: number; plan_key?: string | null; suspension_reason?: string | null; suspended_at?: string | null }, now: string) {
    const result = await db
      .updateTable('users')
      .set({ ...changes, updated_at: now })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  findUser(db: Kysely<DB> | Transaction<DB>, id: string) {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },
};
