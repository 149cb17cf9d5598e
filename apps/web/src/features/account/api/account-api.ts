// Calls of the account feature: sign-in, registration, password recovery, lock screen and password change.
import type {
  ChangePasswordRequest,
  ClientConfig,
  OidcCallbackResponse,
  OidcStartResponse,
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  SessionResponse,
} from '@almendra/contracts';
import { api } from '../../../lib/api-client';

// The auth endpoints answer for themselves: a 401 from them is final, never a reason to refresh.
const AUTH_CALL = { auth: false, refreshOn401: false } as const;

export const accountApi = {
  login: (body: LoginRequest) => api.post<SessionResponse>('/auth/login', body, AUTH_CALL),
  register: (body: RegisterRequest) => api.post<SessionResponse>('/auth/register', body, AUTH_CALL),
  forgotPassword: (body: ForgotPasswordRequest) => api.post<void>('/auth/forgot-password', body, AUTH_CALL),
  resetPassword: (body: ResetPasswordRequest) => api.post<void>('/auth/reset-password', body, AUTH_CALL),
  /** Lock screen: 204 when the password is right, 401 INVALID_CREDENTIALS otherwise. */
  verifyPassword: (password: string) => api.post<void>('/auth/verify-password', { password }),
  changePassword: (body: ChangePasswordRequest) => api.post<void>('/me/password', body),
  /** Public server settings; `sso` names the single sign-on button when the server has a provider. */
  clientConfig: () => api.get<ClientConfig>('/client-config', AUTH_CALL),
  /** Single sign-on: the provider's URL to send the browser to (the server sets the pending cookie). */
  startSso: (to: string | undefined) => api.post<OidcStartResponse>('/auth/oidc/start', { to }, AUTH_CALL),
  /** /callback: the query string the provider returned, checked by the server; answers a session. */
  finishSso: (query: string) => api.post<OidcCallbackResponse>('/auth/oidc/callback', { query }, AUTH_CALL),
};
