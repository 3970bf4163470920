import { z } from 'zod';
import { text } from '../http/text';
import { UserType } from '../profiles/profile.schema';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const Email = z.string().trim().toLowerCase().email('Please enter a valid email address').max(254);

export const Password = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`);

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a less common password.';

export const SignInRequest = z.object({ email: Email, password: z.string().min(1, 'Password is required') });
/**
 * `userType` is the platform chosen before signing up (/auth?type=…), kept with the account so it holds
 * once the address is confirmed, on any device; `timezone` is the browser's, for the new profile (one
 * the server does not know is ignored: the profile stays UTC, as at the first set-up).
 */
export const SignUpRequest = z.object({
  email: Email,
  password: Password,
  name: text().trim().max(100).optional(),
  userType: UserType.optional(),
  timezone: z.string().max(64).optional(),
});

export const AuthProvidersResponse = z.object({
  google: z.boolean(),
  emailDelivery: z.enum(['smtp', 'outbox']),
});
export type AuthProvidersResponse = z.infer<typeof AuthProvidersResponse>;
