// Renews the access token with the httpOnly refresh cookie, coordinated across browser tabs: the
// Web Locks API (when available) serialises refreshes under 'almendra-refresh', and a tab that gets
// the lock after another tab refreshed reuses the newer stored token instead of spending the
// rotating refresh token a second time (reuse would revoke the whole token family).
import type { SessionResponse } from '@almendra/contracts';
import { isAuthenticated, type StoredSession } from './session';
import type { FetchLike } from './refresh-queue';

export const REFRESH_LOCK_NAME = 'almendra-refresh';
export const REFRESH_URL = '/api/v1/auth/refresh';

export interface LockManagerLike {
  request<T>(name: string, callback: () => Promise<T>): Promise<T>;
}

export interface RefresherDeps {
  fetch: FetchLike;
  locks: LockManagerLike | null;
  readSession: () => StoredSession | null;
  /** Stores the renewed session (token + user data). */
  onSession: (session: SessionResponse) => void;
  now?: () => Date;
}

export function createRefresher(deps: RefresherDeps) {
  const now = deps.now ?? (() => new Date());

  async function refreshUnderLock(staleToken: string | null): Promise<string | null> {
    const stored = deps.readSession();
    if (stored && stored.accessToken !== staleToken && isAuthenticated(now(), stored)) {
      return stored.accessToken;
    }
    const response = await deps.fetch(REFRESH_URL, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      // An empty JSON object rather than no body: the refresh token travels in the cookie.
      body: '{}',
    });
    if (!response.ok) return null;
    const session = (await response.json()) as SessionResponse;
    deps.onSession(session);
    return session.accessToken;
  }

  return function refresh(staleToken: string | null): Promise<string | null> {
    if (deps.locks) return deps.locks.request(REFRESH_LOCK_NAME, () => refreshUnderLock(staleToken));
    return refreshUnderLock(staleToken);
  };
}

export function browserLocks(): LockManagerLike | null {
  if (typeof navigator === 'undefined' || !('locks' in navigator) || !navigator.locks) return null;
  const locks = navigator.locks;
  return {
    request: <T>(name: string, callback: () => Promise<T>) => locks.request(name, callback) as Promise<T>,
  };
}
