import { describe, expect, it, vi } from 'vitest';
import type { SessionResponse } from '@almendra/contracts';
import type { FetchLike } from './refresh-queue';
import { createRefresher, REFRESH_LOCK_NAME, REFRESH_URL, type LockManagerLike } from './session-refresh';
import type { StoredSession } from './session';

const NOW = new Date('2025-03-10T12:00:00Z');
const future = new Date(NOW.getTime() + 10 * 60_000).toISOString();
const past = new Date(NOW.getTime() - 60_000).toISOString();

function sessionResponse(token: string): SessionResponse {
  return {
    accessToken: token,
    expiresAt: future,
    user: {
      id: 'u1',
      email: 'ana@example.com',
      role: 'nutritionist',
      locale: 'es',
      theme: 'light',
      primaryColor: 'teal',
      starredPages: [],
      bannedStatus: 0,
      planKey: null,
      confirmed: true,
      createdAt: NOW.toISOString(),
    },
    nutritionist: null,
  };
}

function recordingLocks() {
  const names: string[] = [];
  const locks: LockManagerLike = {
    request: async (name, callback) => {
      names.push(name);
      return callback();
    },
  };
  return { locks, names };
}

describe('cross-tab refresher', () => {
  it('reuses a newer unexpired token stored by another tab instead of calling the server', async () => {
    const fetch = vi.fn<FetchLike>();
    const { locks, names } = recordingLocks();
    const stored: StoredSession = { accessToken: 'from-other-tab', expiresAt: future, loggedIn: 'true' };
    const refresh = createRefresher({ fetch, locks, readSession: () => stored, onSession: vi.fn(), now: () => NOW });

    await expect(refresh('stale')).resolves.toBe('from-other-tab');
    expect(fetch).not.toHaveBeenCalled();
    expect(names).toEqual([REFRESH_LOCK_NAME]);
  });

  it('refreshes over the network when the stored token is the stale one, and stores the answer', async () => {
    const fetch = vi.fn<FetchLike>(async () => new Response(JSON.stringify(sessionResponse('fresh')), { status: 200 }));
    const onSession = vi.fn();
    const stored: StoredSession = { accessToken: 'stale', expiresAt: past, loggedIn: 'true' };
    const refresh = createRefresher({ fetch, locks: recordingLocks().locks, readSession: () => stored, onSession, now: () => NOW });

    await expect(refresh('stale')).resolves.toBe('fresh');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(REFRESH_URL);
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(onSession).toHaveBeenCalledWith(expect.objectContaining({ accessToken: 'fresh' }));
  });

  it('refreshes when another tab stored a different but already expired token', async () => {
    const fetch = vi.fn<FetchLike>(async () => new Response(JSON.stringify(sessionResponse('fresh')), { status: 200 }));
    const stored: StoredSession = { accessToken: 'other-but-expired', expiresAt: past, loggedIn: 'true' };
    const refresh = createRefresher({ fetch, locks: null, readSession: () => stored, onSession: vi.fn(), now: () => NOW });

    await expect(refresh('stale')).resolves.toBe('fresh');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('answers null when the server refuses the refresh', async () => {
    const fetch = vi.fn<FetchLike>(async () => new Response('{"error":{"code":"INVALID_REFRESH_TOKEN","message":""}}', { status: 401 }));
    const onSession = vi.fn();
    const refresh = createRefresher({ fetch, locks: null, readSession: () => null, onSession, now: () => NOW });

    await expect(refresh('stale')).resolves.toBeNull();
    expect(onSession).not.toHaveBeenCalled();
  });
});
