import { Transform } from 'node:stream';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import type { JobHandler } from '../../jobs/job-queue';
import type { FileStorage } from '../../storage/file-storage';
import { deleteOldBackups, markDone, markFailed, markRunning, setProgress } from './backups.repository';
import { BackupFailure, dumpDatabase } from './database-dump';

export const BACKUP_JOB = 'admin.backup';

/** How often a running backup writes how far it got (the console polls it). */
const PROGRESS_EVERY_MS = 1_000;

/** Counts the bytes going through, reporting at most every PROGRESS_EVERY_MS. */
const byteCounter = (report: (bytes: number) => void) => {
  let bytes = 0;
  let reportedAt = Date.now();
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      bytes += chunk.length;
      if (Date.now() - reportedAt >= PROGRESS_EVERY_MS) {
        reportedAt = Date.now();
        report(bytes);
      }
      done(null, chunk);
    },
  });
};

const failureText = (err: unknown) =>
  err instanceof BackupFailure
    ? err.message
    : `The backup failed (${(err as { code?: string }).code ?? (err as Error).name ?? 'error'}); see the server log.`;

/**
 * Dumps the whole database into the storage's backups area (encrypted like every stored file), then
 * removes the oldest finished backups beyond BACKUPS_KEPT. One attempt: a failure is shown to the
 * admin, who may press Back up now again; a process that died mid-way has its job claimed again.
 */
export const backupJob = (deps: {
  db: Database;
  backupStorage: FileStorage;
  logger: Logger;
}): JobHandler<{ backupId: string }> => ({
  kind: BACKUP_JOB,
  lane: 'backups',
  leaseMs: 30 * 60_000,
  async run(job) {
    const { db, backupStorage: storage, logger } = deps;
    const id = job.payload.backupId;
    if (!(await db.asSystem((tx) => markRunning(tx, id)))) return; // deleted meanwhile
    try {
      const source = await dumpDatabase(db);
      let reporting = Promise.resolve();
      const counter = byteCounter((bytes) => {
        reporting = reporting
          .then(() => db.asSystem((tx) => setProgress(tx, id, bytes)))
          .then(() => {})
          .catch(() => {});
      });
      source.on('error', (err) => counter.destroy(err));
      const stored = await storage.put(source.pipe(counter));
      await reporting;
      const kept = await db.asSystem((tx) => markDone(tx, id, stored));
      // Deleted while it ran: the file has no row to reach it by.
      if (!kept) await storage.delete(stored.id);
      const old = await db.asSystem((tx) => deleteOldBackups(tx));
      for (const o of old) if (o.storage_id) await storage.delete(o.storage_id).catch(() => {});
      logger.info({ backupId: id, bytes: stored.size, removed: old.length }, 'backup done');
    } catch (err) {
      await db.asSystem((tx) => markFailed(tx, id, failureText(err))).catch(() => {});
      throw err;
    }
  },
});
