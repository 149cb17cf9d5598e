// Shapes shared by every feature: error body, ids, instants and calendar dates.
import { z } from 'zod';

/** Uniform error body of every non-2xx answer. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** One invalid field of a 400 answer: path in the request body/query and a Spanish message. */
export const validationIssueSchema = z.object({
  path: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

export const idSchema = z.string().min(1).max(64);
export const isoInstantSchema = z.string();
/** Interface languages: neutral Spanish (tú), Argentine Spanish (voseo, on top of es) and English. */
export const localeSchema = z.enum(['es', 'es-AR', 'en']);
export type Locale = z.infer<typeof localeSchema>;
export const themeSchema = z.enum(['light', 'dark', 'semi-dark']);
export type Theme = z.infer<typeof themeSchema>;
/** Primary colours offered in the theme switch: Mantine palette names. */
export const primaryColorSchema = z.enum(['teal', 'green', 'blue', 'indigo', 'violet', 'grape', 'pink', 'red', 'orange', 'cyan']);
export type PrimaryColor = z.infer<typeof primaryColorSchema>;
