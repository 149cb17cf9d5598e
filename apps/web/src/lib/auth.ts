// Session lifecycle: start (login/register), resume at start-up (one refresh when the stored token
// expired but the user never signed out), and end (logout clears every stored session value).
import type { SessionResponse } from '@almendra/contracts';
import { api, configureApiClient, refreshSession } from './api-client';
import { setCurrentUser } from './current-user';
import { setLocked } from './lock';
import { claimOfflineData, clearOfflineData, keepOfflineUser } from './offline-data';
import { queryClient } from './query-client';
import { clearSession, isAuthenticated, readSession, writeSession } from './session';

// A refresh also answers the user: keep the cached user (role, ban, preferences) current.
configureApiClient({
  onSessionRefreshed: (session) => {
    const me = { user: session.user, nutritionist: session.nutritionist };
    setCurrentUser(me);
    void keepOfflineUser(me);
  },
});

export function startSession(session: SessionResponse): void {
  // Whatever the service worker kept for offline reading belonged to the previous session; from now on
  // it keeps this account's answers only.
  const me = { user: session.user, nutritionist: session.nutritionist };
  void clearOfflineData()
    .then(() => claimOfflineData(session.accessToken))
    .then(() => keepOfflineUser(me));
  writeSession(session);
  setLocked(false);
  setCurrentUser(me);
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
  if (token !== null) return true;
  // The refresh got no answer (offline, or the server unreachable) and the session is still stored: only
  // the server's refusal clears it. The person stays signed in and reads what the service worker kept
  // (src/sw.ts); the next request that reaches the server renews the token or ends the session.
  return readSession() !== null;
}

export async function endSession(): Promise<void> {
  // This browser stops receiving the account's notifications (while the session can still say so). Its
  // module loads here: the sign-in screen and the portal's start-up do not need it.
  await import('./web-push').then(({ forgetPushOnSignOut }) => forgetPushOnSignOut(), () => undefined);
  try {
    await api.post('/auth/logout', undefined, { refreshOn401: false });
  } catch {
    // Logging out must work offline or with an already invalid session; the cookie expires anyway.
  }
  clearSession();
  // Done before the caller navigates away: the next screen must not be answered from the old account's copy.
  await clearOfflineData();
  setLocked(false);
  queryClient.clear();
}
