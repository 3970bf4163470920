import { randomUUID } from 'node:crypto';
import type { TrackerKey } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { trackerEntries } from '../../db/schema';

/**
 * Claims an outside record's key for a new entry id; null when it was claimed before (a replay).
 * Concurrent claims of one key wait on the unique index, so exactly one of them wins.
 */
export const claimEntryKey = async (tx: Tx, userId: string, source: string, key: string) => {
  const id = randomUUID();
  const result = await tx.execute<{ entry_id: string }>(sql`
    insert into device_entry_keys (user_id, source, external_key, entry_id)
    values (${userId}, ${source}, ${key}, ${id})
    on conflict do nothing returning entry_id`);
  return result.rows[0]?.entry_id ?? null;
};

export const insertEntryWithId = async (
  tx: Tx,
  values: {
    id: string;
    userId: string;
    tracker: TrackerKey;
    occurredAt: Date;
    notes: string | null;
    data: Record<string, unknown>;
  },
) => {
  await tx.insert(trackerEntries).values(values);
};

export const selectNsReadings = async (
  tx: Tx,
  userId: string,
  q: { kind: 'sgv' | 'mbg' | 'all'; count: number; fromMs?: number; toMs?: number },
) => {
  const where = [sql`user_id = ${userId}`];
  if (q.kind === 'sgv') where.push(sql`source not in ('manual', 'meter')`);
  if (q.kind === 'mbg') where.push(sql`source in ('manual', 'meter')`);
  if (q.fromMs !== undefined) where.push(sql`recorded_at >= ${new Date(q.fromMs).toISOString()}`);
  if (q.toMs !== undefined) where.push(sql`recorded_at <= ${new Date(q.toMs).toISOString()}`);
  const result = await tx.execute<{ recorded_at: Date; value_mgdl: number; source: string }>(sql`
    select recorded_at, value_mgdl, source from glucose_readings
    where ${sql.join(where, sql` and `)} order by recorded_at desc limit ${q.count}`);
  return result.rows;
};
