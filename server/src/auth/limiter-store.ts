import { sql } from 'drizzle-orm';
import {
  type RateLimiterAbstract,
  RateLimiterDrizzle,
  RateLimiterMemory,
  type RateLimiterStoreAbstract,
} from 'rate-limiter-flexible';
import type { Database } from '../db/database';
import { rateLimit } from '../db/schema';

export interface LimiterOptions {
  keyPrefix: string;
  points: number;
  /** Seconds until a counter starts afresh; 0 = never. */
  duration: number;
}

export type Limiter = RateLimiterAbstract | RateLimiterStoreAbstract;
export type LimiterFactory = (opts: LimiterOptions) => Limiter;

/**
 * Where throttle and quota counters live. Several API processes can serve one PostgreSQL database, so
 * there the counters are rows in `auth.rate_limit` (atomic upserts) and every process sees the same
 * count. The embedded store allows one process only, which may keep them in memory.
 */
export const createLimiterFactory = (db: Database): LimiterFactory =>
  db.kind === 'postgres'
    ? // No timer of its own to delete expired rows: each limiter's ran the same whole-table delete every
      // 5 minutes (some twenty per process) and kept running after the database closed, failing with
      // "Cannot use a pool after calling end on the pool" (found by the soak bench). The hourly sweep
      // (jobs/file-sweeps.ts) deletes them once: pruneSpentCounters.
      (opts) =>
        new RateLimiterDrizzle({
          ...opts,
          storeClient: db.owner,
          schema: rateLimit,
          clearExpiredByTimeout: false,
        })
    : (opts) => new RateLimiterMemory(opts);

/** A counter is kept this long after it expired (rate-limiter-flexible's own rule), then deleted. */
export const SPENT_COUNTER_KEPT_MS = 3_600_000;

/** Deletes the counters in `auth.rate_limit` that expired more than an hour before `now`; returns how many. */
export const pruneSpentCounters = async (db: Database, now: Date) => {
  const before = new Date(now.getTime() - SPENT_COUNTER_KEPT_MS).toISOString();
  const { rows } = await db.owner.execute<{ n: number }>(sql`
    with spent as (delete from auth.rate_limit where expire < ${before}::timestamptz returning 1)
    select count(*)::int as n from spent`);
  return rows[0]?.n ?? 0;
};
