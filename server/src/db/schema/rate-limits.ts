import { integer, timestamp, varchar } from 'drizzle-orm/pg-core';
import { authSchema } from './auth';

/**
 * Throttle and quota counters shared by every API process on one PostgreSQL database (the layout
 * rate-limiter-flexible's drizzle store expects). In the auth schema: keys name accounts (hashed) and
 * addresses, which the app role has no business reading.
 */
export const rateLimit = authSchema.table('rate_limit', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});
