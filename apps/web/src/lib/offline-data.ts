// The API answers the service worker keeps for offline reading (src/sw.ts) belong to one account:
// they are deleted whenever a session starts or ends (sign-in, sign-out, a session the server refused
// to renew), so a phone shared by two people never shows one of them the other's plan.
import { OFFLINE_API_CACHE, OFFLINE_USER_PATH } from './offline-routes';

export async function clearOfflineData(): Promise<void> {
  try {
    if (typeof caches !== 'undefined') await caches.delete(OFFLINE_API_CACHE);
  } catch {
    // Storage unavailable (private mode, blocked): nothing was kept either.
  }
}

/**
 * Keeps the signed-in user (what GET /me answers) where the service worker looks for it offline. A token
 * refresh answers the user too, and then the app never asks /me, so on a page load after the access
 * token expired the worker would have nothing to open the app with offline. Only when a worker is
 * there to read it.
 */
export async function keepOfflineUser(me: unknown): Promise<void> {
  try {
    if (typeof caches === 'undefined' || typeof navigator === 'undefined' || !navigator.serviceWorker?.controller) return;
    const cache = await caches.open(OFFLINE_API_CACHE);
    await cache.put(OFFLINE_USER_PATH, new Response(JSON.stringify(me), { headers: { 'Content-Type': 'application/json; charset=utf-8' } }));
  } catch {
    // Storage unavailable or full: the app still works online.
  }
}
