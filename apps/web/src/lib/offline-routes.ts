// What the service worker (src/sw.ts) keeps for offline use and what it leaves to the network; shared
// with the page, which deletes the kept API answers when a session starts or ends (offline-data.ts).

/** The cache holding API answers (one account's data): deleted at every sign-in and sign-out. */
export const OFFLINE_API_CACHE = 'almendra-api';

export const OFFLINE_USER_PATH = '/api/v1/me';
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

export function isShellNavigation(pathname: string): boolean {
  return !NOT_SHELL_NAVIGATIONS.some((path) => path.test(pathname));
}
