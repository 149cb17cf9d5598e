// Stable error codes of the API; the web maps them to toasts, tests assert them.
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'BAD_REQUEST',
  'HEADERS_TOO_LARGE',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHENTICATED',
  'TOKEN_EXPIRED',
  'INVALID_CREDENTIALS',
  'INVALID_REFRESH_TOKEN',
  'REFRESH_TOKEN_REUSED',
  'INVALID_RESET_TOKEN',
  'FORBIDDEN',
  'NOT_FOUND',
  'EMAIL_TAKEN',
  'CONFLICT',
  'DOMAIN_RULE',
  'RATE_LIMITED',
  /** 402: the account's trial or subscription ended (or an operator suspended it): reading still works. */
  'SUBSCRIPTION_INACTIVE',
  /** 503: a dependency (the database) does not answer; the instance is not ready. */
  'UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
