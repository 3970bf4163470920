import { z } from 'zod';

/** Machine-readable error codes carried in every problem response's `code`. */
export const ERROR_CODES = [
  'validation_failed',
  'malformed_json',
  'not_found',
  'method_not_allowed',
  'payload_too_large',
  'unsupported_media_type',
  'unauthenticated',
  'forbidden',
  'two_factor_required',
  'second_factor_required',
  'invalid_password',
  'csrf_rejected',
  'rate_limited',
  'conflict',
  'database_unavailable',
  'insufficient_storage',
  'internal_error',
  'dose_above_maximum',
  'high_dose_unconfirmed',
  'insulin_settings_required',
  'person_not_found',
  'too_many_dependents',
  'password_incorrect',
  'password_required',
  'invitation_invalid',
  'invitation_wrong_account',
  'last_guardian',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ProblemFieldError = z.object({ path: z.string(), message: z.string() });

/** RFC 9457 problem details, the one error shape of the API. */
export const ProblemResponse = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  code: z.string(),
  requestId: z.string().optional(),
  errors: z.array(ProblemFieldError).optional(),
});
export type ProblemResponse = z.infer<typeof ProblemResponse>;
