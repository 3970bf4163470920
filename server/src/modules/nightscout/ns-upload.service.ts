import { TRACKER_DATA } from '@healthfolio/core';
import type { Database, Tx } from '../../db/database';
import type { NamedStatement } from '../../db/pipelined-begin';
import { sendBeforeBegin, sendWithNext } from '../../db/transaction-extras';
import { alarmsAfterReadingDeleted } from '../alarms/alarm-judge';
import { recordAudit } from '../audit/audit.service';
import type { NewReading } from '../glucose/glucose.repository';
import { type Announcer, announceNotices, writeReadings } from '../glucose/write-readings';
import { followUpAfterReadingsDeleted } from '../hypo/glucose-written';
import { deleteTreatmentDocs, upsertTreatments } from './ns-collections.repository';
import { treatmentRows } from './ns-docs';
import {
  ENTRY_ID,
  entryDevice,
  entryId,
  entryIdSecond,
  storedEntryId,
  UPLOAD_SOURCE_PREFIX,
} from './ns-entry-names';
import {
  type NsCalibration,
  type NsReading,
  type NsTreatment,
  parseEntries,
  parseTreatments,
} from './ns-payload';
import {
  type ClaimedEntry,
  deleteLinkedEntries,
  deleteUploadedReading,
  deleteUploadedReadings,
  insertClaimedEntries,
  type NsReadingQuery,
  type NsReadingRow,
  selectLastStored,
  selectNsReadings,
  selectReadingAt,
  selectReadingById,
} from './ns-upload.repository';

/** Uploaded sensor readings carry the uploading device, so (time, device) is the idempotency key. */
export const uploadSource = (device: string) => `${UPLOAD_SOURCE_PREFIX}${device}`;

/** Where a parsed reading is kept: a fingerstick is a meter reading wherever it was typed in. */
export const readingSource = (r: NsReading) => (r.kind === 'mbg' ? 'meter' : uploadSource(r.device));

/** An entry's times as Nightscout answers them: UTC, with the offset the uploader sent as `utcOffset`. */
const timeFields = (atMs: number, fields: Record<string, unknown> | null | undefined) => ({
  date: atMs,
  dateString: new Date(atMs).toISOString(),
  sysTime: new Date(atMs).toISOString(),
  utcOffset: typeof fields?.utcOffset === 'number' ? fields.utcOffset : 0,
});

/**
 * An entry as Nightscout answers it: what else the uploader sent, then ours (which those never
 * replace); named by where it is kept (`source`), so an upload's answer and every read agree.
 */
const entryDoc = (userId: string, r: Omit<NsReading, 'device'>, source: string) => ({
  ...r.fields,
  _id: entryId(userId, r.atMs, source),
  type: r.kind,
  [r.kind]: r.mgdl,
  ...timeFields(r.atMs, r.fields),
  device: entryDevice(source),
  ...(r.direction ? { direction: r.direction } : {}),
});

/**
 * A calibration as Nightscout answers its upload (`slope`, `intercept`, `scale` as sent), with an
 * `_id` a replay answers again. It is not kept: no read answers it (docs/devices.md).
 */
const calibrationDoc = (userId: string, c: NsCalibration) => ({
  ...c.fields,
  _id: entryId(userId, c.atMs, `cal:${c.device}`),
  type: 'cal',
  ...timeFields(c.atMs, c.fields),
  device: c.device,
});

/**
 * What an upload's audit row says: documents received, those that could not be kept (`skipped`), rows
 * newly stored, rows that were already there (a replay) and calibrations (accepted, not kept: only
 * when there were any). Counts only, never a value.
 */
const batchCounts = (
  received: number,
  skipped: number,
  stored: number,
  duplicates: number,
  calibrations = 0,
) => ({
  source: 'nightscout-upload',
  received,
  stored,
  duplicates,
  skipped,
  ...(calibrations ? { calibrations } : {}),
});

/** A door that travels with the upload's transaction (ns-door-cache.ts): the budget, then the check. */
export interface DoorStatements {
  budget: NamedStatement;
  check: NamedStatement;
}

/** The door's two statements ahead of the transaction's first; refused as at the door where they cannot go. */
const sendDoor = (tx: Tx, door: DoorStatements) => {
  if (!sendBeforeBegin(tx, door.budget) || !sendWithNext(tx, door.check))
    throw Object.assign(new Error('this transaction cannot carry the door'), { code: 'HF403' });
};

/**
 * One upload batch (a v1 POST, a v3 create, a socket `dbAdd`): one transaction, one insert statement
 * per source, one audit row with the counts. `readBack` also answers the stored row of the first
 * reading, in the same transaction (API v3 answers its identifier).
 */
