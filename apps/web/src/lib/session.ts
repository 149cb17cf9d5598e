// The stored sign-in session ('almendra.session'): the short-lived access token, its expiry and the
// logged-in flag. The refresh token never reaches JavaScript (httpOnly cookie set by the server).

import { clearOfflineData } from './offline-data';

export const SESSION_STORAGE_KEY = 'almendra.session';

export interface StoredSession {
  accessToken: string;
  /** ISO-8601 instant after which the server rejects the access token. */
  expiresAt: string;
  loggedIn: 'true';
}

type SessionListener = () => void;
const listeners = new Set<SessionListener>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readSession(store: Storage | null = storage()): StoredSession | null {
  const raw = store?.getItem(SESSION_STORAGE_KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredSession> | null;
    if (!value || typeof value.accessToken !== 'string' || typeof value.expiresAt !== 'string') return null;
    if (value.loggedIn !== 'true') return null;
    return { accessToken: value.accessToken, expiresAt: value.expiresAt, loggedIn: 'true' };
  } catch {
    return null;
  }
}

export function writeSession(
  session: { accessToken: string; expiresAt: string },
  store: Storage | null = storage(),
): void {
  const value: StoredSession = { accessToken: session.accessToken, expiresAt: session.expiresAt, loggedIn: 'true' };
  store?.setItem(SESSION_STORAGE_KEY, JSON.stringify(value));
  notify();
}

export function clearSession(store: Storage | null = storage()): void {
  store?.removeItem(SESSION_STORAGE_KEY);
  void clearOfflineData();
  notify();
}

/**
 * Seed rule: a session is authenticated only while `now` is before the stored token expiry and the
 * logged-in flag equals 'true'. An expired token with the flag still set is "resumable": the app
 * tries one refresh before treating the user as signed out (see docs/web.md).
 */
export function isAuthenticated(now: Date = new Date(), session: StoredSession | null = readSession()): boolean {
  if (!session || session.loggedIn !== 'true') return false;
  const expiry = Date.parse(session.expiresAt);
  if (Number.isNaN(expiry)) return false;
  return now.getTime() < expiry;
}

/**
 * Signed in, for what a screen shows: a stored session whose token is valid or resumable. Not
 * isAuthenticated(): that turns false the moment the short-lived token expires, and a screen rendered
 * then (a query answering late, a refetch) would show a signed-in person as a visitor until something
 * renewed the token. Her next request renews it (the API client refreshes on 401); a refused renewal
 * clears the session, and subscribeToSession says so.
 */
export function hasSession(session: StoredSession | null = readSession()): boolean {
  return session !== null && session.loggedIn === 'true';
}

/** True when the access token expired but the user never signed out: a refresh may resume the session. */
export function isResumable(now: Date = new Date(), session: StoredSession | null = readSession()): boolean {
  return session !== null && session.loggedIn === 'true' && !isAuthenticated(now, session);
}

export function currentAccessToken(): string | null {
  return readSession()?.accessToken ?? null;
}

/** Subscribes to session changes made by this tab and by other tabs (storage events). */
export function subscribeToSession(listener: SessionListener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SESSION_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function notify(): void {
  for (const listener of listeners) listener();
}
