// Shapes shared by every feature: error body, ids, instants and calendar dates.
import { z } from 'zod';

/** Uniform error body of every non-2xx answer. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    /** The request's id (also the X-Request-Id header and the reqId of its log lines). */
    requestId: z.string().optional(),
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

/**
 * The wire format of a calendar date. The web never shows it: a person types dd-mm-aaaa, and the web
 * replaces this message by DISPLAYED_DATE_FORMAT_MESSAGE next to the field (lib/api-error.ts).
 */
export const ISO_DATE_FORMAT_MESSAGE = 'Usa el formato de fecha AAAA-MM-DD.';
/** The same error in the format every date field of the interface shows. */
export const DISPLAYED_DATE_FORMAT_MESSAGE = 'Escribe la fecha como dd-mm-aaaa.';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Earliest and latest calendar date any field accepts: nothing the practice records lies outside them. */
export const EARLIEST_CALENDAR_DATE = '1900-01-01';
export const LATEST_CALENDAR_DATE = '2999-12-31';

/** True for a real calendar date written 'YYYY-MM-DD' (refuses 2026-02-30, 2026-13-45, 0000-00-00…). */
export function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The one schema of a calendar date 'YYYY-MM-DD', in a body or a query string: the format, a day that
 * exists (no 30 February, no month 13) and a year between 1900 and 2999, so no code after validation ever
 * reads an impossible date. `label` completes "Ingresa …" when the value is missing or not text.
 */
export const calendarDate = (label = 'una fecha') =>
  z
    .string({ error: `Ingresa ${label}.` })
    .trim()
    .min(1, { error: `Ingresa ${label}.`, abort: true })
    .regex(ISO_DATE, { error: ISO_DATE_FORMAT_MESSAGE, abort: true })
    .refine(isCalendarDate, { error: 'No es una fecha válida.', abort: true })
    .refine((v) => v >= EARLIEST_CALENDAR_DATE, { error: 'La fecha no puede ser anterior a 1900.', abort: true })
    .refine((v) => v <= LATEST_CALENDAR_DATE, { error: 'La fecha no es válida.' });
export const calendarDateSchema = calendarDate();

/**
 * An integer read from a query string must be written in plain decimal digits. Number() alone would
 * also read "0x10" as 16, "+5" as 5, "1e3" as 1000 and " 5" as 5, none of which a client means to send.
 * Anything else reaches the wrapped schema as NaN, so it answers with its own "debe ser un número".
 */
export const decimalQueryInteger = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && !/^-?\d{1,15}$/.test(value) ? Number.NaN : value), schema);
export const isoInstantSchema = z.string();
/** Interface languages: neutral Spanish (tú), Argentine Spanish (voseo, on top of es) and English. */
export const localeSchema = z.enum(['es', 'es-AR', 'en']);
export type Locale = z.infer<typeof localeSchema>;
/** 'system' follows the device's light/dark setting (prefers-color-scheme); the default of new accounts. */
export const themeSchema = z.enum(['system', 'light', 'dark', 'semi-dark']);
export type Theme = z.infer<typeof themeSchema>;
/** Primary colours offered in the theme switch: Mantine palette names. */
export const primaryColorSchema = z.enum(['teal', 'green', 'blue', 'indigo', 'violet', 'grape', 'pink', 'red', 'orange', 'cyan']);
export type PrimaryColor = z.infer<typeof primaryColorSchema>;

/**
 * A link a person typed (a website): only http and https are ever stored, so no stored value can become
 * a `javascript:` or `data:` link when rendered. "www.ejemplo.com" is kept as "https://www.ejemplo.com".
 * Empty text clears the field (null).
 */
export const optionalWebLinkSchema = (max: number, message = 'Ingresa una dirección web que empiece con http:// o https://.') =>
  z
    .string({ error: 'Debe ser un texto.' })
    .trim()
    .max(max, { error: `Es demasiado largo (máximo ${max} caracteres).` })
    .transform((value) => (value === '' ? null : /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`))
    .refine((value) => value === null || isHttpUrl(value), { error: message })
    .nullable()
    .optional();

/** True for an absolute http(s) URL with a host and no white space (the scheme is what makes it safe). */
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s/?#@:]+(?::\d{1,5})?(?:[/?#]\S*)?$/i.test(value);
}
