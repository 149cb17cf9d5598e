// The one error type every API call rejects with, built from the server's uniform error body
// { error: { code, message, details } }. `message` is the server's (Spanish) text, shown in toasts;
// while the interface speaks es-AR, it and the field messages of `details` are shown in voseo.
import type { DISPLAYED_DATE_FORMAT_MESSAGE as ContractDisplayed, ISO_DATE_FORMAT_MESSAGE as ContractIso } from '@almendra/contracts';
import { preferencesStore } from './preferences';
import { toVoseo } from './voseo';

// Redeclared with the contract constants' types (docs/web.md): a value import from @almendra/contracts
// would bring zod into the entry chunk (≈50 KB gzip on the login route); a change there fails to compile here.
const ISO_DATE_FORMAT_MESSAGE: typeof ContractIso = 'Usa el formato de fecha AAAA-MM-DD.';
const DISPLAYED_DATE_FORMAT_MESSAGE: typeof ContractDisplayed = 'Escribe la fecha como dd-mm-aaaa.';

export const NETWORK_ERROR = 'NETWORK_ERROR';
export const UNKNOWN_ERROR = 'UNKNOWN_ERROR';

/**
 * A Spanish text written by the server, in the interface's voice: voseo while it speaks es-AR, as is
 * otherwise. Error messages go through it here; use it for server texts inside successful answers too
 * (an import report's row errors).
 */
export function serverText(text: string): string {
  return preferencesStore.get().locale === 'es-AR' ? toVoseo(text) : text;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: { code?: unknown; message?: unknown; details?: unknown } };
    const error = body?.error;
    if (error && typeof error.code === 'string') {
      // Every date field shows dd-mm-aaaa: the API's wire-format message would ask for AAAA-MM-DD.
      const voice = (text: string) => serverText(text === ISO_DATE_FORMAT_MESSAGE ? DISPLAYED_DATE_FORMAT_MESSAGE : text);
      const details = Array.isArray(error.details)
        ? error.details.map((detail: unknown) =>
            detail && typeof detail === 'object' && typeof (detail as { message?: unknown }).message === 'string'
              ? { ...detail, message: voice((detail as { message: string }).message) }
              : detail,
          )
        : error.details;
      return new ApiError(response.status, error.code, typeof error.message === 'string' ? voice(error.message) : '', details);
    }
  } catch {
    // Not our JSON error body (a proxy page, an empty 502): fall through to a generic error.
  }
  return new ApiError(response.status, UNKNOWN_ERROR, '');
}

/** Field → message from a 400 VALIDATION_ERROR's details ([{ path, message }]). */
export function fieldErrors(error: unknown): Record<string, string> {
  const result: Record<string, string> = {};
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return result;
  for (const detail of error.details as { path?: unknown; message?: unknown }[]) {
    const path = Array.isArray(detail.path) ? detail.path.join('.') : typeof detail.path === 'string' ? detail.path : '';
    if (path && typeof detail.message === 'string' && !result[path]) result[path] = detail.message;
  }
  return result;
}
