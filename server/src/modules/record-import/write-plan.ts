import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  isDatedNotInFuture,
  isNotInFuture,
  LabResultCreateRequest,
  type LabResultFields,
  type LabSource,
  midnightUtcOf,
  type NotUnderstood,
  RECORD_IMPORT_GROUPS,
  type RecordImportGroup,
  wallClockToUtc,
} from '@healthfolio/core';
import type { Tx } from '../../db/database';
import { documents, glucoseReadings, trackerEntries } from '../../db/schema';
import { enqueueJob } from '../../jobs/job-queue';
import type { FileStorage } from '../../storage/file-storage';
import { DOCUMENT_TEXT_ATTEMPTS, DOCUMENT_TEXT_JOB } from '../documents/document-text.job';
import { insertReadings } from '../glucose/glucose.repository';
import { sameLabResultAt } from '../labs/labs.repository';
import { insertLabResults } from '../labs/labs.service';
import { personZone } from '../profiles/profiles.repository';
import { floatingTimeOf } from './fhir-values';
import { type ImportPlan, noteNotUnderstood, type PlannedItem } from './import-plan';
import {
  glucoseReadingExists,
  insertSummaryItemsOnce,
  naturalKey,
  selectDocumentBySha,
  trackerEntryExists,
} from './record-import.repository';
import { writeBills } from './write-bills';
import { withMealExtras } from './write-meals';
import { writeAppointments, writeClaims, writePlans } from './write-payer';
import { writeDoses, writeSchedules } from './write-schedules';

export type Counts = Record<RecordImportGroup, number>;
export const zeroCounts = (): Counts => Object.fromEntries(RECORD_IMPORT_GROUPS.map((g) => [g, 0])) as Counts;

const datedOf = (r: LabResultFields) => ({ at: r.effectiveAt, precision: r.effectivePrecision });

type Item<K extends PlannedItem['kind']> = Extract<PlannedItem, { kind: K }>;
const ofKind = <K extends PlannedItem['kind']>(items: PlannedItem[], kind: K) =>
  items.filter((i): i is Item<K> => i.kind === kind);

/** What a write did: what it created per group, and what it could not take (beside the parser's). */
export interface Written {
  created: Counts;
  rejected: NotUnderstood[];
  /** Per group, the items refused as they were written (a date in the future...). */
  rejectedCounts: Counts;
  /** Files put in storage by this write: deleted again if its transaction does not commit. */
  storedFiles: string[];
  /** What the person must do about what came in, in words. */
  notices: string[];
}

/** Keys of an entry's data that differ between two records holding the same entry. */
const RECORD_OWN_KEYS: Record<string, string[]> = {
  meal: ['aiEstimate', 'mealPhotoId'],
  'insulin-settings': ['needs_review'],
};

export const INSULIN_SETTINGS_NOTICE =
  'Insulin settings came in from the file, but no dose is suggested from them until you check them against what your care team gave you and save them in the insulin calculator.';

/** Text-readable files of the vault get their extraction job, as an upload does. */
const READABLE = new Set(['application/pdf', 'image/jpeg', 'image/png']);

const writeDocuments = async (
  tx: Tx,
  userId: string,
  items: Item<'document'>[],
  out: Written,
  storage: FileStorage | null,
) => {
  /** What the file's references to its documents now point at: the new document or the one already there. */
  const ids = new Map<string, string>();
  const refer = (refs: string[], id: string) => {
    for (const ref of refs) ids.set(ref, id);
  };
  for (const d of items) {
    const bytes = Buffer.from(d.base64, 'base64');
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const there = await selectDocumentBySha(tx, userId, sha256);
    if (there) {
      refer(d.refs, there);
      continue;
    }
    out.created.documents++;
    if (!storage) continue;
    const stored = await storage.put(Readable.from([bytes]));
    out.storedFiles.push(stored.id);
    const [row] = await tx
      .insert(documents)
      .values({
        userId,
        title: d.title,
        category: d.category,
        date: d.date,
        description: d.description,
        fileName: d.fileName,
        fileSize: stored.size,
        fileType: d.fileType,
        storageId: stored.id,
        sha256: stored.sha256,
        extraction: READABLE.has(d.fileType) ? 'queued' : 'done',
      })
      .returning({ id: documents.id });
    if (READABLE.has(d.fileType))
      await enqueueJob(tx, {
        kind: DOCUMENT_TEXT_JOB,
        userId,
        payload: { documentId: row!.id },
        maxAttempts: DOCUMENT_TEXT_ATTEMPTS,
      });
    refer(d.refs, row!.id);
  }
  return ids;
};

