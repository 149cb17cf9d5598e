// What the portal's home waits for before it shows (issue 27): the access check of route-table.ts
// (signed in, not locked or suspended, a patient), the home tab's texts and the home's first data. The
// entry starts it as soon as its code has run (portal-main.tsx), before React renders anything, so the
// locale chunk, the kept user and the kept home are read while React sets up; a repeat visit (kept
// answers, code from the service worker) then renders the home in its first commit (docs/web.md "The
// portal's entry").
import { portalMeQuery } from '../features/portal/api/portal-api';
import { loadLazyNamespaces } from '../lib/i18n';
import { queryClient } from '../lib/query-client';
import { currentViewer } from './access';
import { decideAccess, PATIENT_ROLES, type AccessRule } from './guard';
import { loadWithTimeout } from './lazy-page';

/** route-table.ts: /portal is for patients. */
const PORTAL_ACCESS: AccessRule = { auth: true, roles: PATIENT_ROLES };
/** What the home tab reads; the plan tab's namespace ('plans') loads with its code. */
const PORTAL_HOME_NAMESPACES = ['portal', 'payments'] as const;
/** How long the portal waits for its home's data before it shows the screen without it (screen-prefetch.ts). */
const HOME_DATA_WAIT_MS = 1000;

/** The check's outcome: show the home, or leave for another page (a page load: /login?to=/portal…). */
export type PortalCheck = { kind: 'allowed' } | { kind: 'redirect'; to: string };

/**
 * The access check while the home tab's texts download, then the home's first data (at most a second's
 * wait), as the professional app's route loaders do. Rejects when the texts failed or the user could
 * not be read (the error screen).
 */
export async function checkPortalAccess(): Promise<PortalCheck> {
  const texts = loadWithTimeout('locales', () => loadLazyNamespaces(PORTAL_HOME_NAMESPACES));
  texts.catch(() => undefined);
  const decision = decideAccess(window.location, PORTAL_ACCESS, await currentViewer());
  if (decision.kind === 'redirect') return decision;
  // The home's data: on a repeat visit the one the service worker kept, at once (portal-api.ts).
  const home = queryClient.prefetchQuery(portalMeQuery());
  await Promise.all([texts, Promise.race([home, new Promise((resolve) => setTimeout(resolve, HOME_DATA_WAIT_MS))])]);
  return { kind: 'allowed' };
}

let early: { promise: Promise<PortalCheck>; settled: PortalCheck | null } | null = null;

/** Starts the home's check now (the entry, before the first render); the gate takes it once. */
export function startPortalCheck(): Promise<PortalCheck> {
  const promise = checkPortalAccess();
  const started = { promise, settled: null as PortalCheck | null };
  promise.then(
    (check) => void (started.settled = check),
    () => undefined,
  );
  early = started;
  return promise;
}

/** The check the entry started, once: its outcome if it has already settled (the first render shows the home). */
export function takeEarlyCheck(): { promise: Promise<PortalCheck>; settled: PortalCheck | null } | null {
  return early;
}

/** The gate has used the early check: later checks (a session change) run anew. */
export function forgetEarlyCheck(): void {
  early = null;
}
