// SQL for the identities of the OpenID provider linked to accounts.
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB, OidcIdentitiesTable } from '../../db/schema.js';

export type OidcIdentityRow = Selectable<OidcIdentitiesTable>;
type Executor = Kysely<DB> | Transaction<DB>;

export const oidcRepository = {
  findIdentity(db: Executor, issuer: string, subject: string): Promise<OidcIdentityRow | undefined> {
    return db.selectFrom('oidc_identities').selectAll().where('issuer', '=', issuer).where('subject', '=', subject).executeTakeFirst();
  },

  async insertIdentity(db: Executor, row: OidcIdentityRow): Promise<void> {
    await db.insertInto('oidc_identities').values(row).execute();
  },

  async touchIdentity(db: Executor, id: string, email: string | null, now: string): Promise<void> {
    await db.updateTable('oidc_identities').set({ last_login_at: now, email }).where('id', '=', id).execute();
  },
};
