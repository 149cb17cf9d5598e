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
  /** 422: a plan solver proved the targets cannot be met with the groups, foods and limits given; the message says why. */
  'INFEASIBLE',
  'RATE_LIMITED',
  /** 402: the account's trial or subscription ended (or an operator suspended it): reading still works. */
  'SUBSCRIPTION_INACTIVE',
  /** 503: a dependency (the database) does not answer; the instance is not ready. */
  'UNAVAILABLE',
  'INTERNAL_ERROR',
  /** Single sign-on (OpenID Connect): not configured on this server. */
  'OIDC_DISABLED',
  /** The callback does not belong to a sign-in started in this browser, or that sign-in expired. */
  'OIDC_STATE_INVALID',
  /** The provider refused or failed the sign-in (its own error code in details). */
  'OIDC_PROVIDER_ERROR',
  'OIDC_EMAIL_NOT_VERIFIED',
  /** No account with that email and this server does not create accounts through the provider. */
  'OIDC_NO_ACCOUNT',
  /** 502: the provider does not answer. */
  'OIDC_UNAVAILABLE',
  'PAYMENT_PROVIDER_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
