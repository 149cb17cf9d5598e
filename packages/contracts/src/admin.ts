// Platform operator (admin role) views.
import { z } from 'zod';

export const platformSummarySchema = z.object({
  users: z.number().int(),
  nutritionists: z.number().int(),
  admins: z.number().int(),
  pendingEmails: z.number().int(),
});
export type PlatformSummary = z.infer<typeof platformSummarySchema>;

export const SUSPENSION_REASON_REQUIRED = 'Escribe el motivo de la suspensión: la profesional lo verá.';

/**
 * An operator changes an account's state (the spec's Usu_Baneado: 0 active, 2 banned or expired) and,
 * optionally, its plan key. Suspending (2) needs a reason, which the suspended nutritionist is shown.
 */
export const adminUpdateUserRequestSchema = z
  .object({
    bannedStatus: z.union([z.literal(0), z.literal(2)], { error: 'El estado debe ser 0 (activa) o 2 (suspendida o vencida).' }),
    planKey: z.string().trim().min(1).max(64).nullable(),
    reason: z.string({ error: SUSPENSION_REASON_REQUIRED }).trim().min(3, { error: SUSPENSION_REASON_REQUIRED }).max(500, { error: 'El motivo no puede superar los 500 caracteres.' }),
  })
  .partial()
  .refine((body) => body.bannedStatus !== undefined || body.planKey !== undefined, {
    error: 'Indica bannedStatus o planKey.',
  })
  .refine((body) => body.bannedStatus !== 2 || body.reason !== undefined, { error: SUSPENSION_REASON_REQUIRED, path: ['reason'] });
export type AdminUpdateUserRequest = z.infer<typeof adminUpdateUserRequestSchema>;
