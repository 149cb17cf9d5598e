// The boot script's early GET /api/v1/me and the app's single use of its answer.
import themeBoot from '../../public/theme-boot.js?raw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takeEarlyMe } from './early-me';
import { SESSION_STORAGE_KEY } from './session';

const ME = { user: { id: 'u1', email: 'ana@almendra.test' }, nutritionist: null };

function runBootScript() {
  new Function(themeBoot)();
}

function storeSession(token: string, expiresInMs: number) {
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: token, expiresAt: new Date(Date.now() + expiresInMs).toISOString(), loggedIn: 'true' }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
  delete window.__almendraEarlyMe;
});

describe('early user request', () => {
  it('asks for the user with the stored token, and the app takes the answer once, for that token only', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(ME), { status: 200 }));
    vi.stubGlobal('fetch', fetch);
    storeSession('token-a', 15 * 60_000);
    runBootScript();
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/me');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-a');
    expect(await takeEarlyMe('token-a')).toEqual(ME);
    expect(await takeEarlyMe('token-a')).toBeNull();

    runBootScript();
    expect(await takeEarlyMe('token-b')).toBeNull();
  });

  it('starts nothing without a session, with an expired or expiring token, or after sign-out', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    runBootScript();
    storeSession('old', -1000);
    runBootScript();
    storeSession('expiring', 5000);
    runBootScript();
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: 't', expiresAt: new Date(Date.now() + 60_000).toISOString(), loggedIn: 'false' }));
    runBootScript();
    window.localStorage.setItem(SESSION_STORAGE_KEY, '{broken');
    runBootScript();
    expect(fetch).not.toHaveBeenCalled();
    expect(window.__almendraEarlyMe).toBeUndefined();
  });

  it('leaves the request to the app when the early one failed or was refused', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 401 })));
    storeSession('token-a', 15 * 60_000);
    runBootScript();
    expect(await takeEarlyMe('token-a')).toBeNull();

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    runBootScript();
    expect(await takeEarlyMe('token-a')).toBeNull();
  });
});
