// Binary downloads (the consultation PDF) through the same bearer + shared-refresh path as the JSON client:
// api-client answers parsed JSON only, so this wraps the same primitives for a raw Response.
import { refreshSession } from '../../../lib/api-client';
import { createAuthFetch } from '../../../lib/refresh-queue';
import { currentAccessToken } from '../../../lib/session';

const authFetch = createAuthFetch({
  fetch: (input, init) => window.fetch(input, init),
  getToken: currentAccessToken,
  queue: { refresh: refreshSession },
});

export function createAuthFetchForDownload(url: string): Promise<Response> {
  return authFetch(url, { method: 'GET', headers: { 'X-Requested-With': 'XMLHttpRequest' }, credentials: 'same-origin' });
}
