// The answer to the GET /api/v1/me that public/theme-boot.js starts before the app's code has
// downloaded. Taken at most once, and only for the token it was asked with: after a sign-in, sign-out or
// refresh in between it is dropped and the app asks again.
import type { MeResponse } from '@almendra/contracts';

interface EarlyMe {
  token: string;
  answer: Promise<MeResponse | null>;
}

declare global {
  interface Window {
    __almendraEarlyMe?: EarlyMe;
  }
}

/** The early answer for `token`, or null (none started, another token, already taken, or it failed). */
export async function takeEarlyMe(token: string | null): Promise<MeResponse | null> {
  const early = window.__almendraEarlyMe;
  if (!early) return null;
  delete window.__almendraEarlyMe;
  if (!token || early.token !== token) return null;
  return early.answer;
}
