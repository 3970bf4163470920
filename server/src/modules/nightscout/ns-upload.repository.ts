import type { TrackerKey } from '@healthfolio/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';

/** An entry from an outside record (a Nightscout treatment, a Terra sample), written once per key. */
export interface ClaimedEntry {
  /** The outside record's key under the source: a replay of it adds nothing. */
  key: string;
  /** A second key naming the entry (an uploaded treatment's identifier), so a delete by it finds it. */
  link?: string;
  tracker: TrackerKey;
  occurredAt: Date;
  notes: string | null;
  data: Record<string, unknown>;
}

/**
 * Claims each entry's key and writes the entries whose key was new: three statements whatever the
 * batch's size (rows travel as one JSON parameter, so no bind-parameter limit either). Concurrent
 * claims of one key wait on the primary key, so exactly one of them wins; a key twice in the batch
 * counts once. Answers how many entries were written.
 */
export const insertClaimedEntries = async (
  tx: Tx,
  userId: string,
  source: string,
  entries: ClaimedEntry[],
) => {
  const byKey = new Map<string, ClaimedEntry>();
  for (const e of entries) if (!byKey.has(e.key)) byKey.set(e.key, e);
  const unique = [...byKey.values()];
  if (!unique.length) return 0;
  const claimed = await tx.execute<{ external_key: string; entry_id: string }>(sql`
    insert into device_entry_keys (user_id, source, external_key, entry_id)
    select ${userId}, ${source}, k, gen_random_uuid()
    from jsonb_array_elements_text(${JSON.stringify(unique.map((e) => e.key))}::jsonb) as k
    on conflict do nothing returning external_key, entry_id`);
  const idOf = new Map(claimed.rows.map((r) => [r.external_key, r.entry_id]));
  const fresh = unique.flatMap((e) => {
    const id = idOf.get(e.key);
    return id ? [{ ...e, id }] : [];
  });
  if (!fresh.length) return 0;
  const rows = fresh.map((e) => ({
    id: e.id,
    tracker: e.tracker,
    occurred_at: e.occurredAt.toISOString(),
    notes: e.notes,
    data: e.data,
  }));
  await tx.execute(sql`
    insert into tracker_entries (id, user_id, tracker, occurred_at, notes, data)
    select r.id, ${userId}, r.tracker, r.occurred_at, r.notes, r.data
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as r(id uuid, tracker text, occurred_at timestamptz, notes text, data jsonb)`);
  const links = fresh.flatMap((e) => (e.link ? [{ key: e.link, entry_id: e.id }] : []));
  if (links.length)
    await tx.execute(sql`
      insert into device_entry_keys (user_id, source, external_key, entry_id)
      select ${userId}, ${source}, l.key, l.entry_id
      from jsonb_to_recordset(${JSON.stringify(links)}::jsonb) as l(key text, entry_id uuid)
      on conflict do nothing`);
  return fresh.length;
};

/** The readings the Nightscout API hands back: newest first, or (history) by when they were stored. */
export interface NsReadingQuery {
  kind: 'sgv' | 'mbg' | 'all';
  count: number;
  fromMs?: number;
  toMs?: number;
  /** API v3 history: stored or changed after this instant, oldest change first. */
  storedAfterMs?: number;
  ascending?: boolean;
  /** More conditions (API v1 `find[...]` on `date` or `sgv`), on `recorded_at` and `value_mgdl`. */
  extra?: SQL[];
}

export type NsReadingRow = {
  id: string;
  recorded_at: Date;
  value_mgdl: number;
  source: string;
  trend: string | null;
  created_at: Date;
  /** When the row last changed (a resend with other fields, an edit): API v3's `srvModified`. */
  updated_at: Date;
  ns_fields?: Record<string, unknown> | null;
};

