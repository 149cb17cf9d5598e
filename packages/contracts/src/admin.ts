// Platform operator (admin role) views.
import { z } from 'zod';

export const platformSummarySchema = z.object({
  users: z.number().int(),
  nutritionists: z.number().int(),
  admins: z.number().int(),
  pendingEmails: z.number().int(),
});
export type PlatformSummary = z.infer<typeof platformSummarySchema>;
