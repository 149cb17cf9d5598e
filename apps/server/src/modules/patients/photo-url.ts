// Signed photo URLs. An <img> cannot send the bearer header, so a patient's photoUrl carries a token
// t = "<expiry>.<nutritionistId>.<HMAC-SHA256(key, patientId|nutritionistId|expiry)>". The key is derived
// from the server secret so a photo token can never be used as anything else. Expiry is rounded up to the
// next full hour plus one, so the URL (and the browser cache entry) stays the same for an hour and every
// issued URL works between 1 and 2 hours.
import { createHmac, timingSafeEqual } from 'node:crypto';

const HOUR_SECONDS = 3600;

export class PhotoUrlSigner {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    this.key = createHmac('sha256', serverSecret).update('almendra/patient-photo-url/v1').digest();
  }

  private signature(patientId: string, nutritionistId: string, expiresAt: number): Buffer {
    return createHmac('sha256', this.key).update(`${patientId}|${nutritionistId}|${expiresAt}`).digest();
  }

  token(patientId: string, nutritionistId: string, now: Date): string {
    const expiresAt = (Math.floor(now.getTime() / 1000 / HOUR_SECONDS) + 2) * HOUR_SECONDS;
    return `${expiresAt}.${nutritionistId}.${this.signature(patientId, nutritionistId, expiresAt).toString('base64url')}`;
  }

  url(patientId: string, nutritionistId: string, version: number, now: Date): string {
    return `/api/v1/patients/${encodeURIComponent(patientId)}/photo?v=${version}&t=${encodeURIComponent(this.token(patientId, nutritionistId, now))}`;
  }

  /** The tenant the token was issued for, or null when it is malformed, forged or expired. */
  verify(token: string, patientId: string, now: Date): string | null {
    const match = /^(\d{1,12})\.([A-Za-z0-9-]{1,64})\.([A-Za-z0-9_-]{43})$/.exec(token);
    if (!match) return null;
    const expiresAt = Number(match[1]);
    const nutritionistId = match[2]!;
    if (expiresAt * 1000 <= now.getTime()) return null;
    const expected = this.signature(patientId, nutritionistId, expiresAt);
    const given = Buffer.from(match[3]!, 'base64url');
    return given.length === expected.length && timingSafeEqual(given, expected) ? nutritionistId : null;
  }
}
