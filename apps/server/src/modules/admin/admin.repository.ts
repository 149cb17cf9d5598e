// SQL for the platform operator's summary.
import { sql, type Kysely } from 'kysely';
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
};
