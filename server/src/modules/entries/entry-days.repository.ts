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

/** Instants of the user's entries at or after `from`: the few a day counter cannot judge. */
export const selectEntryInstantsFrom = async (tx: Tx, userId: string, from: string) => {
  const result = await tx.execute<{ occurred_at: Date }>(
    sql`select occurred_at from (${entriesRelation(userId)}) e where occurred_at >= ${from}::timestamptz`,
  );
  return result.rows.map((r) => r.occurred_at);
};
