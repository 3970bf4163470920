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
    ? (opts) => new RateLimiterDrizzle({ ...opts, storeClient: db.owner, schema: rateLimit })
    : (opts) => new RateLimiterMemory(opts);
