// Requests the JSON client cannot make: multipart uploads and answers that are not JSON (PDF, images).
import { API_BASE, refreshSession } from './api-client';
import { ApiError, NETWORK_ERROR, apiErrorFromResponse } from './api-error';
import { currentAccessToken } from './session';

/**
 * A request with the bearer token whose answer is not JSON or whose body is FormData (the JSON client
 * handles neither); a 401 renews the session through the shared refresh queue and retries once.
 */
export async function authorized(method: 'GET' | 'PUT' | 'POST' | 'DELETE', path: string, form?: FormData): Promise<Response> {
  const send = (token: string | null) =>
    window.fetch(`${API_BASE}${path}`, {
      method,
      ...(form ? { body: form } : {}),
      credentials: 'same-origin',
      headers: { 'X-Requested-With': 'XMLHttpRequest', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  let response: Response;
  try {
    const token = currentAccessToken();
    response = await send(token);
    if (response.status === 401) {
      const renewed = await refreshSession(token);
      if (renewed) response = await send(renewed);
    }
  } catch {
    throw new ApiError(0, NETWORK_ERROR, '');
  }
  if (!response.ok) throw await apiErrorFromResponse(response);
  return response;
}

export async function multipart<T>(method: 'PUT' | 'POST', path: string, form: FormData): Promise<T> {
  return (await (await authorized(method, path, form)).json()) as T;
}

