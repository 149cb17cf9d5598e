// Registers the service worker (src/sw.ts) in production builds, after the page has loaded (its
// precaching never competes with the first visit's own downloads), and tells the app when a newer
// deployment's worker is installed and waiting: the existing "hay una versión nueva" notice
// (app/version-check.tsx) offers the reload, which hands over to that worker first.
// Never under vitest/jsdom or `vite dev` (import.meta.env.PROD is false there).

type Listener = () => void;

let updateWaiting = false;
let registration: ServiceWorkerRegistration | undefined;
const listeners = new Set<Listener>();

function setUpdateWaiting(value: boolean): void {
  if (updateWaiting === value) return;
  updateWaiting = value;
  for (const listener of listeners) listener();
}

export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

export function subscribeToUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The registration, by the browser's own API: what the app needs of it is a few lines (a newer worker
 * installed while this page is controlled; the hand-over in reloadToNewVersion), where vite-plugin-pwa's
 * registerSW and workbox-window were two more scripts on every first visit (~3.2 KB on the wire).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  const start = () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(watchForUpdate)
      .catch(() => undefined);
  };
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}

/**
 * A worker installed and waiting while this page is controlled is a newer deployment's (this tab's
 * check, another tab's or the browser's): the notice. The first install is not (nothing controls the
 * page yet; the worker claims it). When another tab hands over to the newer worker, this one reloads
 * too, so it never runs the old code under the new worker (as workbox-window's prompt did).
 */
function watchForUpdate(found: ServiceWorkerRegistration): void {
  registration = found;
  const check = () => {
    if (!found.waiting || !navigator.serviceWorker.controller || updateWaiting) return;
    setUpdateWaiting(true);
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
  };
  check();
  found.addEventListener('updatefound', () => {
    const worker = found.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed') check();
    });
  });
}

/** The version check saw a new deployment: look for its worker now rather than at the next navigation. */
export async function checkForUpdate(): Promise<void> {
  await registration?.update().catch(() => undefined);
}

function installed(worker: ServiceWorker, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      worker.removeEventListener('statechange', onChange);
      clearTimeout(timer);
      resolve();
    };
    const onChange = () => {
      if (worker.state !== 'installing') done();
    };
    const timer = setTimeout(done, timeoutMs);
    worker.addEventListener('statechange', onChange);
  });
}

/**
 * "Recargar": the newest deployment's worker takes over (it is asked to skip waiting and the page reloads
 * once it controls it), so the reload runs the new code and not the old cached shell. Without a worker
 * (not supported, development) a plain reload.
 */
export async function reloadToNewVersion(): Promise<void> {
  if (registration) {
    await registration.update().catch(() => undefined);
    if (registration.installing) await installed(registration.installing, 15_000);
    const waiting = registration.waiting;
    if (waiting) {
      const reload = () => window.location.reload();
      navigator.serviceWorker.addEventListener('controllerchange', reload, { once: true });
      waiting.postMessage({ type: 'SKIP_WAITING' });
      // Should the worker never take over (another tab holds it), reload anyway.
      setTimeout(reload, 3000);
      return;
    }
  }
  window.location.reload();
}
