// Single sign-on with the OpenID Connect provider named by OIDC_ISSUER_URL (openid-client): authorization
// code flow with PKCE, state and nonce. The pending sign-in (state, nonce, PKCE verifier, return path)
// travels in an encrypted, short-lived, httpOnly cookie bound to the browser that started it, so any
// instance can finish it and nothing is kept in process memory. Identities are linked to accounts by
// (issuer, subject); a first sign-in links by verified email or creates a nutritionist account
// (docs/sso.md says why).
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as client from 'openid-client';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { registrationLocale } from '@almendra/contracts';
import { DEFAULT_TIME_ZONE } from '@almendra/domain';
import type { OidcConfig } from '../../config.js';
import type { DB } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { hashPassword } from '../../lib/password.js';
import { authRepository, type UserRow } from '../auth/auth.repository.js';
import { oidcRepository } from './oidc.repository.js';

export const OIDC_SCOPE = 'openid profile email';
/** How long a started sign-in may take at the provider. */
const PENDING_TTL_SECONDS = 10 * 60;

export interface OidcServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  config: OidcConfig;
  /** The server's signing secret; the pending-sign-in cookie is encrypted with a key derived from it. */
  secret: string;
  adminEmails: string[];
  log?: { warn: (obj: unknown, msg?: string) => void };
}

interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  to: string | null;
}

const unavailable = () => new AppError('OIDC_UNAVAILABLE', 'No pudimos comunicarnos con el proveedor de identidad. Intenta de nuevo en unos minutos.');
const stateInvalid = () =>
  new AppError('OIDC_STATE_INVALID', 'El inicio de sesión no corresponde a este navegador o tardó demasiado. Vuelve a intentarlo desde la pantalla de ingreso.');

/** Only a path on this site is a valid place to return to. */
const safePath = (to: string | undefined | null): string | null => (to && to.startsWith('/') && !to.startsWith('//') && !to.includes('\\') ? to : null);

