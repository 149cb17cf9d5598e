// The boot script's early GET requests (/me and the landing screen's first data) and the API client's
// single use of each answer.
import themeBoot from '../../public/theme-boot.js?raw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchScreen } from '../app/screen-prefetch';
import type { PageKey } from '../app/route-table';
import { api } from './api-client';
import { EARLY_ANSWER_TTL_MS, takeEarlyAnswer } from './early-answers';
import { queryClient } from './query-client';
import { SESSION_STORAGE_KEY } from './session';

const ME = { user: { id: 'u1', email: 'ana@almendra.test' }, nutritionist: null };
const PATIENT = { id: 'p 1', firstName: 'Nora' };

function runBootScript(address = '/inicio') {
  window.history.replaceState(null, '', address);
  new Function(themeBoot)();
}

function storeSession(token: string, expiresInMs: number) {
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: token, expiresAt: new Date(Date.now() + expiresInMs).toISOString(), loggedIn: 'true' }));
}

/** A fetch stub answering every path with `body`, recording the paths (with their query) it was asked. */
function stubFetch(body: (path: string) => unknown, status = 200) {
  const paths: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    paths.push(url.pathname + url.search);
    return new Response(JSON.stringify(body(url.pathname)), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, paths };
}

// The client takes early answers only in the page's first EARLY_ANSWER_TTL_MS (performance.now()). The
// jsdom these tests run in is shared with the files before them (isolate: false) and may be older than
// that: each test's page is one opened just now.
beforeEach(() => {
  const opened = performance.now();
  const clock = performance.now.bind(performance);
  vi.spyOn(performance, 'now').mockImplementation(() => clock() - opened);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  queryClient.clear();
  delete window.__almendraEarly;
  window.history.replaceState(null, '', '/');
});

describe('early requests', () => {
  it("asks for the user and the record's patient with the stored token; the client takes each answer once", async () => {
    const network = stubFetch((path) => (path === '/api/v1/me' ? ME : PATIENT));
    storeSession('token-a', 15 * 60_000);
    runBootScript('/ficha?id=p%201');
    expect(network.paths).toEqual(['/api/v1/me', '/api/v1/patients/p%201']);
    const [, init] = network.fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer token-a');

    expect(await api.get('/me')).toEqual(ME);
    expect(await api.get(`/patients/${encodeURIComponent('p 1')}`)).toEqual(PATIENT);
    expect(network.paths).toHaveLength(2); // both answered by the early requests
    await api.get('/me');
    expect(network.paths).toHaveLength(3); // the second time is the app's own request
  });

  it('drops every answer for another token, and hands none over after the first seconds of the page', () => {
    stubFetch(() => ME);
    storeSession('token-a', 15 * 60_000);
    runBootScript('/pacientes');
    expect(takeEarlyAnswer('/locations', 'token-b')).toBeNull();
    expect(takeEarlyAnswer('/me', 'token-a')).toBeNull(); // dropped with the other token

    runBootScript('/pacientes');
    expect(takeEarlyAnswer('/me', 'token-a', EARLY_ANSWER_TTL_MS + 1)).toBeNull();
    expect(window.__almendraEarly).toBeUndefined();
  });

  it('starts nothing without a session, with an expired or expiring token, or after sign-out', () => {
    const network = stubFetch(() => ME);
    runBootScript();
    storeSession('old', -1000);
    runBootScript();
    storeSession('expiring', 5000);
    runBootScript();
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: 't', expiresAt: new Date(Date.now() + 60_000).toISOString(), loggedIn: 'false' }));
    runBootScript();
    window.localStorage.setItem(SESSION_STORAGE_KEY, '{broken');
    runBootScript();
    expect(network.fetch).not.toHaveBeenCalled();
    expect(window.__almendraEarly).toBeUndefined();
  });

  it('leaves the request to the app when the early one was refused or failed', async () => {
    stubFetch(() => ({ code: 'AUTH_TOKEN_INVALID' }), 401);
    storeSession('token-a', 15 * 60_000);
    runBootScript();
    await expect(takeEarlyAnswer('/me', 'token-a')).resolves.toBeNull();

    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('offline'))));
    runBootScript();
    await expect(takeEarlyAnswer('/me', 'token-a')).resolves.toBeNull();
  });

  it.each<[PageKey, string]>([
    ['dashboard', '/inicio'],
    ['patients', '/pacientes'],
    ['patientRecord', '/ficha?id=p1'],
    ['foods', '/alimentos'],
    ['portal', '/portal'],
  ])("asks early for exactly what %s's prefetch asks first (an early answer nobody takes is a wasted request)", async (page, address) => {
    storeSession('token-a', 15 * 60_000);
    const boot = stubFetch(() => ({}));
    runBootScript(address);
    const early = boot.paths.filter((path) => path !== '/api/v1/me');
    expect(early.length).toBeGreaterThan(0);
    delete window.__almendraEarly;

    const app = stubFetch(() => ({ items: [], total: 0, nextCursor: null }));
    await prefetchScreen(page, new URL(address, 'http://localhost'));
    for (const path of early) expect(app.paths).toContain(path);
  });
});
