import type { SecondFactorStatusResponse } from '@healthfolio/core';
import { api } from './api';
import type { SessionUser } from './auth-api';

export type Passkey = { id: string; name?: string | null; createdAt?: string | null; deviceType: string };

/** The answer to a password sign-in when the account has an authenticator app. */
export type SignInStep = { twoFactorRedirect?: boolean; twoFactorMethods?: string[]; user?: SessionUser };

// The browser half of WebAuthn is only needed when someone uses a passkey: loaded then.
const webauthn = () => import('@simplewebauthn/browser');

export const secondFactorApi = {
  status: () => api<SecondFactorStatusResponse>('/api/v1/me/second-factor'),
  /** Starts the authenticator setup: returns the otpauth:// URI for the QR code, and the backup codes. */
  enableTotp: (password: string) =>
    api<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', {
      method: 'POST',
      body: { password },
    }),
  /** A code from the app: finishes the setup when signed in, or the sign-in's second step. */
  verifyTotp: (code: string) =>
    api<unknown>('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } }),
  verifyBackupCode: (code: string) =>
    api<unknown>('/api/auth/two-factor/verify-backup-code', { method: 'POST', body: { code } }),
  disableTotp: (password: string) =>
    api<unknown>('/api/auth/two-factor/disable', { method: 'POST', body: { password } }),
  regenerateBackupCodes: (password: string) =>
    api<{ backupCodes: string[] }>('/api/auth/two-factor/generate-backup-codes', {
      method: 'POST',
      body: { password },
    }),
  passkeys: () => api<Passkey[]>('/api/auth/passkey/list-user-passkeys'),
  addPasskey: async (password: string, name: string) => {
    const { startRegistration } = await webauthn();
    const optionsJSON = await api<Parameters<typeof startRegistration>[0]['optionsJSON']>(
      '/api/auth/passkey/generate-register-options',
    );
    const response = await startRegistration({ optionsJSON });
    return api<Passkey>('/api/auth/passkey/verify-registration', {
      method: 'POST',
      body: { response, name, password },
    });
  },
  removePasskey: (id: string, password: string) =>
    api<unknown>('/api/auth/passkey/delete-passkey', { method: 'POST', body: { id, password } }),
  signInWithPasskey: async () => {
    const { startAuthentication } = await webauthn();
    const optionsJSON = await api<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
      '/api/auth/passkey/generate-authenticate-options',
    );
    const response = await startAuthentication({ optionsJSON });
    return api<{ user: SessionUser }>('/api/auth/passkey/verify-authentication', {
      method: 'POST',
      body: { response },
    });
  },
};

/** What a failed WebAuthn ceremony says to the user (the browser's own errors are technical). */
export const passkeyErrorMessage = (error: unknown, fallback: string) => {
  if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError'))
    return 'The passkey request was cancelled or timed out.';
  return error instanceof Error && error.message ? error.message : fallback;
};
