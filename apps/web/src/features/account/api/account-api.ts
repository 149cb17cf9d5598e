// Calls of the account feature: sign-in, registration, password recovery, lock screen and password change.
import type {
  ChangePasswordRequest,
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
};
