// AppError carries a stable code, an HTTP status and a Spanish message; the error handler turns it into
// the uniform body { error: { code, message, details } }.
import type { ErrorCode } from '@almendra/contracts';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  BAD_REQUEST: 400,
  HEADERS_TOO_LARGE: 431,
  INVALID_RESET_TOKEN: 400,
  UNAUTHENTICATED: 401,
  TOKEN_EXPIRED: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_REFRESH_TOKEN: 401,
  REFRESH_TOKEN_REUSED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  /** A well-formed request that breaks a business rule (e.g. an appointment outside opening hours). */
  DOMAIN_RULE: 422,
  INFEASIBLE: 422,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  SUBSCRIPTION_INACTIVE: 402,
  UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
  OIDC_DISABLED: 404,
  OIDC_STATE_INVALID: 400,
  OIDC_PROVIDER_ERROR: 400,
  OIDC_EMAIL_NOT_VERIFIED: 403,
  OIDC_NO_ACCOUNT: 403,
  OIDC_UNAVAILABLE: 502,
  PAYMENT_PROVIDER_ERROR: 502,
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS_BY_CODE[code];
  }
}

export const notFound = (message = 'No encontramos lo que buscas.') => new AppError('NOT_FOUND', message);
