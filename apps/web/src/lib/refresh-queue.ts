// The 401 → refresh → retry machinery of the call layer, free of globals so it can be unit-tested
// with an injected fetch. Seed rule: the first failing request refreshes the access token, concurrent
// failures share that one refresh, and every queued request is retried once with the new bearer.

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export interface RefreshQueueDeps {
  /**
   * Obtains a new access token. `staleToken` is the token that was rejected, so an implementation
   * can reuse a newer token another tab already stored. Resolves null when the server refused to renew
   * the session; rejects when no answer came (network failure, page unloading).
   */
  refresh: (staleToken: string | null) => Promise<string | null>;
  /** Called once per refused refresh: clear the session and send the user to sign in. */
  onRefreshFailed: () => void;
}

export interface RefreshQueue {
  /** Joins the refresh in flight or starts one; resolves the new token or null when it failed. */
  refresh: (staleToken: string | null) => Promise<string | null>;
  /** The refresh in flight, if any (never rejects). */
  pending?: () => Promise<string | null> | null;
}

export function createRefreshQueue(deps: RefreshQueueDeps): RefreshQueue {
  let inFlight: Promise<string | null> | null = null;
  return {
    refresh(staleToken) {
      if (!inFlight) {
        inFlight = (async () => {
          let token: string | null = null;
          let unanswered = false;
          try {
            token = await deps.refresh(staleToken);
          } catch {
            unanswered = true;
          }
          // Only the server's refusal ends the session. A refresh that got no answer (the page is being
          // left mid-request, the network dropped) keeps it for the next attempt: clearing it here
          // signed people out of every tab just for navigating while a refresh was in flight.
          if (!token && !unanswered) deps.onRefreshFailed();
          return token;
        })().finally(() => {
          inFlight = null;
        });
      }
      return inFlight;
    },
    pending: () => inFlight,
  };
}

export interface AuthFetchDeps {
  fetch: FetchLike;
  /** The access token currently stored (it changes when any request refreshes it). */
  getToken: () => string | null;
  queue: RefreshQueue;
}

export interface AuthFetchOptions {
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** Refresh and retry once on 401 (default true; false for the auth endpoints themselves). */
  refreshOn401?: boolean;
}

/** Wrong password answers (login, lock screen, change password) are 401 but must never refresh. */
const NON_REFRESHABLE_CODES = new Set(['INVALID_CREDENTIALS']);

async function errorCode(response: Response): Promise<string | null> {
  try {
    const body = (await response.clone().json()) as { error?: { code?: unknown } } | null;
    return typeof body?.error?.code === 'string' ? body.error.code : null;
  } catch {
    return null;
  }
}

function withBearer(init: RequestInit, token: string | null): RequestInit {
  const headers = new Headers(init.headers);
  if (token) headers.set('Authorization', `Bearer ${token}`);
  else headers.delete('Authorization');
  return { ...init, headers };
}

export function createAuthFetch(deps: AuthFetchDeps) {
  return async function authFetch(url: string, init: RequestInit, options: AuthFetchOptions = {}): Promise<Response> {
    const auth = options.auth ?? true;
    const refreshOn401 = auth && (options.refreshOn401 ?? true);
    // A refresh in flight (the start-up one of an expired session, while the screen shows what was kept):
    // the request waits for the new token instead of earning a 401 with the old one and a second trip.
    const pending = refreshOn401 ? deps.queue.pending?.() : null;
    if (pending) await pending;
    const usedToken = auth ? deps.getToken() : null;
    const response = await deps.fetch(url, withBearer(init, usedToken));
    // Without a token there is no session to renew (signed out, or another tab logged out).
    if (response.status !== 401 || !refreshOn401 || !usedToken) return response;
    const code = await errorCode(response);
    if (code && NON_REFRESHABLE_CODES.has(code)) return response;

    // Another request may already have renewed the token while this one was in flight: reuse it
    // instead of starting a second refresh.
    const stored = deps.getToken();
    const token = stored && stored !== usedToken ? stored : await deps.queue.refresh(usedToken);
    if (!token) return response;
    // Exactly one retry: a second 401 is returned to the caller as is.
    return deps.fetch(url, withBearer(init, token));
  };
}
