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

/** The readings the Nightscout API hands back: newest first, or (history) by when they were stored. */
export interface NsReadingQuery {
  kind: 'sgv' | 'mbg' | 'all';
  count: number;
  fromMs?: number;
  toMs?: number;
  /** API v3 history: stored after this instant, oldest change first. */
  storedAfterMs?: number;
  ascending?: boolean;
}

export type NsReadingRow = {
  id: string;
  recorded_at: Date;
  value_mgdl: number;
  source: string;
  trend: string | null;
  created_at: Date;
};

export const selectNsReadings = async (tx: Tx, userId: string, q: NsReadingQuery) => {
  const where = [sql`user_id = ${userId}`];
  if (q.kind === 'sgv') where.push(sql`source not in ('manual', 'meter')`);
  if (q.kind === 'mbg') where.push(sql`source in ('manual', 'meter')`);
  if (q.fromMs !== undefined) where.push(sql`recorded_at >= ${new Date(q.fromMs).toISOString()}`);
  if (q.toMs !== undefined) where.push(sql`recorded_at <= ${new Date(q.toMs).toISOString()}`);
  // srvModified is whole milliseconds; PostgreSQL keeps microseconds, so "after" starts at the next ms.
  if (q.storedAfterMs !== undefined)
    where.push(sql`created_at >= ${new Date(q.storedAfterMs + 1).toISOString()}`);
  const order =
    q.storedAfterMs !== undefined
      ? sql`created_at asc, recorded_at asc`
      : q.ascending
        ? sql`recorded_at asc`
        : sql`recorded_at desc`;
  const result = await tx.execute<NsReadingRow>(sql`
    select id, recorded_at, value_mgdl, source, trend, created_at from glucose_readings
    where ${sql.join(where, sql` and `)} order by ${order} limit ${q.count}`);
  return result.rows;
};

/** The stored row of one uploaded reading (its id is the API v3 identifier). */
export const selectReadingAt = async (tx: Tx, userId: string, atMs: number, source: string) => {
  const result = await tx.execute<NsReadingRow>(sql`
    select id, recorded_at, value_mgdl, source, trend, created_at from glucose_readings
    where user_id = ${userId} and recorded_at = ${new Date(atMs).toISOString()} and source = ${source}`);
  return result.rows[0];
};

/** When the newest reading was stored: API v3 `lastModified` for entries. */
export const selectLastStored = async (tx: Tx, userId: string) => {
  const result = await tx.execute<{ at: Date | null }>(
    sql`select max(created_at) as at from glucose_readings where user_id = ${userId}`,
  );
  const at = result.rows[0]?.at;
  return at ? new Date(at).getTime() : null;
};

const UPLOADED = sql`source like 'device:nightscout:%'`;

/** Deletes one reading an uploader sent (never one typed in or imported); false when there is none. */
export const deleteUploadedReading = async (tx: Tx, userId: string, id: string) => {
  const result = await tx.execute(sql`
    delete from glucose_readings where user_id = ${userId} and id = ${id} and ${UPLOADED} returning id`);
  return result.rows.length > 0;
};

/** Deletes the uploaded sensor readings in a time range (v1 `DELETE /entries?find[date]…`). */
export const deleteUploadedReadings = async (tx: Tx, userId: string, fromMs?: number, toMs?: number) => {
  const where = [sql`user_id = ${userId}`, UPLOADED];
  if (fromMs !== undefined) where.push(sql`recorded_at >= ${new Date(fromMs).toISOString()}`);
  if (toMs !== undefined) where.push(sql`recorded_at <= ${new Date(toMs).toISOString()}`);
  const result = await tx.execute(
    sql`delete from glucose_readings where ${sql.join(where, sql` and `)} returning id`,
  );
  return result.rows.length;
};

/** Links a treatment's identifier to an entry it created, so a DELETE by that identifier finds it. */
export const linkEntryKey = (tx: Tx, userId: string, key: string, entryId: string) =>
  tx.execute(sql`
    insert into device_entry_keys (user_id, source, external_key, entry_id)
    values (${userId}, 'nightscout', ${key}, ${entryId}) on conflict do nothing`);

/**
 * Deletes the entries an uploaded treatment created, found through its identifier's links (so never a
 * meal or insulin entry the user made in the app). The (kind, time, device) keys stay claimed: a
 * replay of the deleted treatment stays a no-op. Answers how many links it found.
 */
export const deleteLinkedEntries = async (tx: Tx, userId: string, keyPrefix: string) => {
  const links = await tx.execute<{ entry_id: string }>(sql`
    delete from device_entry_keys
    where user_id = ${userId} and source = 'nightscout' and starts_with(external_key, ${keyPrefix})
    returning entry_id`);
  const ids = links.rows.map((r) => r.entry_id);
  if (ids.length)
    await tx.execute(sql`
      delete from tracker_entries where user_id = ${userId}
        and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`);
  return ids.length;
};
