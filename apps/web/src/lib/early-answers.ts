// The answers to the GET requests public/theme-boot.js starts before the app's code has downloaded:
// /api/v1/me and the first data of the screen being opened. The API client takes each one at most
// once, only for the token it was asked with (after a sign-in, sign-out or refresh in between they are
// all dropped) and only during the first EARLY_ANSWER_TTL_MS of the page: a later request is the app's
// own, never an old answer from the page load.
interface EarlyAnswers {
  token: string;
  answers: Record<string, Promise<unknown> | undefined>;
}

declare global {
  interface Window {
    __almendraEarly?: EarlyAnswers;
  }
}

export const EARLY_ANSWER_TTL_MS = 30_000;

/**
 * The early answer to GET `path` (under /api/v1) for `token`: a promise of the parsed body, or of null
 * when that request failed or was refused (the caller then asks itself). Null when there is none.
 */
export function takeEarlyAnswer(path: string, token: string | null, now = performance.now()): Promise<unknown> | null {
  const early = window.__almendraEarly;
  if (!early) return null;
  if (!token || early.token !== token || now > EARLY_ANSWER_TTL_MS) {
    delete window.__almendraEarly;
    return null;
  }
  const answer = early.answers[path];
  if (!answer) return null;
  delete early.answers[path];
  return answer;
}
