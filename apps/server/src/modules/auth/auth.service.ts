// Registration, sign-in, rotating refresh tokens with reuse detection, password reset and change.
import type { Kysely } from 'kysely';
import type {
  ChangePasswordRequest,
  MeResponse,
  RegisterRequest,
  SessionResponse,
  UpdatePreferencesRequest,
  UpdateProfileRequest,
} from '@almendra/contracts';
import { registerRequestSchema, registrationLocale } from '@almendra/contracts';
import { DEFAULT_TIME_ZONE } from '@almendra/domain';
import type { DB } from '../../db/schema.js';
import type { AccessTokenIssuer } from '../../lib/access-token.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import type { Mailer } from '../../lib/mailer.js';
import { dummyPasswordHash, hashPassword, passwordNeedsRehash, verifyPassword } from '../../lib/password.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import { digestToken, newOpaqueToken } from '../../lib/secrets.js';
import { toNutritionist, toUser } from './auth.mapper.js';
import { authRepository as repo, type UserRow } from './auth.repository.js';
import { passwordResetEmail } from './reset-email.js';
import { attributeReferral } from '../referrals/referrals.service.js';
import type { LinkOrigins } from '../../lib/link-origin.js';

export interface AuthServiceDeps {
  db: Kysely<DB>;
  clock: Clock;
  tokens: AccessTokenIssuer;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  refreshTokenTtlSeconds: number;
  /** See refresh(): 0 treats every second presentation as theft. */
  refreshTokenReuseGraceSeconds?: number;
  passwordResetTtlSeconds: number;
  loginRateLimitPerEmail: number;
  loginRateLimitPerIp: number;
  adminEmails: string[];
  /**
   * Usu_Baneado as sessions report it (billing: 2 for an expired subscription, with readOnly: her data stays
   * readable; an operator's suspension is 2 without readOnly); the stored value without it.
   */
  accountBannedStatus?: (user: { id: string; banned_status: number }) => Promise<{ bannedStatus: number; readOnly: boolean }>;
  /** Origin of the reset link: anyone may ask for one, so lib/link-origin.ts's anonymous rule applies. */
  links: LinkOrigins;
}

