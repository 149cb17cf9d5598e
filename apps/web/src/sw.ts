// The service worker (issue 27), built by vite-plugin-pwa (injectManifest: Workbox fills
// self.__WB_MANIFEST with the build's files and their revisions). What it does:
// - precaches the app shell (index.html, every built chunk and style sheet, the boot files, icons and
//   manifests) and answers every navigation to a screen with the cached index.html (portal.html for the
//   patient portal's /portal and /portal/…), online or not: a
//   repeat visit paints without the network, and the app opens offline. Server pages (/p/ profiles,
//   /turno/ links), the API and files (robots.txt, sitemap.xml…) are never answered with the shell.
// - keeps the last answer of the API reads the patient portal needs to open offline (who is signed in,
//   the portal's home, the published plan and its PDF) in the "almendra-api" cache, network first.
//   The page deletes that cache whenever a session starts or ends (src/lib/offline-data.ts), so nothing
//   of one account is served to the next; and an answer is stored only when the token it was asked with
//   belongs to the account the cache is kept for (its owner entry, written by the page), so an answer of
//   the previous account still on its way at a sign-out or sign-in is never stored. The page paints the
//   portal from these kept answers on a repeat visit and revalidates them (src/lib/offline-data.ts).
// - a new build installs in the background and waits; it takes over on the next visit (all windows
//   closed), or at once when the person clicks "Recargar" on the "hay una versión nueva" notice (the page
//   posts SKIP_WAITING; src/lib/service-worker.ts).
// - shows Web Push notifications ({title, tag, url}: no health data crosses the push service) and opens
//   or focuses the app at their url when clicked.
/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import type { WorkboxPlugin } from 'workbox-core/types';
import { NOT_SHELL_NAVIGATIONS, OFFLINE_API_CACHE, OFFLINE_OWNER_KEY, PLAN_PDF_PATH, PLAN_PATH, PORTAL_NAVIGATION, isOfflineApiPath, keepsAnswerFor } from './lib/offline-routes';
import { clickAction, notificationUrl, readPushPayload } from './lib/push-notification';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
// The first install controls the open page at once (its next navigation already works offline); an
// update waits for SKIP_WAITING or for every window to close.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

/**
 * Whether an answer asked with `request`'s token may be kept: only when the page has said whose the kept
 * answers are (OFFLINE_OWNER_KEY, written at sign-in or on the first load of a session) and it is the
 * same account. After a sign-out the cache is gone (no owner): nothing is stored; after another
 * account's sign-in the owner is that account: the previous one's late answers are not stored.
 */
async function keptForOwner(request: Request): Promise<boolean> {
  if (!(await caches.has(OFFLINE_API_CACHE))) return false;
  const owner = await caches.match(new URL(OFFLINE_OWNER_KEY, self.location.origin).href, { cacheName: OFFLINE_API_CACHE });
  return keepsAnswerFor(request.headers.get('Authorization'), owner ? await owner.text() : null);
}

const onlyTheOwnersAnswers: WorkboxPlugin = {
  cacheWillUpdate: async ({ request, response }) => ((await keptForOwner(request)) ? response : null),
};

/**
 * The published plan changed (or its PDF was never kept): fetch the PDF now, with the same credentials,
 * so it can be opened offline later even if the patient never opened it online.
 */
const keepPlanPdf: WorkboxPlugin = {
  async cacheDidUpdate({ request, oldResponse, newResponse }) {
    if (new URL(request.url).pathname !== PLAN_PATH) return;
    const pdfUrl = new URL(PLAN_PDF_PATH, self.location.origin).href;
    const cache = await caches.open(OFFLINE_API_CACHE);
    const unchanged = oldResponse && (await oldResponse.clone().text()) === (await newResponse.clone().text());
    if (unchanged && (await cache.match(pdfUrl, { ignoreVary: true }))) return;
    try {
      const pdfRequest = new Request(pdfUrl, { headers: { Authorization: request.headers.get('Authorization') ?? '' }, credentials: 'same-origin' });
      const pdf = await fetch(pdfRequest);
      if (pdf.ok && (await keptForOwner(pdfRequest))) await cache.put(pdfUrl, pdf);
    } catch {
      // Offline again or the server refused: the PDF is kept the next time the plan is read.
    }
  },
};

registerRoute(
  ({ url, request, sameOrigin }) => sameOrigin && request.method === 'GET' && isOfflineApiPath(url.pathname),
  new NetworkFirst({
    cacheName: OFFLINE_API_CACHE,
    // A phone with a signal too weak to answer reads the kept copy instead of waiting for ever.
    networkTimeoutSeconds: 6,
    matchOptions: { ignoreVary: true },
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), onlyTheOwnersAnswers, keepPlanPdf],
  }),
);

// The patient portal is a page of its own (portal.html, like the server answers /portal and /portal/…).
registerRoute(new NavigationRoute(createHandlerBoundToURL('/portal.html'), { allowlist: [PORTAL_NAVIGATION], denylist: NOT_SHELL_NAVIGATIONS }));

// Every other navigation to a screen answers the precached shell (online too: the repeat visit paints
// from here). The server's own pages and files are left to the network.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: NOT_SHELL_NAVIGATIONS,
  }),
);

function readPush(event: PushEvent) {
  try {
    return readPushPayload(event.data?.json());
  } catch {
    // Not JSON: shown with the generic title.
    return readPushPayload(null);
  }
}

self.addEventListener('push', (event) => {
  const payload = readPush(event);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      ...(payload.tag ? { tag: payload.tag } : {}),
      icon: '/icons/icon-192.png',
      badge: '/icons/maskable-192.png',
      lang: 'es',
      data: { url: notificationUrl(payload.url, self.location.origin) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = notificationUrl((event.notification.data as { url?: string } | null)?.url, self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const action = clickAction(
        windows.map((client) => ({ url: client.url, navigable: 'navigate' in client })),
        url,
        self.location.origin,
      );
      if (action.kind === 'focus') return void (await windows[action.window]!.focus());
      // An open window of the app goes to the notification's screen instead of opening a second one.
      if (action.kind === 'navigate') {
        const moved = await windows[action.window]!.navigate(url).catch(() => null);
        if (moved) return void (await moved.focus());
      }
      await self.clients.openWindow(url);
    })(),
  );
});
