import type { AuthProvidersResponse, UserType } from '@healthfolio/core';
import { api } from './api';

export type SessionUser = { id: string; email: string; name?: string | null; emailVerified?: boolean };
export type Session = { session: { id: string; expiresAt?: string }; user: SessionUser } | null;

/** Where better-auth sends people back to after a confirmation link or a Google round trip. */
export const AUTH_CALLBACK = '/auth';
/** Where a confirmation link lands: the sign-in page, saying the address is now confirmed. */
export const CONFIRMED_CALLBACK = '/auth?confirmed=1';

export const authApi = {
  getSession: () => api<Session>('/api/auth/get-session'),
  providers: () => api<AuthProvidersResponse>('/api/v1/auth/providers'),
  signIn: (body: { email: string; password: string }) =>
    api<{ user: SessionUser }>('/api/auth/sign-in/email', { method: 'POST', body }),
  signUp: (body: {
    email: string;
    password: string;
    name?: string;
    userType?: UserType;
    timezone?: string;
  }) =>
    api<unknown>('/api/auth/sign-up/email', {
      method: 'POST',
      body: { ...body, callbackURL: CONFIRMED_CALLBACK },
    }),
  resendVerification: (email: string) =>
    api<unknown>('/api/auth/send-verification-email', {
      method: 'POST',
      body: { email, callbackURL: CONFIRMED_CALLBACK },
    }),
  requestPasswordReset: (email: string) =>
    api<unknown>('/api/auth/request-password-reset', {
      method: 'POST',
      body: { email, redirectTo: '/auth/reset-password' },
    }),
  resetPassword: (newPassword: string, token: string) =>
    api<unknown>('/api/auth/reset-password', { method: 'POST', body: { newPassword, token } }),
  signOut: () => api<unknown>('/api/auth/sign-out', { method: 'POST' }),
  changePassword: (currentPassword: string, newPassword: string) =>
    api<unknown>('/api/auth/change-password', {
      method: 'POST',
      body: { currentPassword, newPassword, revokeOtherSessions: true },
    }),
  revokeOtherSessions: () => api<unknown>('/api/auth/revoke-other-sessions', { method: 'POST' }),
  googleSignIn: () =>
    api<{ url: string }>('/api/auth/sign-in/oauth2', {
      method: 'POST',
      body: { providerId: 'google', callbackURL: AUTH_CALLBACK, errorCallbackURL: '/auth?error=google' },
    }),
};
