// Accounts, sessions and the signed-in user's own preferences.
import { z } from 'zod';
import { idSchema, isoInstantSchema, localeSchema, primaryColorSchema, themeSchema, type Locale } from './common.js';
import { isoCountryCodeSchema } from './countries.js';

export const roleSchema = z.enum(['nutritionist', 'admin', 'patient']);
export type Role = z.infer<typeof roleSchema>;

/** Starred navbar pages: paths of product pages, at most 10 (seed 1 section 2). */
export const STARRED_PAGES_LIMIT = 10;
export const starredPagesSchema = z.array(z.string().min(1).max(200)).max(STARRED_PAGES_LIMIT);

export const PASSWORD_MIN_LENGTH = 8;
const emailSchema = z
  .string({ error: 'Ingresa tu correo electrónico.' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: 'Ingresa un correo electrónico válido.' }).max(254, { error: 'El correo electrónico es demasiado largo.' }));
/** Password rules of every account (nutritionists and portal patients). */
export const passwordSchema = z
  .string({ error: 'Ingresa una contraseña.' })
  .min(PASSWORD_MIN_LENGTH, { error: `La contraseña debe tener al menos ${PASSWORD_MIN_LENGTH} caracteres.` })
  .max(200, { error: 'La contraseña es demasiado larga.' });
const requiredName = (field: string) =>
  z
    .string({ error: `Ingresa ${field}.` })
    .trim()
    .min(1, { error: `Ingresa ${field}.` })
    .max(80, { error: 'Es demasiado largo (máximo 80 caracteres).' });
/** Countries whose nutritionists read and write voseo ("Cargá tu primer paciente"): their Spanish is es-AR. */
export const VOSEO_COUNTRIES: readonly string[] = Object.freeze(['AR', 'UY']);

/** The Spanish an account from this country gets by default: es-AR (voseo) for AR and UY, else neutral es. */
export function spanishLocaleFor(countryCode: string | null | undefined): 'es' | 'es-AR' {
  return countryCode && VOSEO_COUNTRIES.includes(countryCode.toUpperCase()) ? 'es-AR' : 'es';
}

/** The locale a new account starts with: English when asked for, else the Spanish of its country. */
export function registrationLocale(requested: Locale | undefined, countryCode: string): Locale {
  return requested === 'en' ? 'en' : spanishLocaleFor(countryCode);
}

/** ISO 3166-1 alpha-2 country code; Argentina is the default country of a new account. */
export const countryCodeSchema = isoCountryCodeSchema('Elige un país válido.');

export const userSchema = z.object({
  id: idSchema,
  email: z.string(),
  role: roleSchema,
  locale: localeSchema,
  theme: themeSchema,
  primaryColor: primaryColorSchema,
  starredPages: starredPagesSchema,
  /** Usu_Baneado of the spec: 0 active, 2 banned or expired (sent to /activar-cuenta or /planes). */
  bannedStatus: z.number().int(),
  /**
   * With bannedStatus 2: true when the subscription ended (trial or paid period over) — every screen can
   * still be read, writes answer 402 until she pays; false/absent for an operator's suspension.
   */
  readOnly: z.boolean().optional(),
  /** An operator's suspension: why (as the operator wrote it, shown to her) and since when. */
  suspension: z.object({ reason: z.string().nullable(), since: isoInstantSchema.nullable() }).nullable().optional(),
  /** keyPlan of the spec: the plan the account had chosen, when any. */
  planKey: z.string().nullable(),
  confirmed: z.boolean(),
  createdAt: isoInstantSchema,
});
export type User = z.infer<typeof userSchema>;

export const nutritionistSchema = z.object({
  id: idSchema,
  userId: idSchema,
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  countryCode: z.string(),
  licenceNumber: z.string().nullable(),
  timeZone: z.string(),
  /** ISO 4217 code of her prices and reports (the country's when she never chose one). */
  currency: z.string(),
  /** When the profile photo last changed (GET /me/photo); null without a photo. */
  photoUpdatedAt: z.string().nullable(),
});
export type Nutritionist = z.infer<typeof nutritionistSchema>;

/** The currency of a practice that never chose one: the peso in Argentina, the dollar elsewhere. */
export function defaultCurrencyFor(countryCode: string): string {
  return countryCode === 'AR' ? 'ARS' : 'USD';
}

