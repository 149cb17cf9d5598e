// Session lifecycle: start (login/register), resume at start-up (one refresh when the stored token
// expired but the user never signed out), and end (logout clears every stored session value).
import type { SessionResponse } from '@almendra/contracts';
import { api, configureApiClient, refreshSession } from './api-client';
import { setCurrentUser } from './current-user';
import { setLocked } from './lock';
import { forgetPushOnSignOut } from './web-push';
import { queryClient } from './query-client';
import { clearSession, isAuthenticated, readSession, writeSession } from './session';

// A refresh also answers the user: keep the cached user (role, ban, preferences) current.
configureApiClient({
  onSessionRefreshed: (session) => setCurrentUser({ user: session.user, nutritionist: session.nutritionist }),
});

export function startSession(session: SessionResponse): void {
  writeSession(session);
  setLocked(false);
  setCurrentUser({ user: session.user, nutritionist: session.nutritionist });
}

/**
 * Resolves whether the user is signed in. A valid stored token answers at once; an expired one with
 * the logged-in flag still 'true' gets one refresh (shared with any concurrent 401 refresh) first.
 */
export async function ensureSession(now: Date = new Date()): Promise<boolean> {
  const stored = readSession();
  if (!stored) return false;
  if (isAuthenticated(now, stored)) return true;
  const token = await refreshSession(stored.accessToken);
  return token !== null;
}

export async function endSession(): Promise<void> {
  // This browser stops receiving the account's notifications (while the session can still say so).
  await forgetPushOnSignOut();
  try {
    await api.post('/auth/logout', undefined, { refreshOn401: false });
  } catch {
    // Logging out must work offline or with an already invalid session; the cookie expires anyway.
  }
  clearSession();
  setLocked(false);
  queryClient.clear();
}