/** A session answer plus the refresh token the route puts in the cookie. */
export interface IssuedSession {
  session: SessionResponse;
  refreshToken: string;
  refreshExpiresAt: Date;
  familyId: string;
}

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Correo electrónico o contraseña incorrectos.');
const invalidRefresh = () => new AppError('INVALID_REFRESH_TOKEN', 'Tu sesión terminó. Vuelve a iniciar sesión.');

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock } = deps;
  const nowIso = () => clock.now().toISOString();

  async function me(userId: string): Promise<MeResponse> {
    const user = await repo.findUserById(db, userId);
    if (!user) throw new AppError('UNAUTHENTICATED', 'La sesión no es válida. Vuelve a iniciar sesión.');
    const nutritionist = await repo.findNutritionistByUserId(db, userId);
    const access = deps.accountBannedStatus ? await deps.accountBannedStatus(user) : { bannedStatus: Number(user.banned_status), readOnly: false };
    return { user: { ...toUser(user), ...access }, nutritionist: nutritionist ? toNutritionist(nutritionist) : null };
  }

  async function issueSession(user: UserRow, familyId = newId()): Promise<IssuedSession> {
    const profile = await me(user.id);
    const access = await deps.tokens.issue({
      userId: user.id,
      role: user.role,
      nutritionistId: profile.nutritionist?.id ?? null,
    });
    const refreshToken = newOpaqueToken();
    const refreshExpiresAt = new Date(clock.now().getTime() + deps.refreshTokenTtlSeconds * 1000);
    await repo.insertRefreshToken(db, {
      id: newId(),
      user_id: user.id,
      family_id: familyId,
      token_hash: digestToken(refreshToken),
      expires_at: refreshExpiresAt.toISOString(),
      created_at: nowIso(),
    });
    return {
      session: { accessToken: access.token, expiresAt: access.expiresAt.toISOString(), ...profile },
      refreshToken,
      refreshExpiresAt,
      familyId,
    };
  }

  return {
    me,

    /** A new session for a user created elsewhere (a patient who just accepted a portal invitation). */
    async sessionFor(userId: string): Promise<IssuedSession> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw new AppError('UNAUTHENTICATED', 'La sesión no es válida. Vuelve a iniciar sesión.');
      return issueSession(user);
    },

    async register(input: RegisterRequest, ip: string): Promise<IssuedSession> {
      const data = registerRequestSchema.parse(input);
      await deps.rateLimiter.hit([{ key: `register:ip:${ip}`, max: deps.loginRateLimitPerIp }]);
      if (await repo.findUserByEmail(db, data.email)) {
        throw new AppError('EMAIL_TAKEN', 'Ya existe una cuenta con ese correo electrónico.', [
          { path: 'email', message: 'Ya existe una cuenta con ese correo electrónico.' },
        ]);
      }
      const now = nowIso();
      const user: UserRow = {
        id: newId(),
        email: data.email,
        password_hash: await hashPassword(data.password),
        role: deps.adminEmails.includes(data.email) ? 'admin' : 'nutritionist',
        locale: registrationLocale(data.locale, data.countryCode),
        theme: 'system',
        primary_color: 'teal',
        starred_pages: '[]',
        banned_status: 0,
        plan_key: null,
        suspension_reason: null,
        suspended_at: null,
        confirmed: 0,
        created_at: now,
        updated_at: now,
      };
      try {
        await db.transaction().execute(async (trx) => {
          await repo.insertUser(trx, user);
          const nutritionistId = newId();
          await repo.insertNutritionist(trx, {
            id: nutritionistId,
            user_id: user.id,
            first_name: data.firstName,
            last_name: data.lastName,
            email: data.email,
            phone: null,
            country_code: data.countryCode,
            licence_number: null,
            time_zone: DEFAULT_TIME_ZONE,
            created_at: now,
            updated_at: now,
          });
          await attributeReferral(trx, data.referralCode, nutritionistId, now);
        });
      } catch (error) {
        // Two registrations racing for one email: the unique index decides, the loser gets 409.
        if (await repo.findUserByEmail(db, data.email)) {
          throw new AppError('EMAIL_TAKEN', 'Ya existe una cuenta con ese correo electrónico.');
        }
        throw error;
      }
      return issueSession(user);
    },

    async login(email: string, password: string, ip: string): Promise<IssuedSession> {
      await deps.rateLimiter.hit([
        { key: `login:ip:${ip}`, max: deps.loginRateLimitPerIp },
        { key: `login:email:${email}`, max: deps.loginRateLimitPerEmail },
      ]);
      const user = await repo.findUserByEmail(db, email);
      if (!user) {
        await verifyPassword(password, await dummyPasswordHash());
        throw invalidCredentials();
      }
      if (!(await verifyPassword(password, user.password_hash))) throw invalidCredentials();
      // Hashes from earlier versions (scrypt) or older parameters are rewritten while the password is at hand.
      if (passwordNeedsRehash(user.password_hash)) {
        await repo.updateUser(db, user.id, { password_hash: await hashPassword(password), updated_at: nowIso() });
      }
      return issueSession(user);
    },

    /** Rotates the refresh token. A token presented twice revokes its whole family (stolen-token defence). */
    async refresh(refreshToken: string | undefined): Promise<IssuedSession> {
      if (!refreshToken) throw invalidRefresh();
      const row = await repo.findRefreshTokenByHash(db, digestToken(refreshToken));
      if (!row || row.revoked_at) throw invalidRefresh();
      const now = nowIso();
      if (row.expires_at <= now) throw invalidRefresh();
      if (row.used_at || !(await repo.markRefreshTokenUsed(db, row.id, now))) {
        // A token presented again within seconds of its rotation is a lost answer, not a thief: the
        // browser left the page (or a second tab raced) while the refresh was in flight, so the rotated
        // cookie never arrived. Revoking the family then would sign a nutritionist out mid-consultation.
        // Inside that window the family gets a new token; after it, reuse revokes the whole family.
        // (The same trade-off as Supabase Auth's refresh-token reuse interval, 10 s by default.)
        const usedAt = row.used_at ?? (await repo.findRefreshTokenByHash(db, row.token_hash))?.used_at ?? null;
        const graceMs = (deps.refreshTokenReuseGraceSeconds ?? 0) * 1000;
        const withinGrace = usedAt !== null && clock.now().getTime() - Date.parse(usedAt) <= graceMs;
        if (!withinGrace) {
          await repo.revokeFamily(db, row.family_id, now);
          throw new AppError('REFRESH_TOKEN_REUSED', 'Tu sesión se cerró por seguridad. Vuelve a iniciar sesión.');
        }
      }
      const user = await repo.findUserById(db, row.user_id);
      if (!user) throw invalidRefresh();
      return issueSession(user, row.family_id);
    },

    async logout(refreshToken: string | undefined): Promise<void> {
      if (!refreshToken) return;
      const row = await repo.findRefreshTokenByHash(db, digestToken(refreshToken));
      if (row) await repo.revokeFamily(db, row.family_id, nowIso());
    },

    async verifyPassword(userId: string, password: string): Promise<void> {
      const user = await repo.findUserById(db, userId);
      if (!user || !(await verifyPassword(password, user.password_hash))) {
        throw new AppError('INVALID_CREDENTIALS', 'La contraseña no es correcta.');
      }
    },

    async changePassword(userId: string, input: ChangePasswordRequest, currentRefreshToken: string | undefined): Promise<void> {
      const user = await repo.findUserById(db, userId);
      if (!user || !(await verifyPassword(input.currentPassword, user.password_hash))) {
        throw new AppError('INVALID_CREDENTIALS', 'La contraseña actual no es correcta.', [
          { path: 'currentPassword', message: 'La contraseña actual no es correcta.' },
        ]);
      }
      const now = nowIso();
      await repo.updateUser(db, userId, {
        password_hash: await hashPassword(input.newPassword),
        updated_at: now,
      });
      // Other devices are signed out; this one keeps its session.
      const current = currentRefreshToken ? await repo.findRefreshTokenByHash(db, digestToken(currentRefreshToken)) : undefined;
      await repo.revokeUserFamilies(db, userId, now, current?.user_id === userId ? current.family_id : undefined);
    },

    async updatePreferences(userId: string, input: UpdatePreferencesRequest): Promise<MeResponse> {
      const changes: Partial<UserRow> = { updated_at: nowIso() };
      if (input.locale) changes.locale = input.locale;
      if (input.theme) changes.theme = input.theme;
      if (input.primaryColor) changes.primary_color = input.primaryColor;
      if (input.starredPages) changes.starred_pages = JSON.stringify([...new Set(input.starredPages)]);
      await db.transaction().execute(async (trx) => {
        if (input.timeZone !== undefined) {
          // The zone belongs to the practice (slots, today's agenda and reminders are computed in it).
          const updated = await repo.updateNutritionistTimeZone(trx, userId, input.timeZone, changes.updated_at!);
          if (!updated) {
            const message = 'Solo una cuenta de nutricionista tiene zona horaria.';
            throw new AppError('VALIDATION_ERROR', message, [{ path: 'timeZone', message }]);
          }
        }
        await repo.updateUser(trx, userId, changes);
      });
      return me(userId);
    },

    /** The professional data printed on plans and reports; only fields present in the body change. */
    async updateProfile(userId: string, input: UpdateProfileRequest): Promise<MeResponse> {
      const changes: Parameters<typeof repo.updateNutritionistProfile>[2] = {};
      if (input.firstName !== undefined) changes.first_name = input.firstName;
      if (input.lastName !== undefined) changes.last_name = input.lastName;
      if (input.phone !== undefined) changes.phone = input.phone;
      if (input.licenceNumber !== undefined) changes.licence_number = input.licenceNumber;
      if (input.countryCode !== undefined) changes.country_code = input.countryCode;
      if (input.currency !== undefined) changes.currency = input.currency;
      const updated = await repo.updateNutritionistProfile(db, userId, changes, nowIso());
      if (!updated) throw new AppError('FORBIDDEN', 'Solo una cuenta de nutricionista tiene perfil profesional.');
      return me(userId);
    },

    /** Always answers the same way whether the email exists or not, so accounts cannot be discovered. */
    async requestPasswordReset(email: string, ip: string): Promise<void> {
      await deps.rateLimiter.hit([
        { key: `reset:ip:${ip}`, max: deps.loginRateLimitPerIp },
        { key: `reset:email:${email}`, max: Math.max(3, Math.ceil(deps.loginRateLimitPerEmail / 2)) },
      ]);
      const user = await repo.findUserByEmail(db, email);
      if (!user) return;
      const token = newOpaqueToken();
      const now = nowIso();
      const expiresAt = new Date(clock.now().getTime() + deps.passwordResetTtlSeconds * 1000);
      await repo.expireOpenResetTokens(db, user.id, now);
      await repo.insertResetToken(db, {
        id: newId(),
        user_id: user.id,
        token_hash: digestToken(token),
        expires_at: expiresAt.toISOString(),
        created_at: now,
      });
      const link = `${deps.links.currentForAnonymous()}/pages/reset-password?token=${encodeURIComponent(token)}`;
      await deps.mailer.send(passwordResetEmail(user.email, user.locale, link, deps.passwordResetTtlSeconds));
    },

    async resetPassword(token: string, password: string): Promise<void> {
      const invalid = () =>
        new AppError('INVALID_RESET_TOKEN', 'El enlace para restablecer la contraseña no es válido o ya venció. Pide uno nuevo.');
      const row = await repo.findResetTokenByHash(db, digestToken(token));
      const now = nowIso();
      if (!row || row.used_at || row.expires_at <= now) throw invalid();
      if (!(await repo.markResetTokenUsed(db, row.id, now))) throw invalid();
      await repo.updateUser(db, row.user_id, {
        password_hash: await hashPassword(password),
        updated_at: now,
      });
      await repo.revokeUserFamilies(db, row.user_id, now);
    },

    async promoteConfiguredAdmins(): Promise<number> {
      return repo.promoteToAdmin(db, deps.adminEmails, nowIso());
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
