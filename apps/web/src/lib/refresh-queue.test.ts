import { describe, expect, it, vi } from 'vitest';
import { createAuthFetch, createRefreshQueue, type FetchLike } from './refresh-queue';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const bearerOf = (init: RequestInit) => new Headers(init.headers).get('Authorization');

/** A fake server that accepts only `validToken`; everything else is 401 TOKEN_EXPIRED. */
function fakeServer(validToken: () => string) {
  const calls: { url: string; bearer: string | null }[] = [];
  const fetch: FetchLike = async (url, init) => {
    const bearer = bearerOf(init);
    calls.push({ url, bearer });
    await Promise.resolve();
    if (bearer === `Bearer ${validToken()}`) return json(200, { ok: true, url });
    return json(401, { error: { code: 'TOKEN_EXPIRED', message: 'Sesión vencida' } });
  };
  return { fetch, calls };
}

function setup(options: { refreshResult?: () => Promise<string | null> } = {}) {
  let stored: string | null = 'old';
  let valid = 'new';
  const server = fakeServer(() => valid);
  const onRefreshFailed = vi.fn(() => {
    stored = null;
  });
  const refresh = vi.fn(
    options.refreshResult
      ? async () => {
          // As the real refresher: the renewed token is stored before the refresh resolves.
          const token = await options.refreshResult!();
          if (token) stored = token;
          return token;
        }
      : async () => {
          await new Promise((resolve) => setTimeout(resolve, 5));
          stored = 'new';
          return 'new';
        },
  );
  const queue = createRefreshQueue({ refresh, onRefreshFailed });
  const authFetch = createAuthFetch({ fetch: server.fetch, getToken: () => stored, queue });
  return {
    authFetch,
    refresh,
    onRefreshFailed,
    server,
    setValid: (token: string) => {
      valid = token;
    },
    getStored: () => stored,
  };
}

