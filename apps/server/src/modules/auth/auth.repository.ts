// SQL for users, nutritionist profiles, refresh-token families and password-reset tokens.
import type { Insertable, Kysely, Selectable, Transaction } from 'kysely';
import type { DB, NutritionistsTable, UsersTable } from '../../db/schema.js';

export type UserRow = Selectable<UsersTable>;
export type NutritionistRow = Selectable<NutritionistsTable>;
type Executor = Kysely<DB> | Transaction<DB>;

export const authRepository = {
  findUserByEmail(db: Executor, email: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  },

  findUserById(db: Executor, id: string): Promise<UserRow | undefined> {
    return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  },

  findNutritionistByUserId(db: Executor, userId: string): Promise<NutritionistRow | undefined> {
    return db.selectFrom('nutritionists').selectAll().where('user_id', '=', userId).executeTakeFirst();
  },

  async insertUser(db: Executor, row: UserRow): Promise<void> {
    await db.insertInto('users').values(row).execute();
  },

  async insertNutritionist(db: Executor, row: Insertable<NutritionistsTable>): Promise<void> {
    await db.insertInto('nutritionists').values(row).execute();
  },

  async updateUser(db: Executor, id: string, changes: Partial<Omit<UserRow, 'id'>>): Promise<void> {
    await db.updateTable('users').set(changes).where('id', '=', id).execute();
  },

  /** False when the user has no nutritionist profile (nothing to update). */
  async updateNutritionistTimeZone(db: Executor, userId: string, timeZone: string, now: string): Promise<boolean> {
    const result = await db
      .updateTable('nutritionists')
      .set({ time_zone: timeZone, updated_at: now })
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** False when the user has no nutritionist profile (nothing to update). */
  async updateNutritionistProfile(
    db: Executor,
    userId: string,
    changes: Partial<Pick<NutritionistsTable, 'first_name' | 'last_name' | 'phone' | 'licence_number' | 'country_code'> & { currency: string | null }>,
    now: string,
  ): Promise<boolean> {
    const result = await db
      .updateTable('nutritionists')
      .set({ ...changes, updated_at: now })
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async promoteToAdmin(db: Executor, emails: string[], now: string): Promise<number> {
    if (emails.length === 0) return 0;
    const result = await db
      .updateTable('users')
      .set({ role: 'admin', updated_at: now })
      .where('email', 'in', emails)
      .where('role', '=', 'nutritionist')
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  async insertRefreshToken(
    db: Executor,
    row: { id: string; user_id: string; family_id: string; token_hash: string; expires_at: string; created_at: string },
  ): Promise<void> {
    await db
      .insertInto('refresh_tokens')
      .values({ ...row, used_at: null, revoked_at: null })
      .execute();
  },

  findRefreshTokenByHash(db: Executor, tokenHash: string) {
    return db.selectFrom('refresh_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  },

  /** Marks a token used only if nobody used it first; false means it was already spent (reuse). */
  async markRefreshTokenUsed(db: Executor, id: string, now: string): Promise<boolean> {
    const result = await db
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  async revokeFamily(db: Executor, familyId: string, now: string): Promise<void> {
    await db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('family_id', '=', familyId)
      .where('revoked_at', 'is', null)
      .execute();
  },

  async revokeUserFamilies(db: Executor, userId: string, now: string, exceptFamilyId?: string): Promise<void> {
    let query = db
      .updateTable('refresh_tokens')
      .set({ revoked_at: now })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null);
    if (exceptFamilyId) query = query.where('family_id', '!=', exceptFamilyId);
    await query.execute();
  },

  async insertResetToken(
    db: Executor,
    row: { id: string; user_id: string; token_hash: string; expires_at: string; created_at: string },
  ): Promise<void> {
    await db
      .insertInto('password_reset_tokens')
      .values({ ...row, used_at: null })
      .execute();
  },

  findResetTokenByHash(db: Executor, tokenHash: string) {
    return db.selectFrom('password_reset_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  },

  async markResetTokenUsed(db: Executor, id: string, now: string): Promise<boolean> {
    const result = await db
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Older unused reset links stop working when a new one is requested. */
  async expireOpenResetTokens(db: Executor, userId: string, now: string): Promise<void> {
    await db
      .updateTable('password_reset_tokens')
      .set({ used_at: now })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  },
};
