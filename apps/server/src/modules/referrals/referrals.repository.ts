// SQL for referrals: each nutritionist's code, the attribution made at registration, and the referrer's
// list (the spec's referidos-info). Scoped by the referrer.
import { randomInt } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';

type Executor = Kysely<DB> | Transaction<DB>;

/** No 0/O or 1/I/L, so a code read aloud or copied by hand is not mistaken (REFERRAL_CODE_PATTERN). */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export function newReferralCode(): string {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

export const referralsRepository = {
  async codeOf(db: Executor, nutritionistId: string): Promise<string | undefined> {
    const row = await db.selectFrom('referral_codes').select('code').where('nutritionist_id', '=', nutritionistId).executeTakeFirst();
    return row?.code;
  },

  /** Inserts the code unless the nutritionist already has one or the code is taken; false when nothing was inserted. */
  async insertCode(db: Executor, nutritionistId: string, code: string, now: string): Promise<boolean> {
    const result = await db
      .insertInto('referral_codes')
      .values({ nutritionist_id: nutritionistId, code, created_at: now })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  async referrerOf(db: Executor, code: string): Promise<string | undefined> {
    const row = await db.selectFrom('referral_codes').select('nutritionist_id').where('code', '=', code).executeTakeFirst();
    return row?.nutritionist_id;
  },

  async attribute(db: Executor, referrerId: string, referredId: string, code: string, now: string): Promise<void> {
    await db
      .insertInto('referrals')
      .values({ id: newId(), referrer_nutritionist_id: referrerId, referred_nutritionist_id: referredId, code, created_at: now })
      .onConflict((oc) => oc.column('referred_nutritionist_id').doNothing())
      .execute();
  },

  referred(db: Executor, referrerId: string) {
    return db
      .selectFrom('referrals')
      .innerJoin('nutritionists', 'nutritionists.id', 'referrals.referred_nutritionist_id')
      .innerJoin('users', 'users.id', 'nutritionists.user_id')
      .select(['nutritionists.id', 'nutritionists.first_name', 'nutritionists.last_name', 'referrals.created_at', 'users.banned_status'])
      .where('referrals.referrer_nutritionist_id', '=', referrerId)
      .orderBy('referrals.created_at', 'desc')
      .orderBy('referrals.id', 'desc')
      .execute();
  },
};