describe('refresh queue', () => {
  it('N concurrent 401s cause exactly one refresh and N retries with the new bearer', async () => {
    const { authFetch, refresh, server } = setup();
    const n = 5;
    const responses = await Promise.all(
      Array.from({ length: n }, (_, i) => authFetch(`/api/v1/item/${i}`, { method: 'GET' })),
    );

    expect(responses.map((r) => r.status)).toEqual(Array(n).fill(200));
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(refresh).toHaveBeenCalledWith('old');
    const retries = server.calls.filter((call) => call.bearer === 'Bearer new');
    expect(retries).toHaveLength(n);
    expect(new Set(retries.map((call) => call.url)).size).toBe(n);
    expect(server.calls).toHaveLength(2 * n);
  });

  it('a call made while a refresh is in flight waits for the new token instead of sending the old one', async () => {
    let renewed: (token: string) => void = () => undefined;
    const { authFetch, refresh, server, getStored } = setup({ refreshResult: () => new Promise((resolve) => (renewed = resolve)) });
    const first = authFetch('/api/v1/a', { method: 'GET' });
    // The first call's 401 starts the refresh; a call made meanwhile goes out once, with the new bearer.
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    const second = authFetch('/api/v1/b', { method: 'GET' });
    await Promise.resolve();
    expect(getStored()).toBe('old');
    renewed('new');
    expect((await second).status).toBe(200);
    expect((await first).status).toBe(200);
    expect(server.calls.filter((call) => call.url === '/api/v1/b')).toEqual([{ url: '/api/v1/b', bearer: 'Bearer new' }]);
  });

  it('a 401 that arrives after the refresh finished reuses the stored token instead of refreshing again', async () => {
    let stored = 'old';
    const refresh = vi.fn(async () => {
      stored = 'new';
      return 'new';
    });
    const fetch: FetchLike = async (url, init) => {
      const bearer = bearerOf(init);
      // The slow call was sent with the old token and its 401 comes back after the refresh.
      if (url.endsWith('/slow') && bearer === 'Bearer old') await new Promise((resolve) => setTimeout(resolve, 20));
      return bearer === 'Bearer new' ? json(200, {}) : json(401, { error: { code: 'TOKEN_EXPIRED', message: '' } });
    };
    const authFetch = createAuthFetch({ fetch, getToken: () => stored, queue: createRefreshQueue({ refresh, onRefreshFailed: vi.fn() }) });

    const [fast, slow] = await Promise.all([authFetch('/api/v1/fast', { method: 'GET' }), authFetch('/api/v1/slow', { method: 'GET' })]);
    expect([fast.status, slow.status]).toEqual([200, 200]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('a failed refresh logs out once and returns the 401 to every queued call', async () => {
    const { authFetch, refresh, onRefreshFailed, server, getStored } = setup({ refreshResult: async () => null });
    const responses = await Promise.all([1, 2, 3].map((i) => authFetch(`/api/v1/x/${i}`, { method: 'GET' })));

    expect(responses.map((r) => r.status)).toEqual([401, 401, 401]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onRefreshFailed).toHaveBeenCalledTimes(1);
    expect(getStored()).toBeNull();
    // No retries were sent after the failed refresh.
    expect(server.calls).toHaveLength(3);
  });

  it('a refresh that got no answer fails the call but keeps the session for the next attempt', async () => {
    // The page being left mid-refresh (or a dropped network) is not the server refusing the session:
    // logging out here would clear the stored session every tab shares.
    const { authFetch, onRefreshFailed } = setup({
      refreshResult: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const response = await authFetch('/api/v1/x', { method: 'GET' });
    expect(response.status).toBe(401);
    expect(onRefreshFailed).not.toHaveBeenCalled();
  });

  it('a retried call that fails again is not retried a second time', async () => {
    const { authFetch, refresh, server, setValid } = setup();
    setValid('never-accepted');
    const response = await authFetch('/api/v1/x', { method: 'GET' });

    expect(response.status).toBe(401);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(server.calls.map((call) => call.bearer)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('never refreshes on INVALID_CREDENTIALS (wrong password on login, lock screen or password change)', async () => {
    const refresh = vi.fn(async () => 'new');
    const fetch = vi.fn<FetchLike>(async () =>
      json(401, { error: { code: 'INVALID_CREDENTIALS', message: 'Correo electrónico o contraseña incorrectos.' } }),
    );
    const authFetch = createAuthFetch({ fetch, getToken: () => 'old', queue: createRefreshQueue({ refresh, onRefreshFailed: vi.fn() }) });
    const response = await authFetch('/api/v1/auth/verify-password', { method: 'POST' });

    expect(response.status).toBe(401);
    expect(refresh).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('does not refresh when the call opts out or when there is no session token', async () => {
    const refresh = vi.fn(async () => 'new');
    const fetch = vi.fn<FetchLike>(async () => json(401, { error: { code: 'UNAUTHENTICATED', message: '' } }));
    const queue = createRefreshQueue({ refresh, onRefreshFailed: vi.fn() });

    await createAuthFetch({ fetch, getToken: () => 'old', queue })('/api/v1/auth/logout', { method: 'POST' }, { refreshOn401: false });
    await createAuthFetch({ fetch, getToken: () => null, queue })('/api/v1/me', { method: 'GET' });

    expect(refresh).not.toHaveBeenCalled();
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('sends the bearer only when asked to', async () => {
    const fetch = vi.fn<FetchLike>(async () => json(200, {}));
    const authFetch = createAuthFetch({ fetch, getToken: () => 'tok', queue: createRefreshQueue({ refresh: vi.fn(), onRefreshFailed: vi.fn() }) });
    await authFetch('/api/v1/me', { method: 'GET', headers: { 'X-Requested-With': 'XMLHttpRequest' } });
    await authFetch('/api/v1/auth/login', { method: 'POST' }, { auth: false });

    const [first, second] = fetch.mock.calls;
    expect(bearerOf(first![1])).toBe('Bearer tok');
    expect(new Headers(first![1].headers).get('X-Requested-With')).toBe('XMLHttpRequest');
    expect(bearerOf(second![1])).toBeNull();
  });
});