const writeGlucose = async (tx: Tx, userId: string, items: Item<'glucose'>[], out: Written) => {
  const bulk = new Map<string, { at: string; mgdl: number }[]>();
  for (const r of items) {
    if (!isNotInFuture(r.at)) {
      noteNotUnderstood(out.rejected, 'Glucose readings', FUTURE_REASON);
      out.rejectedCounts.glucoseReadings++;
      continue;
    }
    if (r.source !== 'manual' && !r.notes && !r.mealContext) {
      bulk.set(r.source, [...(bulk.get(r.source) ?? []), { at: r.at, mgdl: r.mgdl }]);
      continue;
    }
    if (await glucoseReadingExists(tx, userId, r)) continue;
    await tx.insert(glucoseReadings).values({
      userId,
      source: r.source,
      recordedAt: new Date(r.at),
      valueMgdl: r.mgdl,
      mealContext: r.mealContext,
      notes: r.notes,
    });
    out.created.glucoseReadings++;
  }
  for (const [source, list] of bulk)
    for (let i = 0; i < list.length; i += 5000)
      out.created.glucoseReadings += await insertReadings(tx, userId, source, list.slice(i, i + 5000));
};

/** What an item dated after today in the person's zone is listed with under "Not imported". */
const FUTURE_REASON = 'Dated in the future.';

const writeEntries = async (
  tx: Tx,
  userId: string,
  items: Item<'entry'>[],
  out: Written,
  storage: FileStorage | null,
  timeZone: string,
) => {
  const analyses = new Map<string, { id: string; analyzedAt: Date; photo: boolean }>();
  let settings = 0;
  for (const e of items) {
    // A date of a day (month, year) may be today in the person's zone, not after it.
    if (!isDatedNotInFuture({ at: e.occurredAt, precision: e.occurredPrecision ?? null }, timeZone)) {
      noteNotUnderstood(
        out.rejected,
        e.group === 'vitalSigns' ? 'Vital signs' : 'Tracker entries',
        FUTURE_REASON,
      );
      out.rejectedCounts[e.group]++;
      continue;
    }
    if (await trackerEntryExists(tx, userId, e, RECORD_OWN_KEYS[e.tracker])) continue;
    const data = e.meal ? await withMealExtras(tx, userId, e.meal, e.data, storage, out, analyses) : e.data;
    await tx.insert(trackerEntries).values({
      userId,
      tracker: e.tracker,
      occurredAt: new Date(e.occurredAt),
      occurredPrecision: e.occurredPrecision ?? null,
      data,
      notes: e.notes,
    });
    if (e.tracker === 'insulin-settings') settings++;
    out.created[e.group]++;
  }
  if (settings) out.notices.push(INSULIN_SETTINGS_NOTICE);
};

const writeLabs = async (
  tx: Tx,
  userId: string,
  items: Item<'lab'>[],
  out: Written,
  documentId: string | null,
  labSource: LabSource,
  documentIds: Map<string, string>,
  timeZone: string,
) => {
  // A record's day came in from an earlier Healthfolio as midnight UTC of it (ccda-times.ts): the same result.
  const fresh: Item<'lab'>[] = [];
  for (const i of items) {
    const r = i.result;
    const earlier =
      r.effectivePrecision === 'day' &&
      typeof r.effectiveAt === 'string' &&
      (await sameLabResultAt(
        tx,
        userId,
        { loinc: r.loinc, value: r.value ?? null, valueText: r.valueText ?? null, unit: r.unit ?? null },
        new Date(midnightUtcOf(r.effectiveAt)),
      ));
    if (!earlier) fresh.push(i);
  }
  const valid = fresh.flatMap((i) => {
    // The result's own source document when the file's came in (or was here), else the file's copy.
    const own = i.documentRefs?.map((r) => documentIds.get(r)).find(Boolean);
    const result = own ? { ...i.result, documentId: own } : i.result;
    const parsed = LabResultCreateRequest.safeParse(result);
    // A result dated by a day its own check takes (begun somewhere on Earth) but after today in the person's zone.
    if (parsed.success && !isDatedNotInFuture(datedOf(parsed.data), timeZone)) {
      noteNotUnderstood(out.rejected, 'Lab results', FUTURE_REASON);
      out.rejectedCounts.labResults++;
      return [];
    }
    if (parsed.success) return [result];
    noteNotUnderstood(
      out.rejected,
      'Lab results',
      'A result Healthfolio cannot keep (dated in the future, or a value or unit out of range).',
    );
    out.rejectedCounts.labResults++;
    return [];
  });
  for (let i = 0; i < valid.length; i += 1000)
    out.created.labResults += (
      await insertLabResults(tx, userId, valid.slice(i, i + 1000), labSource, documentId)
    ).length;
};

