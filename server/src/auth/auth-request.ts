import {
  COMMON_PASSWORD_MESSAGE,
  Email,
  PASSWORD_MIN,
  Password,
  SignInRequest,
  SignUpRequest,
  TimeZone,
  UserType,
} from '@healthfolio/core';
import { dictionary } from '@zxcvbn-ts/language-common';
import { z } from 'zod';
import { ProblemError, validationProblem } from '../http/problem';

const EmailOnly = z.looseObject({ email: Email });

// zxcvbn-ts's maintained list of the ~49,000 most common leaked passwords (lower case). Compared case-
// insensitively: `Password123` is no harder to guess than `password123`.
const commonPasswords = new Set(dictionary['passwords-common']);

/** One of the most common leaked passwords (compared case-insensitively). */
export const isCommonPassword = (pw: string) => commonPasswords.has(pw.toLowerCase());

const notCommon = (field: string) => (v: { [k: string]: unknown }) => {
  const pw = v[field];
  // A too-short password gets the length message alone (the list also holds short ones like `short`).
  return typeof pw !== 'string' || pw.length < PASSWORD_MIN || !commonPasswords.has(pw.toLowerCase());
};

/** What our wrapper checks, and how it throttles, per better-auth endpoint. */
export const AUTH_RULES: Record<
  string,
  // account: per IP and per address in the body; session: per IP and per signed-in user; ip: per IP.
  { schema: z.ZodType; throttle?: 'account' | 'session' | 'ip'; passwordField?: string }
> = {
  '/sign-up/email': {
    schema: SignUpRequest.loose().refine(notCommon('password'), {
      message: COMMON_PASSWORD_MESSAGE,
      path: ['password'],
    }),
    throttle: 'account',
  },
  '/sign-in/email': { schema: SignInRequest.loose(), throttle: 'account' },
  '/send-verification-email': { schema: EmailOnly, throttle: 'account' },
  '/request-password-reset': { schema: EmailOnly, throttle: 'account' },
  '/reset-password': {
    schema: z
      .looseObject({ newPassword: Password, token: z.string().min(1) })
      .refine(notCommon('newPassword'), { message: COMMON_PASSWORD_MESSAGE, path: ['newPassword'] }),
    throttle: 'ip',
  },
  '/change-password': {
    schema: z
      .looseObject({ newPassword: Password, currentPassword: z.string().min(1) })
      .refine(notCommon('newPassword'), { message: COMMON_PASSWORD_MESSAGE, path: ['newPassword'] }),
    throttle: 'session',
  },
};

/** A password re-entered to confirm a change (change password, second factors) that is not the account's. */
export const WRONG_CURRENT_PASSWORD = 'Your current password is not right.';

/** Parses and validates a credential request body, returning the normalised body to forward. */
export const parseAuthBody = (path: string, raw: string): Record<string, unknown> | undefined => {
  const rule = AUTH_RULES[path];
  if (!rule) return undefined;
  let json: unknown;
  try {
    json = raw ? JSON.parse(raw) : {};
  } catch {
    throw new ProblemError(400, 'malformed_json', 'The request body is not valid JSON.');
  }
  const parsed = rule.schema.safeParse(json);
  if (!parsed.success) {
    const common = parsed.error.issues.find((i) => i.message === COMMON_PASSWORD_MESSAGE);
    if (common)
      throw new ProblemError(400, 'password_too_common', COMMON_PASSWORD_MESSAGE, [
        { path: common.path.join('.'), message: common.message },
      ]);
    throw validationProblem(parsed.error);
  }
  const body = parsed.data as Record<string, unknown>;
  if (path === '/sign-up/email') body.name = typeof body.name === 'string' ? body.name : '';
  return body;
};

/**
 * What an email sign-up chose for the new profile (better-auth's create hook, `path` and `body` of its
 * request): the platform picked before signing up, so it holds after the address is confirmed, and
 * the browser's zone when the server knows it. Nothing for other ways in (Google sets up after).
 */
export const signUpChoices = (path: string | undefined, body: unknown) => {
  if (path !== '/sign-up/email' || typeof body !== 'object' || body === null) return {};
  const { userType, timezone } = body as Record<string, unknown>;
  const type = UserType.safeParse(userType);
  const zone = TimeZone.safeParse(timezone);
  return {
    ...(type.success ? { userType: type.data } : {}),
    ...(zone.success ? { timezone: zone.data } : {}),
  };
};
