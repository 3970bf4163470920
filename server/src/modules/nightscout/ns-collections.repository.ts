import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { upsertProfileSwitches } from './ns-profile-switch';

/**
 * The Nightscout collections kept whole (treatments, device status, profiles): one statement per
 * batch whatever its size (rows travel as one JSON parameter), every query filtered by the user
 * besides the row-level security.
 */
export type NsCollection = 'treatments' | 'devicestatus' | 'profile';

/** Table, the document's own time ("created_at" / "startDate") and when the row last changed. */
export const COLLECTION_TABLES: Record<NsCollection, { table: SQL; time: SQL; modified: SQL }> = {
  treatments: {
    table: sql.raw('ns_treatments'),
    time: sql.raw('occurred_at'),
    modified: sql.raw('modified_at'),
  },
  devicestatus: {
    table: sql.raw('ns_devicestatus'),
    time: sql.raw('occurred_at'),
    modified: sql.raw('created_at'),
  },
  profile: { table: sql.raw('ns_profiles'), time: sql.raw('start_date'), modified: sql.raw('modified_at') },
};

export type StoredDoc = {
  identifier: string;
  doc: Record<string, unknown>;
  occurred_at: Date | string;
  created_at: Date | string;
  modified_at: Date | string;
};

export interface TreatmentRow {
  identifier: string;
  dedupeKey: string;
  eventType: string;
  occurredAt: Date;
  doc: Record<string, unknown>;
}

const lastByKey = <T>(rows: T[], key: (r: T) => string) => [
  ...new Map(rows.map((r) => [key(r), r])).values(),
];

/**
 * Treatments, replaced on a resend as Nightscout's upsert does (same identifier, else same
 * `created_at` + `eventType`), their profile switches with them. Answers each stored identifier and
 * whether it was new.
 */
export const upsertTreatments = async (
  tx: Tx,
  userId: string,
  credentialId: string | null,
  rows: TreatmentRow[],
) => {
  const unique = lastByKey(rows, (r) => r.dedupeKey);
  if (!unique.length) return [];
  const json = unique.map((r) => ({
    identifier: r.identifier,
    dedupe_key: r.dedupeKey,
    event_type: r.eventType,
    occurred_at: r.occurredAt.toISOString(),
    doc: r.doc,
  }));
  const { rows: out } = await tx.execute<{ identifier: string; inserted: boolean }>(sql`
    insert into ns_treatments (user_id, credential_id, identifier, dedupe_key, event_type, occurred_at, doc)
    select ${userId}, ${credentialId}, r.identifier, r.dedupe_key, r.event_type, r.occurred_at, r.doc
    from jsonb_to_recordset(${JSON.stringify(json)}::jsonb)
      as r(identifier text, dedupe_key text, event_type text, occurred_at timestamptz, doc jsonb)
    on conflict (user_id, dedupe_key) do update set
      identifier = excluded.identifier, event_type = excluded.event_type, occurred_at = excluded.occurred_at,
      doc = excluded.doc, credential_id = coalesce(excluded.credential_id, ns_treatments.credential_id),
      modified_at = now()
    returning identifier, (xmax = 0) as inserted`);
  await upsertProfileSwitches(tx, userId, unique);
  return out;
};

/**
 * Deletes the treatment documents with this identifier that this credential uploaded; `part` keeps
 * to the one holding that field (AndroidAPS' bolus and its carbs can share an identifier).
 */
export const deleteTreatmentDocs = async (
  tx: Tx,
  userId: string,
  credentialId: string,
  identifier: string,
  part: 'insulin' | 'carbs' | null = null,
) => {
  const { rows } = await tx.execute(sql`
    delete from ns_treatments
    where user_id = ${userId} and identifier = ${identifier} and credential_id = ${credentialId}
      ${part ? sql`and doc ? ${part}` : sql``}
    returning id`);
  return rows.length;
};

export interface StatusRow {
  identifier: string;
  device: string;
  occurredAt: Date;
  doc: Record<string, unknown>;
}

/** Device status documents; a resend of the same time and device replaces the first. */
export const upsertDeviceStatus = async (tx: Tx, userId: string, rows: StatusRow[]) => {
  const unique = lastByKey(rows, (r) => `${r.occurredAt.getTime()} ${r.device}`);
  if (!unique.length) return [];
  const json = unique.map((r) => ({
    identifier: r.identifier,
    device: r.device,
    occurred_at: r.occurredAt.toISOString(),
    doc: r.doc,
  }));
  const { rows: out } = await tx.execute<{ identifier: string; inserted: boolean }>(sql`
    insert into ns_devicestatus (user_id, identifier, device, occurred_at, doc)
    select ${userId}, r.identifier, r.device, r.occurred_at, r.doc
    from jsonb_to_recordset(${JSON.stringify(json)}::jsonb)
      as r(identifier text, device text, occurred_at timestamptz, doc jsonb)
    on conflict (user_id, occurred_at, device) do update set doc = excluded.doc
    returning identifier, (xmax = 0) as inserted`);
  return out;
};