/**
 * The items' wall clocks (a time a record gave without an offset: ccda-times.ts) as instants in the
 * person's zone, as an appointment's are (write-payer.ts); instants and dates stay as they are.
 */
const withWallClocksIn = (items: PlannedItem[], timeZone: string) => {
  const wall = (v: string) => floatingTimeOf(v);
  const timed = (i: PlannedItem) =>
    i.kind === 'lab'
      ? i.result.effectiveAt
      : i.kind === 'glucose'
        ? i.at
        : i.kind === 'entry'
          ? i.occurredAt
          : '';
  if (!items.some((i) => typeof timed(i) === 'string' && wall(timed(i) as string))) return items;
  const instant = (v: string) => {
    const w = wall(v);
    return w ? wallClockToUtc(w.slice(0, 10), w.slice(11, 16), timeZone).toISOString() : v;
  };
  return items.map((i): PlannedItem => {
    if (i.kind === 'lab' && typeof i.result.effectiveAt === 'string')
      return { ...i, result: { ...i.result, effectiveAt: instant(i.result.effectiveAt) } };
    if (i.kind === 'glucose') return { ...i, at: instant(i.at) };
    if (i.kind === 'entry') return { ...i, occurredAt: instant(i.occurredAt) };
    return i;
  });
};

/**
 * Stores a plan's items in the caller's transaction, each once: what is already in the record (same
 * natural key) is left alone. Without `storage` (a preview) no file is stored and documents are only
 * counted. `sourceDocumentId` is the vault's copy of the imported file; `labSource` what lab results
 * say they came from (`portal` for a health system's).
 */
export const writePlan = async (
  tx: Tx,
  userId: string,
  plan: ImportPlan,
  sourceDocumentId: string | null,
  storage: FileStorage | null,
  labSource: LabSource = 'imported',
): Promise<Written> => {
  const out: Written = {
    created: zeroCounts(),
    rejected: [],
    rejectedCounts: zeroCounts(),
    storedFiles: [],
    notices: [],
  };
  const timeZone = await personZone(tx, userId);
  const items = withWallClocksIn(plan.items, timeZone);
  const documentIds = await writeDocuments(tx, userId, ofKind(items, 'document'), out, storage);
  await writeGlucose(tx, userId, ofKind(items, 'glucose'), out);
  await writeEntries(tx, userId, ofKind(items, 'entry'), out, storage, timeZone);
  await writeLabs(tx, userId, ofKind(items, 'lab'), out, sourceDocumentId, labSource, documentIds, timeZone);
  await writeAppointments(tx, userId, ofKind(items, 'appointment'), out);
  await writeSchedules(tx, userId, ofKind(items, 'schedule'), out);
  await writeDoses(tx, userId, ofKind(items, 'dose'), out);
  const planIds = await writePlans(tx, userId, ofKind(items, 'plan'), out);
  await writeClaims(tx, userId, ofKind(items, 'claim'), planIds, documentIds, out);
  await writeBills(tx, userId, ofKind(items, 'bill'), documentIds, out);
  const summary = ofKind(items, 'summary');
  for (const group of ['conditions', 'allergies', 'immunizations', 'procedures', 'medications'] as const)
    out.created[group] += await insertSummaryItemsOnce(
      tx,
      userId,
      summary.filter((s) => s.group === group).map((s) => s.item),
      sourceDocumentId,
    );
  return out;
};

/**
 * How many items of each group the plan holds (those the write rejected not among them). A summary
 * item the file lists twice (a C-CDA's procedure in two sections, or twice in one) is one item: it
 * is stored once (insertSummaryItemsOnce), and the second listing is not "already in your record".
 */
export const foundCounts = (plan: ImportPlan) => {
  const found = zeroCounts();
  const summaries = new Set<string>();
  for (const i of plan.items) {
    if (i.kind === 'summary') {
      const key = naturalKey(i.item);
      if (summaries.has(key)) continue;
      summaries.add(key);
    }
    found[i.group]++;
  }
  return found;
};
