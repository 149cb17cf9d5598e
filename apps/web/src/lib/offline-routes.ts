// What the service worker (src/sw.ts) keeps for offline use and what it leaves to the network; shared
// with the page, which deletes the kept API answers when a session starts or ends (offline-data.ts).

/** The cache holding API answers (one account's data): deleted at every sign-in and sign-out. */
export const OFFLINE_API_CACHE = 'almendra-api';

export const PLAN_PATH = '/api/v1/portal/plan';
export const PLAN_PDF_PATH = '/api/v1/portal/plan/pdf';

/**
 * API reads kept (network first) so the portal opens offline with the latest published plan: who is
 * signed in (/me, which the route guard reads), the portal's home, the plan, its PDF and the list of
 * plans with each one's page and PDF.
 */
const OFFLINE_API_PATHS: readonly RegExp[] = [
  /^\/api\/v1\/me$/,
  /^\/api\/v1\/portal\/me$/,
  /^\/api\/v1\/portal\/plan(\/pdf)?$/,
  /^\/api\/v1\/portal\/plans$/,
  /^\/api\/v1\/portal\/plans\/[^/]+(\/pdf)?$/,
];

export function isOfflineApiPath(pathname: string): boolean {
  return OFFLINE_API_PATHS.some((path) => path.test(pathname));
}

/**
 * Navigations the app's shell must not answer: the API, the server's own pages (public profiles /p/,
 * appointment confirmation links /turno/) and files (robots.txt, sitemap.xml, a PDF, the manifests).
 */
export const NOT_SHELL_NAVIGATIONS: RegExp[] = [/^\/(api|p|turno)(\/|$)/, /\.[a-z0-9]{1,12}$/i];

/**
 * The patient portal's screens: answered with its own page, portal.html (src/portal-main.tsx). Workbox
 * matches a navigation's path and query together (/portal?tab=chat, a notification's address).
 */
export const PORTAL_NAVIGATION = /^\/portal([/?]|$)/;

export function isShellNavigation(pathname: string): boolean {
  return !NOT_SHELL_NAVIGATIONS.some((path) => path.test(pathname));
}

/**
 * Where the kept answers record whose they are (the subject of the access token of the session that
 * started keeping them). Not an API path: a key of the cache only, never fetched.
 */
export const OFFLINE_OWNER_KEY = '/__almendra/offline-owner';

/**
 * The account an access token belongs to: its JWT subject, read without checking the signature (the
 * server checks it on every request; here it only says whose answers these are). Null for anything else.
 */
export function tokenSubject(token: string | null | undefined): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '='));
    const sub = (JSON.parse(json) as { sub?: unknown } | null)?.sub;
    return typeof sub === 'string' && sub !== '' ? sub : null;
  } catch {
    return null;
  }
}

/** The subject of a request's `Authorization: Bearer …` token. */
export function bearerSubject(authorization: string | null): string | null {
  const match = /^Bearer\s+(\S+)$/i.exec(authorization ?? '');
  return match ? tokenSubject(match[1]) : null;
}

/**
 * Whether the worker may keep an answer asked with `authorization`, given the account the cache names
 * (`owner`, null when it names none: signed out, or not yet claimed): only that account's own answers.
 */
export function keepsAnswerFor(authorization: string | null, owner: string | null): boolean {
  const subject = bearerSubject(authorization);
  return subject !== null && owner !== null && subject === owner;
}
