// Fetch-based API client for /api/v1: bearer token, JSON, the ajax marker header, same-origin
// cookies, one shared refresh on 401 with queued retries, and ApiError on every failure.
import type { SessionResponse } from '@almendra/contracts';
import { ApiError, NETWORK_ERROR, apiErrorFromResponse } from './api-error';
import { takeEarlyAnswer } from './early-answers';
import { createAuthFetch, createRefreshQueue } from './refresh-queue';
import { browserLocks, createRefresher } from './session-refresh';
import { clearSession, currentAccessToken, readSession, writeSession } from './session';

export const API_BASE = '/api/v1';

export interface ApiClientHooks {
  /** A refresh renewed the session (update cached user data). */
  onSessionRefreshed: (session: SessionResponse) => void;
  /** The session could not be renewed; it is already cleared. Send the user to sign in. */
  onSessionExpired: () => void;
}

let hooks: ApiClientHooks = {
  onSessionRefreshed: () => undefined,
  onSessionExpired: () => undefined,
};

/** Wires the client to the app (query cache, router). Called once at start-up. */
export function configureApiClient(next: Partial<ApiClientHooks>): void {
  hooks = { ...hooks, ...next };
}

const browserFetch = (input: string, init: RequestInit) => window.fetch(input, init);

const refreshQueue = createRefreshQueue({
  refresh: (staleToken) =>
    createRefresher({
      fetch: browserFetch,
      locks: browserLocks(),
      readSession,
      onSession: (session) => {
        writeSession(session);
        hooks.onSessionRefreshed(session);
      },
    })(staleToken),
  onRefreshFailed: () => {
    clearSession();
    hooks.onSessionExpired();
  },
});

const authFetch = createAuthFetch({ fetch: browserFetch, getToken: currentAccessToken, queue: refreshQueue });

/** Renews the session through the shared queue (also used at start-up for an expired stored token). */
export function refreshSession(staleToken: string | null): Promise<string | null> {
  return refreshQueue.refresh(staleToken);
}

export interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Refresh and retry once on 401 (default true). */
  refreshOn401?: boolean;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  if (method === 'GET' && options.auth !== false) {
    // Started by the boot script before the app ran (/me and the landing screen's first data).
    const early = takeEarlyAnswer(path, currentAccessToken());
    const answer = early ? await early : null;
    if (answer !== null) return answer as T;
  }
  const headers: Record<string, string> = { 'X-Requested-With': 'XMLHttpRequest' };
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
  } else if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
    // Writes always carry a JSON body so the server's JSON parser never sees an empty one.
    body = '{}';
  }
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await authFetch(
      `${API_BASE}${path}`,
      { method, headers, body, credentials: 'same-origin', signal: options.signal },
      { auth: options.auth, refreshOn401: options.refreshOn401 },
    );
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR, '');
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('DELETE', path, options),
};
