import type { Readable } from 'node:stream';
import type {
  LatestRecordExportResponse,
  RecordExportResponse,
} from '@healthfolio/core/export/record-export.schema';
import type { Database } from '../../db/database';
import { notFound, ProblemError } from '../../http/problem';
import { enqueueJob } from '../../jobs/job-queue';
import type { FileStorage } from '../../storage/file-storage';
import { recordAudit } from '../audit/audit.service';
import { RECORD_EXPORT_JOB } from './record-export.job';
import { isDownloadable, presentExport } from './record-export.presenter';
import {
  insertExport,
  type RecordExportRow,
  selectExport,
  selectLatestExport,
} from './record-export.repository';

export const EXPORT_NOT_FOUND = 'No export with this id';
const alreadyRunning = () =>
  new ProblemError(409, 'export_running', 'Your record is already being exported. Wait for it to finish.');

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/** Starts an export of the person's record: one at a time (the database refuses a second one). */
export const startExport = async (db: Database, userId: string): Promise<RecordExportResponse> => {
  try {
    return await db.asUser(userId, async (tx) => {
      const latest = await selectLatestExport(tx, userId);
      if (latest && (latest.status === 'queued' || latest.status === 'running')) throw alreadyRunning();
      const row = await insertExport(tx, userId);
      await recordAudit(tx, userId, 'create', 'record_export', row.id);
      await enqueueJob(tx, {
        kind: RECORD_EXPORT_JOB,
        userId,
        payload: { exportId: row.id },
        maxAttempts: 3,
      });
      return presentExport(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyRunning();
    throw err;
  }
};

export const latestExport = (db: Database, userId: string): Promise<LatestRecordExportResponse> =>
  db.readAsUser(userId, async (tx) => {
    const row = await selectLatestExport(tx, userId);
    return { export: row ? presentExport(row) : null };
  });

const findExport = async (db: Database, userId: string, id: string) => {
  const row = await db.readAsUser(userId, (tx) => selectExport(tx, id));
  if (!row) throw notFound(EXPORT_NOT_FOUND);
  return row;
};

export const getExport = async (db: Database, userId: string, id: string) =>
  presentExport(await findExport(db, userId, id));

/** The bundle's bytes: only while ready and within its 24 hours (410 after). */
export const openExportFile = async (
  db: Database,
  storage: FileStorage,
  userId: string,
  id: string,
): Promise<{ row: RecordExportRow; stream: Readable }> => {
  const row = await findExport(db, userId, id);
  if (row.status !== 'done') throw new ProblemError(409, 'export_not_ready', 'This export is not ready yet.');
  if (!isDownloadable(row, new Date()))
    throw new ProblemError(410, 'export_expired', 'This export has expired. Start a new one.');
  await db.asUser(userId, (tx) => recordAudit(tx, userId, 'read', 'record_export', id));
  return { row, stream: await storage.get(row.storageId as string, { sha256: row.sha256 ?? undefined }) };
};

/** A tracker's CSV is read out of the record like the bundle: audited the same way. */
export const auditCsvDownload = (db: Database, userId: string, tracker: string) =>
  db.asUser(userId, (tx) =>
    recordAudit(tx, userId, 'read', 'record_export', null, { format: 'csv', tracker }),
  );
