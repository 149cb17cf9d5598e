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

export class AccessTokenIssuer {
  private readonly key: Uint8Array;
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
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: 'almendra',
        algorithms: ['HS256'],
        currentDate: this.clock.now(),
      });
      if (typeof payload.sub !== 'string') throw new AppError('UNAUTHENTICATED', 'La sesión no es válida.');
      return {
        userId: payload.sub,
        role: payload.role as Role,
        nutritionistId: typeof payload.nid === 'string' ? payload.nid : null,
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (error instanceof joseErrors.JWTExpired) {
        throw new AppError('TOKEN_EXPIRED', 'Tu sesión expiró. Vuelve a iniciar sesión.');
      }
      throw new AppError('UNAUTHENTICATED', 'La sesión no es válida. Vuelve a iniciar sesión.');
    }
  }
}
