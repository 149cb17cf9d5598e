// The kept API answers belong to one account: the page reads them only for the signed-in account, a
// cache that names no account is emptied, and a sign-in claims the cache for the new account. The
// browser's Cache Storage is stood in by a small in-memory one (jsdom has none).
import themeBoot from '../../public/theme-boot.js?raw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { claimOfflineData, clearOfflineData, readKeptAnswer } from './offline-data';
import { OFFLINE_API_CACHE, OFFLINE_OWNER_KEY } from './offline-routes';
import { SESSION_STORAGE_KEY } from './session';

class MemoryCache {
  readonly entries = new Map<string, string>();
  async put(key: string, response: Response) {
    this.entries.set(key, await response.text());
  }
  async match(key: string) {
    const body = this.entries.get(key);
    return body === undefined ? undefined : new Response(body);
  }
}

class MemoryCacheStorage {
  readonly caches = new Map<string, MemoryCache>();
  async has(name: string) {
    return this.caches.has(name);
  }
  async open(name: string) {
    if (!this.caches.has(name)) this.caches.set(name, new MemoryCache());
    return this.caches.get(name)!;
  }
  async delete(name: string) {
    return this.caches.delete(name);
  }
  async match(key: string, options: { cacheName: string }) {
    return this.caches.get(options.cacheName)?.match(key);
  }
}

const jwt = (sub: string) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub, role: 'patient' })).replace(/=+$/, '')}.firma`;
const HOME = { patient: { firstName: 'Camila' } };
let storage: MemoryCacheStorage;

function signedInAs(sub: string) {
  localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: jwt(sub), expiresAt: new Date(Date.now() + 60_000).toISOString(), loggedIn: 'true' }));
}

async function keep(path: string, body: unknown) {
  await (await storage.open(OFFLINE_API_CACHE)).put(`/api/v1${path}`, new Response(JSON.stringify(body)));
}

beforeEach(() => {
  storage = new MemoryCacheStorage();
  vi.stubGlobal('caches', storage);
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  delete window.__almendraKept;
  delete window.__almendraEarly;
  Reflect.deleteProperty(navigator, 'serviceWorker');
  window.history.replaceState(null, '', '/');
});

describe('kept answers', () => {
  it('are read for the account they were kept for, and for no other', async () => {
    signedInAs('camila');
    await claimOfflineData(jwt('camila'));
    await keep('/portal/me', HOME);
    expect(await readKeptAnswer('/portal/me')).toEqual(HOME);
    expect(await readKeptAnswer('/portal/plan')).toBeNull();

    signedInAs('nora');
    expect(await readKeptAnswer('/portal/me')).toBeNull();
    localStorage.clear();
    expect(await readKeptAnswer('/portal/me')).toBeNull();
  });

  it('are gone after a sign-out, and a sign-in claims the empty cache for the new account', async () => {
    signedInAs('camila');
    await claimOfflineData(jwt('camila'));
    await keep('/portal/me', HOME);
    await clearOfflineData();
    expect(await storage.has(OFFLINE_API_CACHE)).toBe(false);

    signedInAs('nora');
    await claimOfflineData(jwt('nora'));
    expect(await (await storage.open(OFFLINE_API_CACHE)).match(OFFLINE_OWNER_KEY).then((r) => r?.text())).toBe('nora');
    expect(await readKeptAnswer('/portal/me')).toBeNull();
  });

  it('that name no account (kept before the owner entry existed) are emptied, not read', async () => {
    signedInAs('camila');
    await keep('/portal/me', HOME);
    expect(await readKeptAnswer('/portal/me')).toBeNull();
    const cache = await storage.open(OFFLINE_API_CACHE);
    expect([...cache.entries.keys()]).toEqual([OFFLINE_OWNER_KEY]);
    await keep('/portal/me', HOME);
    expect(await readKeptAnswer('/portal/me')).toEqual(HOME);
  });

  it('are taken from the reads the boot script started (with a worker in control), once, for the same session', async () => {
    signedInAs('camila');
    await claimOfflineData(jwt('camila'));
    await keep('/portal/me', HOME);
    vi.stubGlobal('fetch', vi.fn(async () => new Response('null', { status: 401 })));
    Object.defineProperty(navigator, 'serviceWorker', { value: { controller: {} }, configurable: true });
    window.history.replaceState(null, '', '/portal');
    new Function(themeBoot)();
    expect(window.__almendraKept?.token).toBe(jwt('camila'));
    // Changed after the boot script read it: the first read is the boot script's, the next one the app's own.
    await keep('/portal/me', { patient: { firstName: 'Camila Andrea' } });
    expect(await readKeptAnswer('/portal/me')).toEqual(HOME);
    expect(await readKeptAnswer('/portal/me')).toEqual({ patient: { firstName: 'Camila Andrea' } });

    // Another session than the one the boot script read for: its reads are not used.
    new Function(themeBoot)();
    signedInAs('nora');
    expect(await readKeptAnswer('/portal/me')).toBeNull();
  });
});
