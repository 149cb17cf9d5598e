// Platform operator (admin role) views.
import { z } from 'zod';

export const platformSummarySchema = z.object({
  users: z.number().int(),
  nutritionists: z.number().int(),
  admins: z.number().int(),
  pendingEmails: z.number().int(),
});
export type PlatformSummary = z.infer<typeof platformSummarySchema>;

/**
 * An operator changes an account's state (the spec's Usu_Baneado: 0 active, 2 banned or expired) and,
 * optionally, its plan key, which decides whether a banned account is sent to /activar-cuenta or /planes.
 */
export const adminUpdateUserRequestSchema = z
  .object({
    bannedStatus: z.union([z.literal(0), z.literal(2)], { error: 'El estado debe ser 0 (activa) o 2 (suspendida o vencida).' }),
    planKey: z.string().trim().min(1).max(64).nullable(),
  })
  .partial()
  .refine((body) => body.bannedStatus !== undefined || body.planKey !== undefined, {
    error: 'Indica bannedStatus o planKey.',
  });
export type AdminUpdateUserRequest = z.infer<typeof adminUpdateUserRequestSchema>;