export const storeEntries = async (
  db: Database,
  notifier: Announcer,
  userId: string,
  body: unknown,
  opts: { readBack?: boolean; door?: DoorStatements } = {},
) => {
  const { readings, calibrations, skipped } = parseEntries(body);
  const { docs, notices, inserted, stored } = await db.asUser(userId, async (tx) => {
    if (opts.door) sendDoor(tx, opts.door);
    const bySource = new Map<string, NewReading[]>();
    for (const r of readings) {
      const source = readingSource(r);
      const list = bySource.get(source) ?? [];
      list.push({ at: new Date(r.atMs).toISOString(), mgdl: r.mgdl, trend: r.direction, nsFields: r.fields });
      bySource.set(source, list);
    }
    const { inserted, future, notices } = await writeReadings(tx, userId, bySource);
    const first = readings[0];
    const stored =
      opts.readBack && first
        ? await selectReadingAt(tx, userId, first.atMs, readingSource(first))
        : undefined;
    // Last, just before the commit: the audit chain's head is held from this insert to the commit.
    if (readings.length || calibrations.length)
      await recordAudit(
        tx,
        userId,
        'import',
        'glucose_reading',
        null,
        batchCounts(
          readings.length + calibrations.length + skipped,
          skipped + future,
          inserted,
          readings.length - future - inserted,
          calibrations.length,
        ),
      );
    const docs = [
      ...readings.map((r) => entryDoc(userId, r, readingSource(r))),
      ...calibrations.map((c) => calibrationDoc(userId, c)),
    ];
    return { docs, notices, inserted, stored };
  });
  await announceNotices(notifier, userId, notices);
  return { docs, readings, inserted, stored: stored ? readingDoc(userId, stored) : null };
};

const round = (n: number, step: number) => Math.round(n / step) * step;

/** Insulin from a treatment, as the insulin tracker keeps it; a correction bolus is all correction. */
const insulinData = (t: NsTreatment, units: number) => {
  const correction = /correction/i.test(t.eventType);
  const total = round(units, 0.01);
  return TRACKER_DATA.insulin.safeParse({
    meal_insulin: correction ? 0 : total,
    correction_insulin: correction ? total : 0,
    total_insulin: total,
    ...(t.carbs !== null ? { carbs: round(t.carbs, 0.1) } : {}),
  });
};

const mealData = (carbs: number) => TRACKER_DATA.meal.safeParse({ carbs: round(carbs, 0.1) });

/** Who uploads: the user, and the credential the app used (a treatment is deleted only through it). */
export interface Uploader {
  userId: string;
  credentialId: string;
}

const linkKey = (credentialId: string, identifier: string) => `id:${credentialId}:${identifier}:`;

/** Carbs become a meal entry, insulin an insulin entry (a meal bolus both): each part once, by its key. */
const treatmentEntries = (credentialId: string, t: NsTreatment): ClaimedEntry[] =>
  [
    t.insulin !== null ? { tracker: 'insulin' as const, data: insulinData(t, t.insulin) } : null,
    t.carbs !== null ? { tracker: 'meal' as const, data: mealData(t.carbs) } : null,
  ].flatMap((part) =>
    part?.data.success
      ? [
          {
            key: `${part.tracker}:${t.atMs}:${t.device}`,
            link: linkKey(credentialId, t.identifier) + part.tracker,
            tracker: part.tracker,
            occurredAt: new Date(t.atMs),
            notes: t.notes,
            data: part.data.data as Record<string, unknown>,
          },
        ]
      : [],
  );

/**
 * One treatment batch, in one transaction with one audit row: every document is kept whole as a
 * Nightscout treatment (served back to followers), and its carbs and insulin also become meal and
 * insulin entries, each once.
 */
export const storeTreatments = (db: Database, { userId, credentialId }: Uploader, body: unknown) => {
  const { treatments, skipped } = parseTreatments(body);
  const docs = treatmentRows(body);
  return db.asUser(userId, async (tx) => {
    const parts = treatments.flatMap((t) => treatmentEntries(credentialId, t));
    const created = await insertClaimedEntries(tx, userId, 'nightscout', parts);
    const stored = await upsertTreatments(tx, userId, credentialId, docs.rows);
    if (treatments.length || stored.length)
      await recordAudit(tx, userId, 'import', 'entry', null, {
        ...batchCounts(treatments.length + skipped, skipped, created, parts.length - created),
        treatmentsKept: stored.filter((r) => r.inserted).length,
        treatmentsReplaced: stored.filter((r) => !r.inserted).length,
        treatmentsSkipped: docs.skipped,
      });
    return { treatments, skipped, created, stored };
  });
};

