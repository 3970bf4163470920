import { z } from 'zod';

/** What an admin without a second factor is told by every admin route (code `two_factor_required`). */
export const TWO_FACTOR_REQUIRED_MESSAGE =
  'Set up two-factor sign-in (an authenticator app or a passkey) before using admin features.';

/** What an admin signed in without their second factor (e.g. with Google) is told (`second_factor_required`). */
export const SECOND_FACTOR_REQUIRED_MESSAGE =
  'Confirm it is you with your authenticator app, a backup code or a passkey before using admin features.';

/** A 6-digit code from an authenticator app; spaces typed or pasted between the digits are dropped. */
export const TotpCode = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app'));

/**
 * A backup code as better-auth issues them (`abcde-12345`): typed with or without the dash, and
 * trimmed; the check itself is exact, so the dash is put back.
 */
export const BackupCode = z
  .string()
  .transform((v) => v.trim().replace(/[\s-]+/g, ''))
  .pipe(z.string().regex(/^[A-Za-z0-9]{10}$/, 'Enter one of your backup codes (10 letters and digits)'))
  .transform((v) => `${v.slice(0, 5)}-${v.slice(5)}`);

export const TwoFactorCodeRequest = z.object({ code: TotpCode });
export const BackupCodeRequest = z.object({ code: BackupCode });

/** Settings → Security and the admin gate: which second factors the signed-in user has. */
export const SecondFactorStatusResponse = z.object({
  totp: z.boolean(),
  passkeys: z.number().int().min(0),
  /** An authenticator app or at least one passkey. */
  enabled: z.boolean(),
  /** Admins must have one before any admin route answers. */
  required: z.boolean(),
  /** This session passed a second factor (at sign-in, or confirmed later); admin routes need it. */
  sessionVerified: z.boolean(),
});
export type SecondFactorStatusResponse = z.infer<typeof SecondFactorStatusResponse>;
