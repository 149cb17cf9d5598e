// Signed photo URLs. An <img> cannot send the bearer header, so a patient's photoUrl carries a token
// t = "<expiry>.<nutritionistId>.<HMAC-SHA256(key, patientId|nutritionistId|expiry)>" (lib/signed-token.ts;
// the key is derived for this purpose only, so a photo token can never be used as anything else). Expiry
// is rounded up to the next full hour plus one, so the URL (and the browser cache entry) stays the same
// for an hour and every issued URL works between 1 and 2 hours.
import { SignedTokens } from '../../lib/signed-token.js';

const HOUR_SECONDS = 3600;

export class PhotoUrlSigner {
  private readonly tokens: SignedTokens;

  constructor(serverSecret: string) {
    this.tokens = new SignedTokens(serverSecret, 'patient-photo-url/v1');
  }

  token(patientId: string, nutritionistId: string, now: Date): string {
    const expiresAt = (Math.floor(now.getTime() / 1000 / HOUR_SECONDS) + 2) * HOUR_SECONDS;
    return this.tokens.issue(patientId, nutritionistId, expiresAt);
  }

  url(patientId: string, nutritionistId: string, version: number, now: Date): string {
    return `/api/v1/patients/${encodeURIComponent(patientId)}/photo?v=${version}&t=${encodeURIComponent(this.token(patientId, nutritionistId, now))}`;
  }

  /** The tenant the token was issued for, or null when it is malformed, forged or expired. */
  verify(token: string, patientId: string, now: Date): string | null {
    return this.tokens.verify(token, patientId, now);
  }
}