export interface ProfileRow {
  identifier: string;
  startDate: Date;
  doc: Record<string, unknown>;
}

/** Profile documents, replaced when the same identifier comes again. */
export const upsertProfiles = async (tx: Tx, userId: string, rows: ProfileRow[]) => {
  const unique = lastByKey(rows, (r) => r.identifier);
  if (!unique.length) return [];
  const json = unique.map((r) => ({
    identifier: r.identifier,
    start_date: r.startDate.toISOString(),
    doc: r.doc,
  }));
  const { rows: out } = await tx.execute<{ identifier: string; inserted: boolean }>(sql`
    insert into ns_profiles (user_id, identifier, start_date, doc)
    select ${userId}, r.identifier, r.start_date, r.doc
    from jsonb_to_recordset(${JSON.stringify(json)}::jsonb) as r(identifier text, start_date timestamptz, doc jsonb)
    on conflict (user_id, identifier) do update set
      start_date = excluded.start_date, doc = excluded.doc, modified_at = now()
    returning identifier, (xmax = 0) as inserted`);
  return out;
};

const columns = (c: NsCollection) => {
  const t = COLLECTION_TABLES[c];
  return sql`identifier, doc, ${t.time} as occurred_at, created_at, ${t.modified} as modified_at`;
};

/** A collection's documents matching `where`, newest first (or oldest first), at most `count`. */
export const selectDocs = async (
  tx: Tx,
  userId: string,
  collection: NsCollection,
  q: { where: SQL[]; count: number; ascending?: boolean },
) => {
  const t = COLLECTION_TABLES[collection];
  const where = sql.join([sql`user_id = ${userId}`, ...q.where], sql` and `);
  const { rows } = await tx.execute<StoredDoc>(sql`
    select ${columns(collection)} from ${t.table} where ${where}
    order by ${t.time} ${sql.raw(q.ascending ? 'asc' : 'desc')}, created_at ${sql.raw(q.ascending ? 'asc' : 'desc')}
    limit ${q.count}`);
  return rows;
};

/** API v3 history: what changed after an instant, oldest change first. */
export const selectChangedSince = async (
  tx: Tx,
  userId: string,
  collection: NsCollection,
  afterMs: number,
  count: number,
) => {
  const t = COLLECTION_TABLES[collection];
  const { rows } = await tx.execute<StoredDoc>(sql`
    select ${columns(collection)} from ${t.table}
    where user_id = ${userId} and ${t.modified} >= ${new Date(afterMs + 1).toISOString()}
    order by ${t.modified} asc limit ${count}`);
  return rows;
};

/** API v3 read of one document by its identifier. */
export const selectByIdentifier = async (
  tx: Tx,
  userId: string,
  collection: NsCollection,
  identifier: string,
) => {
  const t = COLLECTION_TABLES[collection];
  const { rows } = await tx.execute<StoredDoc>(sql`
    select ${columns(collection)} from ${t.table} where user_id = ${userId} and identifier = ${identifier}
    order by ${t.modified} desc limit 1`);
  return rows[0];
};

/** When each collection last changed (API v3 `lastModified`), epoch ms or null. */
export const selectLastModified = async (tx: Tx, userId: string) => {
  const { rows } = await tx.execute<{
    treatments: Date | null;
    devicestatus: Date | null;
    profile: Date | null;
  }>(sql`
    select (select max(modified_at) from ns_treatments where user_id = ${userId}) as treatments,
      (select max(created_at) from ns_devicestatus where user_id = ${userId}) as devicestatus,
      (select max(modified_at) from ns_profiles where user_id = ${userId}) as profile`);
  const r = rows[0];
  const ms = (v: Date | string | null | undefined) => (v ? new Date(v).getTime() : null);
  return { treatments: ms(r?.treatments), devicestatus: ms(r?.devicestatus), profile: ms(r?.profile) };
};

/** System scope: device status older than the retention, for every user (jobs/ns-retention.ts). */
export const purgeDeviceStatus = async (tx: Tx, before: Date, limit: number) => {
  const { rows } = await tx.execute(sql`
    delete from ns_devicestatus where id in (
      select id from ns_devicestatus where occurred_at < ${before.toISOString()} limit ${limit})
    returning id`);
  return rows.length;
};

/** How many documents of a collection match `where` (Nightscout's `/count/{collection}/where`). */
export const countDocs = async (tx: Tx, userId: string, collection: NsCollection, where: SQL[]) => {
  const t = COLLECTION_TABLES[collection];
  const { rows } = await tx.execute<{ n: number | string }>(
    sql`select count(*) as n from ${t.table} where ${sql.join([sql`user_id = ${userId}`, ...where], sql` and `)}`,
  );
  return Number(rows[0]?.n ?? 0);
};
