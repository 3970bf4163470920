import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { entryClientIds } from '../../db/schema';

/**
 * Claims a browser's id for the entry it queued offline, naming the entry this request will store
 * (`entryId`, chosen before the insert; the claim commits with the entry or not at all). True when
 * this request is the first to send it; a concurrent replay waits here on the unique key until the
 * first commits, then finds it taken.
 */
export const claimClientId = async (tx: Tx, userId: string, clientId: string, entryId: string) =>
  (
    await tx
      .insert(entryClientIds)
      .values({ userId, clientId, entryId })
      .onConflictDoNothing()
      .returning({ clientId: entryClientIds.clientId })
  ).length > 0;

export const entryOfClientId = async (tx: Tx, userId: string, clientId: string) => {
  const [row] = await tx
    .select({ entryId: entryClientIds.entryId })
    .from(entryClientIds)
    .where(and(eq(entryClientIds.userId, userId), eq(entryClientIds.clientId, clientId)));
  return row?.entryId ?? null;
};

/**
 * How long a browser's id is remembered. The offline queue is sealed with a key held in memory for the
 * page's life, so nothing can be replayed after the tab is gone: a month is far longer than any replay.
 */
export const CLIENT_ID_DAYS = 31;

/** Forgets ids older than that, a batch at a time (the hourly sweeps). */
export const pruneOldClientIds = async (tx: Tx, now: Date, limit: number) => {
  const before = new Date(now.getTime() - CLIENT_ID_DAYS * 86_400_000);
  const { rows } = await tx.execute<{ client_id: string }>(sql`
    delete from entry_client_ids where ctid in (
      select ctid from entry_client_ids where created_at < ${before.toISOString()}::timestamptz limit ${limit})
    returning client_id`);
  return rows.length;
};
