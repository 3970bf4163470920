import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { ProblemError } from '../http/problem';

export interface ThrottleOptions {
  perAccount: number;
  perIp: number;
  windowSeconds: number;
}

/** A 429 problem that says how long to wait, with the matching Retry-After header. */
export const tooMany = (res: RateLimiterRes, what = 'attempts') => {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new ProblemError(
    429,
    'rate_limited',
    `Too many ${what}. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
};

/**
 * Attempt counters per IP and per account for the credential endpoints. They are consulted before
 * the password is hashed or checked, so a flood costs us no hashing. Kept in process memory: with
 * several API processes each counts on its own (documented in docs/operations.md).
 */
export const createAuthThrottle = (opts: ThrottleOptions) => {
  const byIp = new RateLimiterMemory({ keyPrefix: 'ip', points: opts.perIp, duration: opts.windowSeconds });
  const byAccount = new RateLimiterMemory({
    keyPrefix: 'acct',
    points: opts.perAccount,
    duration: opts.windowSeconds,
  });

  return {
    /** Counts one attempt; throws a 429 problem when either counter is spent. */
    async consume(action: string, ip: string, account?: string) {
      try {
        await byIp.consume(`${action}:${ip}`);
        if (account) await byAccount.consume(`${action}:${account}`);
      } catch (err) {
        if (err instanceof RateLimiterRes) throw tooMany(err);
        throw err;
      }
    },
    /** A successful sign-in clears that account's failures so the real user is not held back. */
    async reset(action: string, account: string) {
      await byAccount.delete(`${action}:${account}`);
    },
  };
};

export type AuthThrottle = ReturnType<typeof createAuthThrottle>;
