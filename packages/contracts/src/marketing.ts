// Marketing: appointment requests that arrive from the public profile.
import { z } from 'zod';

/** Number of appointment requests the nutritionist has not seen yet (the side-menu badge). */
export const unseenRequestsCountSchema = z.object({ count: z.number().int().min(0) });
export type UnseenRequestsCount = z.infer<typeof unseenRequestsCountSchema>;