export const registerRequestSchema = z.object({
  firstName: requiredName('tu nombre'),
  lastName: requiredName('tu apellido'),
  email: emailSchema,
  password: passwordSchema,
  countryCode: countryCodeSchema.default('AR'),
  /** Only 'en' is kept as sent; Spanish (or nothing) becomes the country's Spanish (registrationLocale). */
  locale: localeSchema.optional(),
  /** A colleague's referral code (/comenzar?ref=CODE); an unknown one is ignored, never an error. */
  referralCode: z.string().trim().max(40).optional(),
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Ingresa tu contraseña.' }).min(1, { error: 'Ingresa tu contraseña.' }).max(200),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** Answer of register, login and refresh. The refresh token travels in an httpOnly cookie. */
export const sessionResponseSchema = z.object({
  accessToken: z.string(),
  /** Instant the access token stops being accepted (ISO-8601 UTC). */
  expiresAt: isoInstantSchema,
  user: userSchema,
  nutritionist: nutritionistSchema.nullable(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

/** Browsers send the refresh token in its httpOnly cookie; other clients may send it in the body. */
export const refreshRequestSchema = z.object({ refreshToken: z.string().min(1).max(500).optional() }).nullish();

export const meResponseSchema = z.object({
  user: userSchema,
  nutritionist: nutritionistSchema.nullable(),
});
export type MeResponse = z.infer<typeof meResponseSchema>;

/** True for an IANA zone name the runtime knows; Intl throws a RangeError for anything else. */
function isKnownTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const TIME_ZONE_MESSAGE = 'Elige una zona horaria válida (por ejemplo, America/Argentina/Buenos_Aires).';
/** IANA time-zone name ('America/Argentina/Cordoba'); offsets such as '-03:00' are refused. */
export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  // One check, one message. Intl also accepts raw offsets ('+05:00'), but a practice's zone must follow
  // daylight-saving rules, so only names are taken.
  .refine((name) => /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name) && isKnownTimeZone(name), { error: TIME_ZONE_MESSAGE });

export const updatePreferencesRequestSchema = z
  .object({
    locale: localeSchema,
    theme: themeSchema,
    primaryColor: primaryColorSchema,
    starredPages: starredPagesSchema,
    /** The practice's time zone (nutritionist accounts only). */
    timeZone: timeZoneSchema,
  })
  .partial();
export type UpdatePreferencesRequest = z.infer<typeof updatePreferencesRequestSchema>;

/** Optional free text of the profile: trimmed, empty means "not set" (null). */
const optionalProfileText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, { error: message })
    .nullable()
    .transform((value) => (value ? value : null));

/**
 * The nutritionist's own professional data, printed on plans and consultation reports (name, licence
 * number, phone). Every field is optional; an empty string clears phone and licence number.
 */
export const updateProfileRequestSchema = z
  .object({
    firstName: requiredName('tu nombre'),
    lastName: requiredName('tu apellido'),
    phone: optionalProfileText(40, 'El teléfono es demasiado largo (máximo 40 caracteres).').refine(
      (value) => value === null || /^[0-9+()\-\s.]{4,40}$/.test(value),
      { error: 'Escribe el teléfono solo con números, espacios, +, ( ) o guiones.' },
    ),
    licenceNumber: optionalProfileText(40, 'La matrícula es demasiado larga (máximo 40 caracteres).'),
    countryCode: countryCodeSchema,
    currency: z
      .string({ error: 'Elige una moneda.' })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: 'La moneda debe ser un código ISO 4217 de 3 letras (ARS, USD…).' }),
  })
  .partial();
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

const RESET_LINK_MESSAGE = 'El enlace para restablecer la contraseña no es válido. Pide uno nuevo.';

export const changePasswordRequestSchema = z.object({
  currentPassword: z
    .string({ error: 'Ingresa tu contraseña actual.' })
    .min(1, { error: 'Ingresa tu contraseña actual.' })
    .max(200),
  newPassword: passwordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const verifyPasswordRequestSchema = z.object({
  password: z.string({ error: 'Ingresa tu contraseña.' }).min(1, { error: 'Ingresa tu contraseña.' }).max(200),
});

export const forgotPasswordRequestSchema = z.object({ email: emailSchema });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequestSchema>;

export const resetPasswordRequestSchema = z.object({
  token: z.string({ error: RESET_LINK_MESSAGE }).min(10, { error: RESET_LINK_MESSAGE }).max(200, { error: RESET_LINK_MESSAGE }),
  password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /client-config: public settings of this server the web app needs (MAP_TILE_URL; null = no tiles). */
export const clientConfigSchema = z.object({
  mapTileUrl: z.string().nullable(),
  /** Sentry for the browser, when SENTRY_DSN is set (null: nothing is reported). */
  errorReporting: z.object({ dsn: z.string(), environment: z.string(), tracesSampleRate: z.number(), release: z.string() }).nullable(),
  /** Single sign-on (OpenID Connect) when configured: the login page shows a button with this label. */
  sso: z.object({ label: z.string() }).nullable(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** POST /auth/oidc/start: where to send the browser (the provider's authorization endpoint). */
export const oidcStartRequestSchema = z.object({ to: z.string().max(2000).optional() });
export const oidcStartResponseSchema = z.object({ authorizationUrl: z.string() });
export type OidcStartResponse = z.infer<typeof oidcStartResponseSchema>;
/** POST /auth/oidc/callback: the query string the provider returned at /callback. */
export const oidcCallbackRequestSchema = z.object({ query: z.string().max(8000) });
export type OidcCallbackRequest = z.infer<typeof oidcCallbackRequestSchema>;
export const oidcCallbackResponseSchema = sessionResponseSchema.extend({ to: z.string().nullable() });
export type OidcCallbackResponse = z.infer<typeof oidcCallbackResponseSchema>;

export const profilePhotoSchema = z.object({ photoUpdatedAt: z.string().nullable() });
export type ProfilePhoto = z.infer<typeof profilePhotoSchema>;
