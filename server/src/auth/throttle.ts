import { createHmac } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { ipBucket } from '../http/client-ip';
import { ProblemError } from '../http/problem';
import type { Limiter, LimiterFactory } from './limiter-store';

export interface ThrottleOptions {
  perAccount: number;
  perIp: number;
  windowSeconds: number;
}

/** Every /api/auth request (session reads, sign-out, links, OAuth) shares a wider per-IP budget. */
export const GENERAL_FACTOR = 20;
/** The longest an account is held back after repeated blocks. */
export const MAX_BLOCK_SECONDS = 24 * 3600;
/** Blocks are remembered this long after the last one; then the next block starts short again. */
const STRIKE_MEMORY_SECONDS = 2 * MAX_BLOCK_SECONDS;

/** A 429 problem that says how long to wait, with the matching Retry-After header. */
export const tooMany = (res: RateLimiterRes | { msBeforeNext: number }, what = 'attempts') => {
  const seconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return new ProblemError(
    429,
    'rate_limited',
    `Too many ${what}. Please wait ${seconds} second${seconds === 1 ? '' : 's'} and try again.`,
    undefined,
    { 'retry-after': String(seconds) },
  );
};

/** Consumes a point; a spent counter becomes the 429 problem. */
export const consumeOr429 = async (limiter: Limiter, key: string, what?: string) => {
  try {
    await limiter.consume(key);
  } catch (err) {
    if (err instanceof RateLimiterRes) throw tooMany(err, what);
    throw err;
  }
};

/**
 * Attempt counters for the auth endpoints, consulted before any password is hashed or checked, so a
 * flood costs no hashing. Per IP (IPv6 by /64) and per account. An account that runs out is blocked
 * for one window, and each further block within two days doubles (up to a day): a fixed window would
 * let an attacker renew their guesses forever at a steady rate. Counters live where
 * `createLimiterFactory` puts them: shared in PostgreSQL, or in memory on the one-process embedded store.
 */
export const createAuthThrottle = (opts: ThrottleOptions, limiter: LimiterFactory, secret: string) => {
  const window = opts.windowSeconds;
  const byIp = limiter({ keyPrefix: 'auth-ip', points: opts.perIp, duration: window });
  const anyByIp = limiter({ keyPrefix: 'auth-any', points: opts.perIp * GENERAL_FACTOR, duration: window });
  const byAccount = limiter({ keyPrefix: 'auth-acct', points: opts.perAccount, duration: window });
  const strikes = limiter({ keyPrefix: 'auth-strike', points: 1_000_000, duration: STRIKE_MEMORY_SECONDS });
  // Counter rows name accounts by a keyed hash, never by address.
  const accountKey = (action: string, account: string) =>
    `${action}:${createHmac('sha256', secret).update(account.trim().toLowerCase()).digest('base64url')}`;

  const blockAccount = async (key: string) => {
    const n = ((await strikes.get(key))?.consumedPoints ?? 0) + 1;
    await strikes.set(key, n, STRIKE_MEMORY_SECONDS);
    const seconds = Math.min(MAX_BLOCK_SECONDS, window * 2 ** (n - 1));
    await byAccount.block(key, seconds);
    return tooMany({ msBeforeNext: seconds * 1000 });
  };

  return {
    /** Any /api/auth request: one point from the client's general budget. */
    general: (ip: string) => consumeOr429(anyByIp, ipBucket(ip), 'requests'),
    /** Counts one credential attempt; throws a 429 problem when the IP or the account is spent. */
    async consume(action: string, ip: string, account?: string) {
      await consumeOr429(byIp, `${action}:${ipBucket(ip)}`);
      if (!account) return;
      const key = accountKey(action, account);
      try {
        await byAccount.consume(key);
      } catch (err) {
        if (!(err instanceof RateLimiterRes)) throw err;
        // Exactly one attempt finds the counter just spent: it starts the (growing) block.
        if (err.consumedPoints === opts.perAccount + 1) throw await blockAccount(key);
        throw tooMany(err);
      }
    },
    /** A successful sign-in clears that account's failures and past blocks, so the real user is not held back. */
    async reset(action: string, account: string) {
      const key = accountKey(action, account);
      await Promise.all([byAccount.delete(key), strikes.delete(key)]);
    },
  };
};

export type AuthThrottle = ReturnType<typeof createAuthThrottle>;