export function createOidcService(deps: OidcServiceDeps) {
  const { db, clock, config } = deps;
  const key = createHash('sha256').update(`oidc-pending:${deps.secret}`).digest();
  let discovered: Promise<client.Configuration> | null = null;

  /** Discovery once per process (provider metadata is configuration, not user state); retried after a failure. */
  function providerConfiguration(): Promise<client.Configuration> {
    discovered ??= client
      .discovery(
        new URL(config.issuerUrl),
        config.clientId,
        config.clientSecret,
        config.clientSecret ? undefined : client.None(),
        config.issuerUrl.startsWith('http://') ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = null;
        deps.log?.warn({ err: error }, 'OpenID provider discovery failed');
        throw unavailable();
      });
    return discovered;
  }

  async function sealPending(pending: PendingSignIn): Promise<string> {
    const now = Math.floor(clock.now().getTime() / 1000);
    return new EncryptJWT({ ...pending }).setProtectedHeader({ alg: 'dir', enc: 'A256GCM' }).setIssuedAt(now).setExpirationTime(now + PENDING_TTL_SECONDS).encrypt(key);
  }

  async function openPending(cookie: string | undefined): Promise<PendingSignIn> {
    if (!cookie) throw stateInvalid();
    try {
      const { payload } = await jwtDecrypt(cookie, key, { currentDate: clock.now() });
      const { state, nonce, verifier, to } = payload as Partial<PendingSignIn>;
      if (typeof state !== 'string' || typeof nonce !== 'string' || typeof verifier !== 'string') throw stateInvalid();
      return { state, nonce, verifier, to: typeof to === 'string' ? to : null };
    } catch {
      throw stateInvalid();
    }
  }

  /** An account for someone the provider vouches for: a nutritionist with the names the claims give. */
  async function createAccount(email: string, claims: client.IDToken & Record<string, unknown>): Promise<UserRow> {
    if (!config.createAccounts) {
      throw new AppError('OIDC_NO_ACCOUNT', 'No hay una cuenta de Almendra con ese correo electrónico. Pide a quien administra Almendra que te cree una.');
    }
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : undefined);
    const fullName = str(claims.name)?.split(/\s+/) ?? [];
    const firstName = str(claims.given_name) ?? fullName[0] ?? email.split('@')[0]!.slice(0, 100);
    const lastName = str(claims.family_name) ?? (fullName.length > 1 ? fullName.slice(1).join(' ') : '-');
    const claimedCountry = str(claims.locale)?.match(/^[a-z]{2}[-_]([A-Z]{2})$/i)?.[1]?.toUpperCase();
    const countryCode = claimedCountry ?? config.defaultCountry;
    const now = clock.now().toISOString();
    const user: UserRow = {
      id: newId(),
      email,
      // No one knows this password: the account signs in through the provider, or sets one with
      // "forgot password" (its email is verified by the provider).
      password_hash: await hashPassword(randomBytes(32).toString('base64url')),
      role: deps.adminEmails.includes(email) ? 'admin' : 'nutritionist',
      locale: registrationLocale(undefined, countryCode),
      theme: 'system',
      primary_color: 'teal',
      starred_pages: '[]',
      banned_status: 0,
      plan_key: null,
      suspension_reason: null,
      suspended_at: null,
      confirmed: 1,
      created_at: now,
      updated_at: now,
    };
    await db.transaction().execute(async (trx) => {
      await authRepository.insertUser(trx, user);
      await authRepository.insertNutritionist(trx, {
        id: newId(),
        user_id: user.id,
        first_name: firstName,
        last_name: lastName,
        email,
        phone: null,
        country_code: countryCode,
        licence_number: null,
        time_zone: DEFAULT_TIME_ZONE,
        created_at: now,
        updated_at: now,
      });
    });
    return user;
  }

  return {
    buttonLabel: config.buttonLabel,

    /** The provider's authorization URL and the sealed pending sign-in the route puts in a cookie. */
    async start(to: string | undefined): Promise<{ authorizationUrl: string; pendingCookie: string; maxAgeSeconds: number }> {
      const provider = await providerConfiguration();
      const pending: PendingSignIn = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier: client.randomPKCECodeVerifier(),
        to: safePath(to),
      };
      const url = client.buildAuthorizationUrl(provider, {
        redirect_uri: config.redirectUrl,
        scope: OIDC_SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { authorizationUrl: url.href, pendingCookie: await sealPending(pending), maxAgeSeconds: PENDING_TTL_SECONDS };
    },

    /** Finishes the sign-in from the query string the provider returned; answers the user to sign in. */
    async finish(query: string, pendingCookie: string | undefined): Promise<{ userId: string; to: string | null }> {
      const pending = await openPending(pendingCookie);
      const params = new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
      // Checked here as well as by the library, so a forged or replayed callback gets its own clear code.
      if (params.get('state') !== pending.state) throw stateInvalid();
      const providerError = params.get('error');
      if (providerError) {
        throw new AppError('OIDC_PROVIDER_ERROR', 'El proveedor de identidad no completó el inicio de sesión.', [
          { path: 'error', message: providerError.slice(0, 100) },
          ...(params.get('error_description') ? [{ path: 'error_description', message: params.get('error_description')!.slice(0, 300) }] : []),
        ]);
      }
      const provider = await providerConfiguration();
      const callbackUrl = new URL(config.redirectUrl);
      callbackUrl.search = params.toString();
      let claims: client.IDToken;
      try {
        const tokens = await client.authorizationCodeGrant(provider, callbackUrl, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true,
        });
        claims = tokens.claims()!;
      } catch (error) {
        deps.log?.warn({ err: error }, 'OpenID callback rejected');
        const code = error instanceof client.ResponseBodyError || error instanceof client.AuthorizationResponseError ? error.error : ((error as { code?: string }).code ?? 'invalid_response');
        throw new AppError('OIDC_PROVIDER_ERROR', 'El proveedor de identidad no confirmó el inicio de sesión. Vuelve a intentarlo.', [{ path: 'error', message: String(code).slice(0, 100) }]);
      }
      const issuer = claims.iss;
      const subject = claims.sub;
      const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : null;
      const now = clock.now().toISOString();

      const linked = await oidcRepository.findIdentity(db, issuer, subject);
      if (linked) {
        await oidcRepository.touchIdentity(db, linked.id, email, now);
        return { userId: linked.user_id, to: pending.to };
      }
      // A first sign-in: only an email the provider says it verified may name an account.
      if (!email || claims.email_verified !== true) {
        throw new AppError('OIDC_EMAIL_NOT_VERIFIED', 'Tu proveedor de identidad no confirmó tu correo electrónico. Confírmalo allí o ingresa con tu contraseña.');
      }
      const user = (await authRepository.findUserByEmail(db, email)) ?? (await createAccount(email, claims as client.IDToken & Record<string, unknown>));
      try {
        await oidcRepository.insertIdentity(db, { id: newId(), user_id: user.id, issuer, subject, email, created_at: now, last_login_at: now });
      } catch (error) {
        // Two callbacks of the same identity racing: the unique (issuer, subject) decides; both sign in.
        const again = await oidcRepository.findIdentity(db, issuer, subject);
        if (!again) throw error;
        return { userId: again.user_id, to: pending.to };
      }
      return { userId: user.id, to: pending.to };
    },
  };
}

export type OidcService = ReturnType<typeof createOidcService>;
