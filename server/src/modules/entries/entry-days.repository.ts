import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { entriesRelation } from './entries.repository';

/** The user's per-day, per-tracker entry counters (kept by triggers, see schema/entry-days.ts). */
export const selectEntryDays = async (tx: Tx, userId: string) => {
  const result = await tx.execute<{ date: string; tracker: string; entries: number }>(
    sql`select day::text as date, tracker, entries from entry_days where user_id = ${userId}`,
  );
  return result.rows;
};

/**
 * How many of the user's entries lie after `after` (beyond the clock skew: rows stored before the
 * no-future rule); normally none, an index range that finds nothing.
 */
export const countEntriesAfter = async (tx: Tx, userId: string, after: string) => {
  const result = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from (${entriesRelation(userId)}) e where occurred_at > ${after}::timestamptz`,
  );
  return result.rows[0]?.n ?? 0;
};
