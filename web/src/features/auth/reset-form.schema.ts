import { Password } from '@healthfolio/core/auth/credentials.schema';
import { z } from 'zod';

/** The reset-password form's rules; loaded on first validation, with zod, not with the page. */
export const ResetForm = z
  .object({ newPassword: Password, confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, { path: ['confirm'], message: 'The passwords do not match' });
