import type { AppDeps } from '../../app-deps';
import { lockExpiredExports, markExportFileDeleted } from './record-export.repository';

const BATCH = 100;

/**
 * Deletes the files of record exports whose 24 hours ran out, and records it on the export (which
 * stays as the person's latest, saying it expired). A file that cannot be deleted rolls its batch
 * back; the next run tries again.
 */
export const sweepExpiredExports = async ({ db, storage }: Pick<AppDeps, 'db' | 'storage'>, now: Date) => {
  let deleted = 0;
  for (;;) {
    const batch = await db.asSystem(async (tx) => {
      const due = await lockExpiredExports(tx, now, BATCH);
      for (const row of due) {
        await storage.delete(row.storageId as string);
        await markExportFileDeleted(tx, row.id);
      }
      return due.length;
    });
    deleted += batch;
    if (batch < BATCH) return deleted;
  }
};
