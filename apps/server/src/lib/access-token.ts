// Short-lived access JWTs (HS256) carrying the user id, role and nutritionist id (the tenant scope).
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { Role } from '@almendra/contracts';
import type { Clock } from './clock.js';
import { AppError } from './errors.js';

export interface AccessClaims {
  userId: string;
  role: Role;
  nutritionistId: string | null;
}

/** Tokens remembered as verified (each client sends the same one for its whole lifetime). */
const VERIFIED_CACHE_SIZE = 10_000;

export class AccessTokenIssuer {
  private readonly key: Uint8Array;
  /**
   * Token string → its claims and expiry, for tokens whose signature was already checked. jose verifies
   * HS256 through WebCrypto (async, with per-call algorithm normalisation): ~4 % of the server's CPU under
   * load (issue 15's profile) spent re-checking the same few thousand tokens. The key is the whole token,
   * signature included, so only a byte-identical token hits; expiry is still checked on every use.
   */
  private readonly verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(claims: AccessClaims): Promise<{ token: string; expiresAt: Date }> {
    const issuedAt = Math.floor(this.clock.now().getTime() / 1000);
    const expiresAtSeconds = issuedAt + this.ttlSeconds;
    const token = await new SignJWT({ role: claims.role, nid: claims.nutritionistId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.userId)
      .setIssuedAt(issuedAt)
      .setExpirationTime(expiresAtSeconds)
      .setIssuer('almendra')
      .sign(this.key);
    return { token, expiresAt: new Date(expiresAtSeconds * 1000) };
  }

  async verify(token: string): Promise<AccessClaims> {
    const cached = this.verified.get(token);
    if (cached) {
      if (this.clock.now().getTime() < cached.expiresAtMs) return cached.claims;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: 'almendra',
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      if (typeof payload.sub !== 'string') throw new AppError('UNAUTHENTICATED', 'La sesión no es válida.');
      const claims: AccessClaims = Object.freeze({
        userId: payload.sub,
        role: payload.role as Role,
        nutritionistId: typeof payload.nid === 'string' ? payload.nid : null,
      });
      if (typeof payload.exp === 'number') {
        this.verified.set(token, { claims, expiresAtMs: payload.exp * 1000 });
        if (this.verified.size > VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      }
      return claims;
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWTExpired) {
        throw new AppError('TOKEN_EXPIRED', 'Tu sesión expiró. Vuelve a iniciar sesión.');
      }
      throw new AppError('UNAUTHENTICATED', 'La sesión no es válida. Vuelve a iniciar sesión.');
    }
  }
}
