import { z } from 'zod';

/** How recent a sign-in must be for an account without a password to delete itself. */
export const RECENT_SIGN_IN_MINUTES = 10;

/**
 * Deleting an account (your own, or another's from the admin console): your password, and with
 * two-factor on, a code from your authenticator app or one of your backup codes. An account that signs
 * in only with Google has no password: a sign-in within the last few minutes confirms it instead.
 */
export const AccountDeleteRequest = z.strictObject({
  password: z.string().max(1024).optional(),
  /** A six-digit authenticator code, or a backup code. */
  code: z.string().trim().max(64).optional(),
});
export type AccountDeleteRequest = z.infer<typeof AccountDeleteRequest>;

export const ACCOUNT_DELETED_MESSAGE = 'Your account and everything in it have been deleted.';
export const SIGN_IN_AGAIN_TO_DELETE_MESSAGE = `For your safety, sign in again, then delete your account within ${RECENT_SIGN_IN_MINUTES} minutes.`;
export const DEPENDENTS_REMAIN_MESSAGE =
  'You still keep people in your household. Delete them, or add another guardian for them, before you delete your account.';
