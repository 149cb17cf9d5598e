// Referrals (/gratis): a nutritionist's personal code is made the first time she asks for it; a
// registration carrying a known code is attributed to its owner (never to herself); the owner lists the
// professionals who signed up with it.
import type { Kysely, Transaction } from 'kysely';
import { REFERRAL_CODE_PATTERN, REFERRAL_QUERY_PARAM, type ReferralsInfo } from '@almendra/contracts';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { newReferralCode, referralsRepository } from './referrals.repository.js';

/** The registration screen (seed route /comenzar) reads ?ref=. */
export const REGISTRATION_PATH = '/comenzar';

export async function ensureReferralCode(db: Kysely<DB>, nutritionistId: string, now: string): Promise<string> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await referralsRepository.codeOf(db, nutritionistId);
    if (existing) return existing;
    // A clash with another nutritionist's code (or a parallel first request) inserts nothing: read again.
    await referralsRepository.insertCode(db, nutritionistId, newReferralCode(), now);
  }
  const code = await referralsRepository.codeOf(db, nutritionistId);
  if (!code) throw new Error('could not create a referral code');
  return code;
}

/** Called inside the registration's transaction. Unknown or malformed codes are ignored: a typo must not cost a colleague her sign-up. */
export async function attributeReferral(trx: Transaction<DB>, code: string | undefined, referredId: string, now: string): Promise<void> {
  const normalised = code?.trim().toUpperCase();
  if (!normalised || !REFERRAL_CODE_PATTERN.test(normalised)) return;
  const referrerId = await referralsRepository.referrerOf(trx, normalised);
  if (!referrerId || referrerId === referredId) return;
  await referralsRepository.attribute(trx, referrerId, referredId, normalised, now);
}

export function createReferralsService(deps: { db: Kysely<DB>; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async info(scope: { nutritionistId: string }): Promise<ReferralsInfo> {
      const code = await ensureReferralCode(db, scope.nutritionistId, clock.now().toISOString());
      const rows = await referralsRepository.referred(db, scope.nutritionistId);
      return {
        code,
        linkPath: `${REGISTRATION_PATH}?${REFERRAL_QUERY_PARAM}=${code}`,
        total: rows.length,
        referred: rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name, registeredAt: r.created_at, active: Number(r.banned_status) !== 2 })),
      };
    },
  };
}

export type ReferralsService = ReturnType<typeof createReferralsService>;
