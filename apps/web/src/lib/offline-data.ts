// The API answers the service worker keeps for offline reading (src/sw.ts) belong to one account:
// they are deleted whenever a session starts or ends (sign-in, sign-out, a session the server refused
// to renew), so a phone shared by two people never shows one of them the other's plan. The portal home's
// snapshot (PORTAL_SNAPSHOT_KEY, in localStorage) goes with them. The cache also
// names its account (OFFLINE_OWNER_KEY: the access token's subject); the worker stores an answer only
// for that account, and the page reads one only when it is the signed-in account's.
//
// A repeat visit paints from them (readKeptAnswer): the route guard decides on the kept user and the
// portal shows its kept home at once, while the session refresh and the network answers follow in the
// background and replace them (app/access.ts, features/portal/api/portal-api.ts). The boot script
// starts the reads before the app's code runs (public/theme-boot.js).
import { OFFLINE_API_CACHE, OFFLINE_OWNER_KEY, tokenSubject } from './offline-routes';
import { readSession } from './session';

const cacheStorage = (): CacheStorage | null => (typeof caches === 'undefined' ? null : caches);

/**
 * The portal home's kept first paint (features/portal/lib/home-snapshot.ts, shown by
 * public/portal-snapshot.js): the HTML of the patient's home as she last saw it. Kept data like the
 * API answers, cleared with them.
 */
export const PORTAL_SNAPSHOT_KEY = 'almendra.portal-snapshot';

/** Deletes the portal home's snapshot (synchronously: before any navigation that follows). */
export function clearPortalSnapshot(): void {
  try {
    window.localStorage.removeItem(PORTAL_SNAPSHOT_KEY);
  } catch {
    // Storage unavailable: nothing was kept either.
  }
}

export async function clearOfflineData(): Promise<void> {
  clearPortalSnapshot();
  try {
    await cacheStorage()?.delete(OFFLINE_API_CACHE);
  } catch {
    // Storage unavailable (private mode, blocked): nothing was kept either.
  }
}

/**
 * Marks the (just emptied) cache as `accessToken`'s account's: from now on the worker keeps that
 * account's answers, and only those.
 */
export async function claimOfflineData(accessToken: string): Promise<void> {
  const subject = tokenSubject(accessToken);
  const store = cacheStorage();
  if (!subject || !store) return;
  try {
    const cache = await store.open(OFFLINE_API_CACHE);
    await cache.put(OFFLINE_OWNER_KEY, new Response(subject, { headers: { 'Content-Type': 'text/plain' } }));
  } catch {
    // Storage unavailable or full: nothing is kept, the app works online.
  }
}

declare global {
  interface Window {
    /** The reads of kept answers public/theme-boot.js started (text bodies, null when none). */
    __almendraKept?: { token: string; owner: Promise<string | null>; answers: Record<string, Promise<string | null> | undefined> };
  }
}

/** The account the kept answers belong to, or null when none is named (or storage is unavailable). */
async function keptOwner(store: CacheStorage): Promise<string | null> {
  const owner = await store.match(OFFLINE_OWNER_KEY, { cacheName: OFFLINE_API_CACHE });
  return owner ? owner.text() : null;
}

/** What the boot script read for `path` with `token`'s session, taken once; null when it read nothing. */
function takeBootRead(path: string, token: string): { owner: Promise<string | null>; body: Promise<string | null> } | null {
  const boot = typeof window === 'undefined' ? undefined : window.__almendraKept;
  const body = boot?.token === token ? boot.answers[path] : undefined;
  if (!boot || !body) return null;
  delete boot.answers[path];
  return { owner: boot.owner, body };
}

/**
 * The last answer the service worker kept for GET `path` (under /api/v1, as the API client asks it),
 * when it is the signed-in account's; null otherwise (no session, nothing kept, storage unavailable).
 * Read by the boot script when it could (public/theme-boot.js), else here. A cache that names no account
 * (kept by a version before the owner entry existed) is emptied and claimed for the stored session: its
 * answers cannot be told apart from another account's.
 */
export async function readKeptAnswer<T>(path: string): Promise<T | null> {
  const store = cacheStorage();
  const session = readSession();
  const subject = tokenSubject(session?.accessToken);
  if (!store || !session || !subject) return null;
  try {
    const boot = takeBootRead(path, session.accessToken);
    const owner = boot ? await boot.owner : await keptOwner(store);
    if (owner === null) {
      await clearOfflineData();
      await claimOfflineData(session.accessToken);
      return null;
    }
    if (owner !== subject) return null;
    const body = boot ? await boot.body : await (await store.match(`/api/v1${path}`, { cacheName: OFFLINE_API_CACHE, ignoreVary: true }))?.text();
    return body ? (JSON.parse(body) as T) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps `data` as the last answer to GET `path` (under /api/v1) where the service worker looks for it
 * offline and the next visit paints from: only when a worker is there to read it, and only in a cache
 * kept for the signed-in account.
 */
export async function keepAnswer(path: string, data: unknown): Promise<void> {
  const store = cacheStorage();
  try {
    if (!store || typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
    const owner = await keptOwner(store);
    if (owner === null || owner !== tokenSubject(readSession()?.accessToken)) return;
    const cache = await store.open(OFFLINE_API_CACHE);
    await cache.put(`/api/v1${path}`, new Response(JSON.stringify(data), { headers: { 'Content-Type': 'application/json; charset=utf-8' } }));
  } catch {
    // Storage unavailable or full: the app still works online.
  }
}

/**
 * Keeps the signed-in user (what GET /me answers). A token refresh answers the user too, and then the
 * app never asks /me, so on a page load after the access token expired the worker would have nothing
 * to open the app with offline.
 */
export function keepOfflineUser(me: unknown): Promise<void> {
  return keepAnswer('/me', me);
}

/**
 * On a first visit the worker installs after the page asked for its data, so it kept none of it: when
 * it takes control, the page hands it what it has (`answers`: [path, data] pairs), and the second visit
 * already paints from them.
 */
export function keepAnswersOnceControlled(answers: () => ReadonlyArray<readonly [string, unknown]>): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker || navigator.serviceWorker.controller) return;
  navigator.serviceWorker.addEventListener(
    'controllerchange',
    () => {
      for (const [path, data] of answers()) if (data !== undefined) void keepAnswer(path, data);
    },
    { once: true },
  );
}