/**
 * Deletes what one treatment uploaded through this credential created (API v1 `DELETE
 * /treatments/{id}`, v3 by identifier); 0 when that credential did not create it. `only` narrows it
 * to one part: AndroidAPS' bolus and its carbs are two treatments that can share one identifier.
 */
export const deleteTreatment = (
  db: Database,
  { userId, credentialId }: Uploader,
  identifier: string,
  only?: 'insulin' | 'meal',
) =>
  db.asUser(userId, async (tx) => {
    if (!/^[\w-]{1,64}$/.test(identifier)) return 0;
    const found = await deleteLinkedEntries(tx, userId, linkKey(credentialId, identifier) + (only ?? ''));
    const part = only === 'insulin' ? 'insulin' : only === 'meal' ? 'carbs' : null;
    const docs = await deleteTreatmentDocs(tx, userId, credentialId, identifier, part);
    if (found || docs)
      await recordAudit(tx, userId, 'delete', 'entry', null, { source: 'nightscout-upload', found, docs });
    // Nightscout counts treatments; uploads from before they were kept count by their entries.
    return docs || found;
  });

/** The stored row of the reading an entry `_id` names: among those of the second the id starts with. */
const rowOfEntryId = async (tx: Tx, userId: string, id: string) => {
  if (!ENTRY_ID.test(id)) return undefined;
  const fromMs = entryIdSecond(id);
  const rows = await selectNsReadings(tx, userId, { kind: 'all', count: 1000, fromMs, toMs: fromMs + 999 });
  return rows.find((r) => storedEntryId(userId, r) === id);
};

/**
 * Deletes uploaded readings: one by its API v3 identifier (the row's id) or its v1 `_id`
 * (`entryId`), or a time range (v1).
 */
export const deleteReadings = (
  db: Database,
  userId: string,
  q: { id: string } | { entryId: string } | { fromMs?: number; toMs?: number },
) =>
  db.asUser(userId, async (tx) => {
    let times: Date[];
    if ('entryId' in q) {
      const row = await rowOfEntryId(tx, userId, q.entryId);
      times = row ? await deleteUploadedReading(tx, userId, row.id) : [];
    } else if ('id' in q) times = await deleteUploadedReading(tx, userId, q.id);
    else times = await deleteUploadedReadings(tx, userId, q.fromMs, q.toMs);
    const deleted = times.length;
    if (deleted) {
      await recordAudit(tx, userId, 'delete', 'glucose_reading', null, {
        source: 'nightscout-upload',
        deleted,
      });
      // As an entry's delete does: the low follow-up a deleted reading started stops, and the
      // alarms the readings left no longer hold end.
      await followUpAfterReadingsDeleted(tx, userId, times);
      await alarmsAfterReadingDeleted(tx, userId);
    }
    return deleted;
  });

/** A stored reading as Nightscout documents it: v1 `_id`, v3 `identifier` (the row id), `srvModified`. */
export const readingDoc = (userId: string, r: NsReadingRow) => {
  const atMs = new Date(r.recorded_at).getTime();
  const kind = r.source === 'manual' || r.source === 'meter' ? ('mbg' as const) : ('sgv' as const);
  const created = new Date(r.created_at).getTime();
  return {
    ...entryDoc(
      userId,
      { kind, atMs, mgdl: r.value_mgdl, direction: r.trend, fields: r.ns_fields },
      r.source,
    ),
    mills: atMs,
    identifier: r.id,
    srvModified: new Date(r.updated_at).getTime(),
    srvCreated: created,
  };
};

/**
 * One reading by what a client may know it by: its API v3 identifier (the row's id, a UUID) or its
 * v1 `_id`; undefined when the person has none such.
 */
export const readEntry = (db: Database, userId: string, id: string) =>
  db.readAsUser(userId, async (tx) => {
    const row = UUID.test(id) ? await selectReadingById(tx, userId, id) : await rowOfEntryId(tx, userId, id);
    return row ? readingDoc(userId, row) : undefined;
  });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const readEntries = (db: Database, userId: string, q: NsReadingQuery) =>
  db.asUser(userId, async (tx) => (await selectNsReadings(tx, userId, q)).map((r) => readingDoc(userId, r)));

export const lastStoredMs = (db: Database, userId: string) =>
  db.asUser(userId, (tx) => selectLastStored(tx, userId));
