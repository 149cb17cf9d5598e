// Stateless, expiring capability tokens for links that work without a session (a patient's photo in an
// <img>, a plan PDF opened from WhatsApp): `${expiresAt}.${nutritionistId}.${HMAC}`, the HMAC over the
// resource id, the tenant and the expiry, with a key derived per purpose from the server's secret, so a
// token for one purpose or resource never opens another. Nothing is stored; the expiry is the revocation.
import { createHmac, timingSafeEqual } from 'node:crypto';

export class SignedTokens {
  private readonly key: Buffer;

  /** `purpose` names what the tokens open ('patient-photo-url/v1'); changing it voids every token issued. */
  constructor(serverSecret: string, purpose: string) {
    this.key = createHmac('sha256', serverSecret).update(`almendra/${purpose}`).digest();
  }

  private signature(resourceId: string, nutritionistId: string, expiresAt: number): Buffer {
    return createHmac('sha256', this.key).update(`${resourceId}|${nutritionistId}|${expiresAt}`).digest();
  }

  /** `expiresAt` in whole seconds since the epoch. */
  issue(resourceId: string, nutritionistId: string, expiresAt: number): string {
    return `${expiresAt}.${nutritionistId}.${this.signature(resourceId, nutritionistId, expiresAt).toString('base64url')}`;
  }

  /** The tenant the token was issued for, or null when it is malformed, forged, for another resource or expired. */
  verify(token: string, resourceId: string, now: Date): string | null {
    const match = /^(\d{1,12})\.([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const expiresAt = Number(match[1]);
    const nutritionistId = match[2]!;
    if (expiresAt * 1000 <= now.getTime()) return null;
    const expected = this.signature(resourceId, nutritionistId, expiresAt);
    const given = Buffer.from(match[3]!, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected) ? nutritionistId : null;
  }
}
