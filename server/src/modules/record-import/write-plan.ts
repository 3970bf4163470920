import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  isNotInFuture,
  LabResultCreateRequest,
  type LabSource,
  type NotUnderstood,
  RECORD_IMPORT_GROUPS,
  type RecordImportGroup,
} from '@healthfolio/core';
import type { Tx } from '../../db/database';
import { documents, glucoseReadings, trackerEntries } from '../../db/schema';
import { enqueueJob } from '../../jobs/job-queue';
import type { FileStorage } from '../../storage/file-storage';
import { DOCUMENT_TEXT_ATTEMPTS, DOCUMENT_TEXT_JOB } from '../documents/document-text.job';
import { insertReadings } from '../glucose/glucose.repository';
import { insertLabResults } from '../labs/labs.service';
import { type ImportPlan, noteNotUnderstood, type PlannedItem } from './import-plan';
import {
  glucoseReadingExists,
  insertSummaryItemsOnce,
  selectDocumentBySha,
  trackerEntryExists,
} from './record-import.repository';
import { writeBills } from './write-bills';
import { writeAppointments, writeClaims, writePlans } from './write-payer';
import { writeDoses, writeSchedules } from './write-schedules';

export type Counts = Record<RecordImportGroup, number>;
export const zeroCounts = (): Counts => Object.fromEntries(RECORD_IMPORT_GROUPS.map((g) => [g, 0])) as Counts;

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
}

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
      noteNotUnderstood(out.rejected, 'Glucose readings', 'Dated in the future.');
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

const writeEntries = async (tx: Tx, userId: string, items: Item<'entry'>[], out: Written) => {
  for (const e of items) {
    if (!isNotInFuture(e.occurredAt)) {
      noteNotUnderstood(out.rejected, 'Tracker entries', 'Dated in the future.');
      out.rejectedCounts[e.group]++;
      continue;
    }
    if (await trackerEntryExists(tx, userId, e)) continue;
    await tx.insert(trackerEntries).values({
      userId,
      tracker: e.tracker,
      occurredAt: new Date(e.occurredAt),
      data: e.data,
      notes: e.notes,
    });
    out.created[e.group]++;
  }
};

const writeLabs = async (
  tx: Tx,
  userId: string,
  items: Item<'lab'>[],
  out: Written,
  documentId: string | null,
  labSource: LabSource,
) => {
  const valid = items.flatMap((i) => {
    if (LabResultCreateRequest.safeParse(i.result).success) return [i.result];
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
  const out: Written = { created: zeroCounts(), rejected: [], rejectedCounts: zeroCounts(), storedFiles: [] };
  const documentIds = await writeDocuments(tx, userId, ofKind(plan.items, 'document'), out, storage);
  await writeGlucose(tx, userId, ofKind(plan.items, 'glucose'), out);
  await writeEntries(tx, userId, ofKind(plan.items, 'entry'), out);
  await writeLabs(tx, userId, ofKind(plan.items, 'lab'), out, sourceDocumentId, labSource);
  await writeAppointments(tx, userId, ofKind(plan.items, 'appointment'), out);
  await writeSchedules(tx, userId, ofKind(plan.items, 'schedule'), out);
  await writeDoses(tx, userId, ofKind(plan.items, 'dose'), out);
  const planIds = await writePlans(tx, userId, ofKind(plan.items, 'plan'), out);
  await writeClaims(tx, userId, ofKind(plan.items, 'claim'), planIds, out);
  await writeBills(tx, userId, ofKind(plan.items, 'bill'), documentIds, out);
  const summary = ofKind(plan.items, 'summary');
  for (const group of ['conditions', 'allergies', 'immunizations', 'procedures', 'medications'] as const)
    out.created[group] += await insertSummaryItemsOnce(
      tx,
      userId,
      summary.filter((s) => s.group === group).map((s) => s.item),
      sourceDocumentId,
    );
  return out;
};

/** How many items of each group the plan holds (those the write rejected not among them). */
export const foundCounts = (plan: ImportPlan) => {
  const found = zeroCounts();
  for (const i of plan.items) found[i.group]++;
  return found;
};
