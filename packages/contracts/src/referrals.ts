// Referrals (/gratis): each nutritionist's personal code and link; a professional who registers with it
// is attributed to her (the spec's referidos-info).
import { z } from 'zod';

/** Codes are 8 characters of an alphabet without look-alikes (no 0/O, 1/I/L). */
export const REFERRAL_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/;

export const referredProfessionalSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** ISO instant of the sign-up. */
  registeredAt: z.string(),
  /** The account's state: active, or suspended/expired (Usu_Baneado 2). */
  active: z.boolean(),
});
export type ReferredProfessional = z.infer<typeof referredProfessionalSchema>;

export const referralsInfoSchema = z.object({
  code: z.string(),
  /** Path of the registration link; the client prefixes its own origin. */
  linkPath: z.string(),
  total: z.number().int(),
  referred: z.array(referredProfessionalSchema),
});
export type ReferralsInfo = z.infer<typeof referralsInfoSchema>;

