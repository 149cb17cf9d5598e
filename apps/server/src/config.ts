// One validated configuration object read from the environment. Every bad value is reported at start
// with the variable's name and what it expects, so a self-hosting user can fix it without reading code.
import path from 'node:path';
import { z } from 'zod';
import { REPO_ROOT } from './lib/paths.js';
import type { S3UploadConfig } from './lib/upload-backends.js';
import { DEFAULT_PUSH_ENDPOINT_HOSTS, parseHostRules } from './modules/push/endpoint-allow-list.js';

const durationSeconds = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .positive({ error: 'must be greater than 0' })
    .default(fallback);

const optionalUrl = (protocols: string[], label: string) =>
  z
    .string()
    .trim()
    .transform((v) => (v === '' ? undefined : v))
    .optional()
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must be a ${label} URL (${protocols.join(' or ')}…)`,
    });

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce
    .number({ error: 'must be a port number' })
    .int({ error: 'must be a whole number' })
    .min(1, { error: 'must be between 1 and 65535' })
    .max(65535, { error: 'must be between 1 and 65535' })
    .default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres://', 'postgresql://'], 'PostgreSQL'),
  REDIS_URL: optionalUrl(['redis://', 'rediss://'], 'Redis'),
  PUBLIC_URL: optionalUrl(['http://', 'https://'], 'http(s)'),
  SMTP_URL: optionalUrl(['smtp://', 'smtps://'], 'SMTP'),
  SMTP_FROM: z.string().default('Almendra <no-reply@almendra.local>'),
  JWT_SECRET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || v.length >= 32, { message: 'must be at least 32 characters' }),
  ACCESS_TOKEN_TTL_SECONDS: durationSeconds(15 * 60),
  REFRESH_TOKEN_TTL_SECONDS: durationSeconds(30 * 24 * 3600),
  REFRESH_TOKEN_REUSE_GRACE_SECONDS: z.coerce
    .number({ error: 'must be a whole number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(0, { error: 'must be 0 (off) or more' })
    .max(60, { error: 'must be at most 60 seconds' })
    .default(10),
  PASSWORD_RESET_TTL_SECONDS: durationSeconds(3600),
  LOGIN_RATE_LIMIT_PER_EMAIL: z.coerce.number().int().positive().default(10),
  LOGIN_RATE_LIMIT_PER_IP: z.coerce.number().int().positive().default(50),
  RATE_LIMIT_WINDOW_SECONDS: durationSeconds(15 * 60),
  ADMIN_EMAILS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    ),
  WEB_DIST_DIR: z.string().optional(),
  /**
   * Subscriptions and payments (docs/billing.md). Off by default: `npm start` is one professional running
   * her own practice, and a trial that expires would lock her out of her own install after 15 days. An
   * operator who sells accounts turns it on with BILLING_ENABLED=true.
   */
  BILLING_ENABLED: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  /** What /pagar tells a nutritionist paying with the manual processor (bank transfer details…). */
  BILLING_MANUAL_INSTRUCTIONS: z.string().max(2000).optional(),
  /**
   * Map tiles of the place-of-care form ({z}/{x}/{y} template). The Content-Security-Policy allows
   * exactly this origin; "off" turns the map tiles off (the form still takes a position by click or typed).
   */
  MAP_TILE_URL: z
    .string()
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png')
    .refine((v) => v === 'off' || (/^https?:\/\/[^/]+\//.test(v) && v.includes('{z}') && v.includes('{x}') && v.includes('{y}')), {
      message: 'must be an http(s) URL template with {z}, {x} and {y}, or "off" to turn map tiles off',
    }),
  /** Bearer token that opens GET /metrics (Prometheus); unset = no metrics endpoint. */
  METRICS_TOKEN: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  /** Error reporting (Sentry); off when unset. The same DSN serves the browser (a DSN is public by design). */
  SENTRY_DSN: optionalUrl(['http://', 'https://'], 'Sentry DSN'),
  SENTRY_ENVIRONMENT: z.string().max(64).optional(),
  SENTRY_TRACES_SAMPLE_RATE: z.coerce.number().min(0, { error: 'must be between 0 and 1' }).max(1, { error: 'must be between 0 and 1' }).default(1),
  /** Comma-separated stun: URLs for video calls; none by default (a LAN needs none). */
  STUN_URLS: z.string().optional(),
  /** Comma-separated turn:/turns: URLs of a TURN server (coturn) for patients behind mobile networks. */
  TURN_URLS: z.string().optional(),
  /** coturn's static-auth-secret (use-auth-secret): time-limited credentials are derived from it. */
  TURN_SECRET: z.string().min(16, { message: 'must be at least 16 characters' }).optional(),
  TURN_CREDENTIAL_TTL_SECONDS: durationSeconds(6 * 3600),
  // Payment processors (issue 12, part 2): each exists only when its keys are set.
  MERCADOPAGO_ACCESS_TOKEN: z.string().min(1).optional(),
  MERCADOPAGO_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another base URL for each processor's API (a mock server, a proxy); default the processor's own. */
  STRIPE_API_BASE: z.url({ error: 'STRIPE_API_BASE debe ser una URL (http://127.0.0.1:12111).' }).optional(),
  MERCADOPAGO_API_BASE: z.url({ error: 'MERCADOPAGO_API_BASE debe ser una URL (http://127.0.0.1:12112).' }).optional(),
  /** Single sign-on (OpenID Connect): off unless issuer and client id are both set. */
  OIDC_ISSUER_URL: optionalUrl(['http://', 'https://'], 'http(s)'),
  OIDC_CLIENT_ID: z.string().trim().optional(),
  /** Empty for a public client (PKCE only). */
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_BUTTON_LABEL: z.string().trim().max(60, { message: 'must be at most 60 characters' }).optional(),
  /** false: only people who already have an account (same verified email) may sign in through the provider. */
  OIDC_CREATE_ACCOUNTS: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  /** Country of an account created through the provider when its claims name none (ISO 3166-1 alpha-2). */
  OIDC_DEFAULT_COUNTRY: z.string().regex(/^[A-Z]{2}$/, { message: 'must be a two-letter country code such as AR' }).default('AR'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((v) => v === 'true'),
  // Web Push (docs/push.md): the VAPID key pair (base64url, as web-push generate-vapid-keys prints it);
  // unset, one is generated once into DATA_DIR/vapid.json.
  VAPID_PUBLIC_KEY: z.string().trim().regex(/^[A-Za-z0-9_-]{80,100}$/, { message: 'must be a base64url P-256 public key (87 characters)' }).optional(),
  VAPID_PRIVATE_KEY: z.string().trim().regex(/^[A-Za-z0-9_-]{40,50}$/, { message: 'must be a base64url P-256 private key (43 characters)' }).optional(),
  /** Contact the push services may use: mailto:… or https://…; default PUBLIC_URL (https) or SMTP_FROM's address. */
  VAPID_SUBJECT: z
    .string()
    .trim()
    .refine((v) => /^mailto:[^@\s]+@[^@\s]+$/.test(v) || /^https:\/\/[^\s]+$/.test(v), { message: 'must be a mailto: address or an https: URL' })
    .optional(),
  /** Hosts push endpoints may be on (host[:port], "*." for subdomains); default the browsers' push services. */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      try {
        parseHostRules(splitList(v));
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: (error as Error).message });
      }
    }),
  // Uploads in an S3-compatible bucket instead of DATA_DIR/uploads (docs/deployment.md).
  S3_BUCKET: z.string().trim().optional(),
  S3_REGION: z.string().trim().default('us-east-1'),
  S3_ENDPOINT: optionalUrl(['http://', 'https://'], 'http(s)'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  S3_PREFIX: z.string().default(''),
});

export type Config = {
  /** Processor keys (MERCADOPAGO_*, STRIPE_*); a provider is built only when its keys are present. */
  payments: {
    mercadopago: { accessToken: string; webhookSecret: string; apiBase?: string } | null;
    stripe: { secretKey: string; webhookSecret: string; apiBase?: string } | null;
    /** MERCADOPAGO_API_BASE alone: the practices' own Mercado Pago links use it too (docs/cobros.md). */
    mercadoPagoApiBase?: string | null;
  };
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  /** PUBLIC_URL, or http://localhost:PORT when unset (then see publicUrlConfigured and lib/link-origin.ts). */
  publicUrl: string;
  /** True when PUBLIC_URL was set: every link uses it; otherwise links follow the request's address. */
  publicUrlConfigured: boolean;
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** Empty when not configured: the server then keeps a generated secret in DATA_DIR. */
  jwtSecret: string | undefined;
  accessTokenTtlSeconds: number;
  refreshTokenTtlSeconds: number;
  /** A refresh token presented again this soon after its rotation is not treated as theft (0 = never). */
  refreshTokenReuseGraceSeconds: number;
  passwordResetTtlSeconds: number;
  loginRateLimitPerEmail: number;
  loginRateLimitPerIp: number;
  rateLimitWindowSeconds: number;
  adminEmails: string[];
  webDistDir: string;
  /** null: no map tiles. */
  mapTileUrl: string | null;
  metricsToken: string | undefined;
  sentry: { dsn: string | undefined; environment: string; tracesSampleRate: number };
  video: { stunUrls: string[]; turnUrls: string[]; turnSecret: string | undefined; turnCredentialTtlSeconds: number };
  logLevel: string;
  trustProxy: boolean;
  /** null: uploads on local disk under DATA_DIR/uploads. */
  s3: S3UploadConfig | null;
  billing: { enabled: boolean; manualInstructions: string | null };
  /** null: no single sign-on (the default). */
  oidc: OidcConfig | null;
  /** Web Push: configured VAPID keys (else generated into DATA_DIR), the VAPID subject, the endpoint hosts. */
  push: { vapidPublicKey: string | undefined; vapidPrivateKey: string | undefined; subject: string; endpointHosts: string[] };
};

export interface OidcConfig {
  issuerUrl: string;
  clientId: string;
  clientSecret: string | undefined;
  buttonLabel: string;
  createAccounts: boolean;
  defaultCountry: string;
  /** Where the provider sends the browser back: the web app's /callback. */
  redirectUrl: string;
}

const isLoopback = (url: string) => ['localhost', '127.0.0.1', '[::1]'].includes(new URL(url).hostname);

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const splitList = (value: string | undefined): string[] => (value ?? '').split(',').map((v) => v.trim()).filter(Boolean);

/** Parses the environment; throws ConfigError listing every bad variable at once. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const oidcProblems: string[] = [];
  if (e.OIDC_ISSUER_URL && !e.OIDC_CLIENT_ID) oidcProblems.push('OIDC_CLIENT_ID: must be set when OIDC_ISSUER_URL is');
  if (e.OIDC_CLIENT_ID && !e.OIDC_ISSUER_URL) oidcProblems.push('OIDC_ISSUER_URL: must be set when OIDC_CLIENT_ID is');
  // Tokens travel from the provider to this server: plain http only to a provider on this machine.
  if (e.OIDC_ISSUER_URL?.startsWith('http://') && !isLoopback(e.OIDC_ISSUER_URL)) {
    oidcProblems.push('OIDC_ISSUER_URL: must be an https URL (http only for localhost)');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    oidcProblems.push('VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: set both (a key pair) or neither (generated into DATA_DIR)');
  }
  if (oidcProblems.length > 0) throw new ConfigError(oidcProblems);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(e.DATA_DIR);
  const smtpAddress = /<([^<>\s]+@[^<>\s]+)>/.exec(e.SMTP_FROM)?.[1] ?? (/^[^<>\s]+@[^<>\s]+$/.test(e.SMTP_FROM.trim()) ? e.SMTP_FROM.trim() : undefined);
  return {
    push: {
      vapidPublicKey: e.VAPID_PUBLIC_KEY,
      vapidPrivateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? (publicUrl.startsWith('https://') ? publicUrl : `mailto:${smtpAddress ?? 'no-reply@almendra.local'}`),
      endpointHosts: e.PUSH_ENDPOINT_HOSTS ? splitList(e.PUSH_ENDPOINT_HOSTS) : DEFAULT_PUSH_ENDPOINT_HOSTS,
    },
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    publicUrl,
    publicUrlConfigured: e.PUBLIC_URL !== undefined && e.PUBLIC_URL !== '',
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    jwtSecret: e.JWT_SECRET || undefined,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlSeconds: e.REFRESH_TOKEN_TTL_SECONDS,
    refreshTokenReuseGraceSeconds: e.REFRESH_TOKEN_REUSE_GRACE_SECONDS,
    passwordResetTtlSeconds: e.PASSWORD_RESET_TTL_SECONDS,
    loginRateLimitPerEmail: e.LOGIN_RATE_LIMIT_PER_EMAIL,
    loginRateLimitPerIp: e.LOGIN_RATE_LIMIT_PER_IP,
    rateLimitWindowSeconds: e.RATE_LIMIT_WINDOW_SECONDS,
    adminEmails: e.ADMIN_EMAILS,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(REPO_ROOT, 'apps', 'web', 'dist')),
    mapTileUrl: e.MAP_TILE_URL === 'off' ? null : e.MAP_TILE_URL,
    metricsToken: e.METRICS_TOKEN,
    sentry: { dsn: e.SENTRY_DSN, environment: e.SENTRY_ENVIRONMENT ?? e.NODE_ENV, tracesSampleRate: e.SENTRY_TRACES_SAMPLE_RATE },
    video: {
      stunUrls: splitList(e.STUN_URLS),
      turnUrls: splitList(e.TURN_URLS),
      turnSecret: e.TURN_SECRET,
      turnCredentialTtlSeconds: e.TURN_CREDENTIAL_TTL_SECONDS,
    },
    payments: {
      mercadopago:
        e.MERCADOPAGO_ACCESS_TOKEN && e.MERCADOPAGO_WEBHOOK_SECRET
          ? { accessToken: e.MERCADOPAGO_ACCESS_TOKEN, webhookSecret: e.MERCADOPAGO_WEBHOOK_SECRET, ...(e.MERCADOPAGO_API_BASE ? { apiBase: e.MERCADOPAGO_API_BASE } : {}) }
          : null,
      stripe:
        e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
          ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, ...(e.STRIPE_API_BASE ? { apiBase: e.STRIPE_API_BASE } : {}) }
          : null,
      mercadoPagoApiBase: e.MERCADOPAGO_API_BASE || null,
    },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    billing: { enabled: e.BILLING_ENABLED, manualInstructions: e.BILLING_MANUAL_INSTRUCTIONS ?? null },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          ...(e.S3_ENDPOINT ? { endpoint: e.S3_ENDPOINT } : {}),
          ...(e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID } : {}),
          ...(e.S3_SECRET_ACCESS_KEY ? { secretAccessKey: e.S3_SECRET_ACCESS_KEY } : {}),
          // Self-hosted S3-compatible servers (an endpoint is given) mostly need path-style addressing.
          forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : Boolean(e.S3_ENDPOINT),
          prefix: e.S3_PREFIX,
        }
      : null,
    oidc:
      e.OIDC_ISSUER_URL && e.OIDC_CLIENT_ID
        ? {
            issuerUrl: e.OIDC_ISSUER_URL,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET || undefined,
            buttonLabel: e.OIDC_BUTTON_LABEL || 'Ingresar con tu cuenta institucional',
            createAccounts: e.OIDC_CREATE_ACCOUNTS,
            defaultCountry: e.OIDC_DEFAULT_COUNTRY,
            redirectUrl: `${publicUrl}/callback`,
          }
        : null,
  };
}
