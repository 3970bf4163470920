import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  isOtherPerson,
  type NotUnderstood,
  RECORD_IMPORT_FORMAT_WORDS,
  RECORD_IMPORT_GROUPS,
  type RecordImportPreview,
  type RecordImportReport,
  whoseFor,
} from '@healthfolio/core';
import type { Database, Tx } from '../../db/database';
import { documents } from '../../db/schema';
import { ProblemError } from '../../http/problem';
import type { FileStorage } from '../../storage/file-storage';
import type { PlatformSettingsStore } from '../admin/platform-settings.store';
import { recordAudit } from '../audit/audit.service';
import { findProfile } from '../profiles/profiles.repository';
import { type ImportPlan, RECORD_FILE_TYPES } from './import-plan';
import { readRecord, receiveRecord } from './receive-record';
import { selectDocumentBySha } from './record-import.repository';
import { type Counts, foundCounts, type Written, writePlan, zeroCounts } from './write-plan';

export interface RecordImportDeps {
  db: Database;
  storage: FileStorage;
  settings: Pick<PlatformSettingsStore, 'maxFileSizeBytes'>;
}

/** Found, less what was created, less what was refused: what the record already had. */
const alreadyThere = (found: Counts, w: Written) => {
  const counts = zeroCounts();
  for (const g of RECORD_IMPORT_GROUPS)
    counts[g] = Math.max(0, found[g] - w.created[g] - w.rejectedCounts[g]);
  return counts;
};

const notUnderstood = (plan: ImportPlan, w: Written): NotUnderstood[] => [
  ...plan.notUnderstood,
  ...w.rejected,
];

/** The person an import is for, as their profile names them (a household person's with their birth date). */
const importingFor = async (tx: Tx, userId: string) => {
  const profile = await findProfile(tx, userId);
  return { name: profile?.displayName ?? null, birthDate: profile?.dateOfBirth ?? null };
};

type Person = Awaited<ReturnType<typeof importingFor>>;

/**
 * The file read for `person`: while a guardian imports for `ward` (actingWard), the reasons of what is
 * not imported name the ward as every screen does ("Mia’s health summary").
 */
const readFor = (bytes: Buffer, person: Person, ward: { name: string } | null) =>
  readRecord(bytes, { ward: whoseFor(ward, person.name).name });

/** Carries a preview's answer out of the transaction it rolls back. */
class PreviewDone extends Error {
  constructor(readonly written: Written) {
    super('preview');
  }
}

/**
 * What importing the file would do, without doing it: the same writes as an import in a transaction
 * that is rolled back, so "already here" is exactly what the import would skip.
 */
export const previewImport = async (
  { db, settings }: RecordImportDeps,
  userId: string,
  req: Request,
  ward: { name: string } | null = null,
): Promise<RecordImportPreview> => {
  const { bytes } = await receiveRecord(settings, req);
  const person = await db.readAsUser(userId, (tx) => importingFor(tx, userId));
  const plan = await readFor(bytes, person, ward);
  let written: Written;
  try {
    await db.asUser(userId, async (tx) => {
      throw new PreviewDone(await writePlan(tx, userId, plan, null, null));
    });
    throw new Error('unreachable');
  } catch (err) {
    if (!(err instanceof PreviewDone)) throw err;
    written = err.written;
  }
  const found = foundCounts(plan);
  return {
    format: plan.format,
    found,
    alreadyHere: alreadyThere(found, written),
    notUnderstood: notUnderstood(plan, written),
    patient: plan.patient,
    importingFor: person,
    otherPerson: isOtherPerson(plan.patient, person),
  };
};

/** Refused (nothing stored) unless the person who imports has seen and confirmed it (the preview names both). */
const OTHER_PERSON = () =>
  new ProblemError(
    409,
    'other_person',
    'This file is the record of someone else. Check whose record it is, or confirm that it belongs in this record.',
  );

/**
 * Imports the file: its items not already in the record, and the file itself into the documents vault
 * (once: the same bytes are not kept twice), in one transaction with one audit row. Files stored for a
 * transaction that does not commit are deleted again. A file of someone else (isOtherPerson) is
 * refused unless `otherPersonConfirmed`.
 */
export const importRecord = async (
  { db, storage, settings }: RecordImportDeps,
  userId: string,
  req: Request,
  {
    otherPersonConfirmed = false,
    ward = null,
  }: { otherPersonConfirmed?: boolean; ward?: { name: string } | null } = {},
): Promise<RecordImportReport> => {
  const { bytes, fileName } = await receiveRecord(settings, req);
  const person = await db.readAsUser(userId, (tx) => importingFor(tx, userId));
  const plan = await readFor(bytes, person, ward);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const source = await storage.put(Readable.from([bytes]));
  const stored = [source.id];
  try {
    const { written, sourceDocumentId, keptSource } = await db.asUser(userId, async (tx) => {
      if (!otherPersonConfirmed && isOtherPerson(plan.patient, person)) throw OTHER_PERSON();
      const existing = await selectDocumentBySha(tx, userId, sha256);
      const sourceDocumentId =
        existing ??
        (
          await tx
            .insert(documents)
            .values({
              userId,
              title: `Imported record (${RECORD_IMPORT_FORMAT_WORDS[plan.format]})`,
              category: 'Medical History',
              date: new Date().toISOString().slice(0, 10),
              description:
                'The file a record import read: its results are in Lab Results and the Health summary.',
              fileName,
              fileSize: source.size,
              fileType: RECORD_FILE_TYPES[plan.format],
              storageId: source.id,
              sha256: source.sha256,
              extraction: 'done',
            })
            .returning({ id: documents.id })
        )[0]!.id;
      const written = await writePlan(tx, userId, plan, sourceDocumentId, storage);
      stored.push(...written.storedFiles);
      await recordAudit(tx, userId, 'import', 'document', sourceDocumentId);
      return { written, sourceDocumentId, keptSource: existing === null };
    });
    if (!keptSource) await storage.delete(source.id);
    const found = foundCounts(plan);
    return {
      format: plan.format,
      created: written.created,
      skipped: alreadyThere(found, written),
      notUnderstood: notUnderstood(plan, written),
      notices: written.notices,
      sourceDocumentId,
    };
  } catch (err) {
    await Promise.allSettled(stored.map((id) => storage.delete(id)));
    throw err;
  }
};
