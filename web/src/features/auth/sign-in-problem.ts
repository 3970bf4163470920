import { ApiError } from '@/lib/api';

/**
 * Whether a refused sign-in means the email is not confirmed yet: only then does resending the
 * confirmation help. Other refusals (waiting for an admin's approval, a disabled account) are shown in
 * the server's own words. Codes are compared in any case: the auth library and the problem mapper differ.
 */
export const isUnconfirmedEmail = (error: unknown) =>
  error instanceof ApiError && error.code?.toUpperCase() === 'EMAIL_NOT_VERIFIED';
