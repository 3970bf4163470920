import { type AdminBackupListResponse, BACKUPS_KEPT } from '@healthfolio/core/admin/admin-backups.schema';
import type { AppDeps } from '../../app-deps';
import { ProblemError } from '../../http/problem';
import { enqueueJob } from '../../jobs/job-queue';
import { FileNotFoundError, IntegrityError } from '../../storage/file-storage';
import { recordAudit } from '../audit/audit.service';
import { BACKUP_JOB } from './backup.job';
import { backupFileName, presentBackup } from './backups.presenter';
import {
  countInProgress,
  deleteBackupRow,
  insertBackup,
  lockBackups,
  selectBackup,
  selectBackups,
} from './backups.repository';

type Deps = Pick<AppDeps, 'db' | 'backupStorage' | 'jobs'>;

const notFound = () => new ProblemError(404, 'not_found', 'No such backup.');

export const listBackups = async ({ db }: Deps): Promise<AdminBackupListResponse> => ({
  items: (await db.asSystem((tx) => selectBackups(tx))).map(presentBackup),
  keep: BACKUPS_KEPT,
  database: db.kind,
});

/** "Back up now": queues the backup job (one at a time; audited as create_backup). */
export const createBackup = async (deps: Deps, adminId: string) => {
  const row = await deps.db.asSystem(async (tx) => {
    await lockBackups(tx);
    if (await countInProgress(tx))
      throw new ProblemError(
        409,
        'backup_in_progress',
        'A backup is already being made; wait for it to finish.',
      );
    const id = await insertBackup(tx, adminId, deps.db.kind);
    await enqueueJob(tx, { kind: BACKUP_JOB, userId: null, payload: { backupId: id }, maxAttempts: 1 });
    await recordAudit(tx, adminId, 'create_backup', 'backup', id, { format: deps.db.kind });
    return (await selectBackup(tx, id))!;
  });
  deps.jobs.wake();
  return presentBackup(row);
};

/** The decrypted, checked file of a finished backup (audited as download_backup). */
export const openBackupFile = async (deps: Deps, adminId: string, id: string) => {
  const row = await deps.db.asSystem(async (tx) => {
    const found = await selectBackup(tx, id);
    if (!found) throw notFound();
    if (found.state !== 'done' || !found.storageId)
      throw new ProblemError(
        409,
        'backup_not_ready',
        'This backup is not finished, so there is nothing to download.',
      );
    await recordAudit(tx, adminId, 'download_backup', 'backup', id, { bytes: found.sizeBytes });
    return found;
  });
  try {
    const stream = await deps.backupStorage.get(row.storageId!, { sha256: row.sha256 ?? undefined });
    return { fileName: backupFileName(row), size: row.sizeBytes, stream };
  } catch (err) {
    if (err instanceof IntegrityError || err instanceof FileNotFoundError)
      throw new ProblemError(
        500,
        'file_damaged',
        'The stored backup failed its integrity check and was not sent.',
      );
    throw err;
  }
};

/** Removes a backup and its file (not while it runs; audited as delete_backup). */
export const deleteBackup = async (deps: Deps, adminId: string, id: string) => {
  const storageId = await deps.db.asSystem(async (tx) => {
    const found = await selectBackup(tx, id, true);
    if (!found) throw notFound();
    if (found.state === 'running')
      throw new ProblemError(
        409,
        'backup_running',
        'A backup that is running cannot be deleted; wait for it to finish.',
      );
    await deleteBackupRow(tx, id);
    await recordAudit(tx, adminId, 'delete_backup', 'backup', id, {
      state: found.state,
      bytes: found.sizeBytes,
    });
    return found.storageId;
  });
  // After the commit: a failed delete leaves an unreachable encrypted file, never a row without one.
  if (storageId) await deps.backupStorage.delete(storageId).catch(() => {});
};