export const selectNsReadings = async (tx: Tx, userId: string, q: NsReadingQuery) => {
  const where = [sql`user_id = ${userId}`];
  if (q.kind === 'sgv') where.push(sql`source not in ('manual', 'meter')`);
  if (q.kind === 'mbg') where.push(sql`source in ('manual', 'meter')`);
  if (q.fromMs !== undefined) where.push(sql`recorded_at >= ${new Date(q.fromMs).toISOString()}`);
  if (q.toMs !== undefined) where.push(sql`recorded_at <= ${new Date(q.toMs).toISOString()}`);
  // srvModified is whole milliseconds; PostgreSQL keeps microseconds, so "after" starts at the next ms.
  if (q.storedAfterMs !== undefined)
    where.push(sql`updated_at >= ${new Date(q.storedAfterMs + 1).toISOString()}`);
  if (q.extra) where.push(...q.extra);
  const order =
    q.storedAfterMs !== undefined
      ? sql`updated_at asc, recorded_at asc`
      : q.ascending
        ? sql`recorded_at asc`
        : sql`recorded_at desc`;
  const result = await tx.execute<NsReadingRow>(sql`
    select id, recorded_at, value_mgdl, source, trend, created_at, updated_at, ns_fields from glucose_readings
    where ${sql.join(where, sql` and `)} order by ${order} limit ${q.count}`);
  return result.rows;
};

/** The stored row of one uploaded reading (its id is the API v3 identifier). */
export const selectReadingAt = async (tx: Tx, userId: string, atMs: number, source: string) => {
  const result = await tx.execute<NsReadingRow>(sql`
    select id, recorded_at, value_mgdl, source, trend, created_at, updated_at, ns_fields from glucose_readings
    where user_id = ${userId} and recorded_at = ${new Date(atMs).toISOString()} and source = ${source}`);
  return result.rows[0];
};

/** One reading by its row id (API v3's identifier). */
export const selectReadingById = async (tx: Tx, userId: string, id: string) => {
  const result = await tx.execute<NsReadingRow>(sql`
    select id, recorded_at, value_mgdl, source, trend, created_at, updated_at, ns_fields from glucose_readings
    where user_id = ${userId} and id = ${id}`);
  return result.rows[0];
};

/** When a reading was last stored or changed: API v3 `lastModified` for entries. */
export const selectLastStored = async (tx: Tx, userId: string) => {
  const result = await tx.execute<{ at: Date | null }>(
    sql`select max(updated_at) as at from glucose_readings where user_id = ${userId}`,
  );
  const at = result.rows[0]?.at;
  return at ? new Date(at).getTime() : null;
};

const UPLOADED = sql`source like 'device:nightscout:%'`;

/** Deletes one reading an uploader sent (never one typed in or imported); false when there is none. */
/** Deletes one uploaded reading; answers the times of what it deleted (none or one). */
export const deleteUploadedReading = async (tx: Tx, userId: string, id: string) => {
  const result = await tx.execute<{ recorded_at: string | Date }>(sql`
    delete from glucose_readings where user_id = ${userId} and id = ${id} and ${UPLOADED}
    returning recorded_at`);
  return result.rows.map((r) => new Date(r.recorded_at));
};

/**
 * Deletes the uploaded sensor readings in a time range (v1 `DELETE /entries?find[date]…`); answers
 * the times of what it deleted.
 */
export const deleteUploadedReadings = async (tx: Tx, userId: string, fromMs?: number, toMs?: number) => {
  const where = [sql`user_id = ${userId}`, UPLOADED];
  if (fromMs !== undefined) where.push(sql`recorded_at >= ${new Date(fromMs).toISOString()}`);
  if (toMs !== undefined) where.push(sql`recorded_at <= ${new Date(toMs).toISOString()}`);
  const result = await tx.execute<{ recorded_at: string | Date }>(
    sql`delete from glucose_readings where ${sql.join(where, sql` and `)} returning recorded_at`,
  );
  return result.rows.map((r) => new Date(r.recorded_at));
};

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

/** How many readings an API v1 entries query matches (Nightscout's `/count/entries/where`). */
export const countNsReadings = async (tx: Tx, userId: string, q: Pick<NsReadingQuery, 'kind' | 'extra'>) => {
  const where = [sql`user_id = ${userId}`];
  if (q.kind === 'sgv') where.push(sql`source not in ('manual', 'meter')`);
  if (q.kind === 'mbg') where.push(sql`source in ('manual', 'meter')`);
  if (q.extra) where.push(...q.extra);
  const { rows } = await tx.execute<{ n: number | string }>(
    sql`select count(*) as n from glucose_readings where ${sql.join(where, sql` and `)}`,
  );
  return Number(rows[0]?.n ?? 0);
};
