import { afterEach, describe, expect, it } from 'vitest';
import { clearSession, hasSession, isAuthenticated, isResumable, readSession, SESSION_STORAGE_KEY, writeSession, type StoredSession } from './session';

const expiresAt = '2025-03-10T12:15:00.000Z';
const session: StoredSession = { accessToken: 'tok', expiresAt, loggedIn: 'true' };

describe('session', () => {
  afterEach(() => window.localStorage.clear());

  it('is authenticated only while now is before the stored expiry', () => {
    expect(isAuthenticated(new Date('2025-03-10T12:14:59.999Z'), session)).toBe(true);
    expect(isAuthenticated(new Date('2025-03-10T12:15:00.000Z'), session)).toBe(false);
    expect(isAuthenticated(new Date('2025-03-10T13:00:00.000Z'), session)).toBe(false);
  });

  it('is not authenticated without the logged-in flag, without a session or with an unreadable expiry', () => {
    const before = new Date('2025-03-10T12:00:00Z');
    expect(isAuthenticated(before, { ...session, loggedIn: 'false' as 'true' })).toBe(false);
    expect(isAuthenticated(before, null)).toBe(false);
    expect(isAuthenticated(before, { ...session, expiresAt: 'mañana' })).toBe(false);
  });

  it('an expired token with the flag still set is resumable (one refresh is attempted)', () => {
    expect(isResumable(new Date('2025-03-10T12:20:00Z'), session)).toBe(true);
    expect(isResumable(new Date('2025-03-10T12:00:00Z'), session)).toBe(false);
    expect(isResumable(new Date('2025-03-10T12:20:00Z'), null)).toBe(false);
  });

  it('a screen counts someone with a stored session as signed in, the token valid or expired (resumable)', () => {
    expect(hasSession(session)).toBe(true);
    expect(hasSession({ ...session, expiresAt: '2000-01-01T00:00:00.000Z' })).toBe(true);
    expect(hasSession({ ...session, loggedIn: 'false' as 'true' })).toBe(false);
    expect(hasSession(null)).toBe(false);
    writeSession({ accessToken: 'abc', expiresAt: '2000-01-01T00:00:00.000Z' });
    expect(hasSession()).toBe(true);
    clearSession();
    expect(hasSession()).toBe(false);
  });

  it('stores the token, expiry and the string flag, and clears them', () => {
    writeSession({ accessToken: 'abc', expiresAt });
    expect(JSON.parse(window.localStorage.getItem(SESSION_STORAGE_KEY)!)).toEqual({ accessToken: 'abc', expiresAt, loggedIn: 'true' });
    expect(readSession()).toEqual({ accessToken: 'abc', expiresAt, loggedIn: 'true' });
    clearSession();
    expect(readSession()).toBeNull();
  });

  it('ignores corrupt or incomplete stored values', () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(readSession()).toBeNull();
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ accessToken: 'x', expiresAt, loggedIn: true }));
    expect(readSession()).toBeNull();
  });
});
