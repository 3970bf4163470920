import { Readable } from 'node:stream';
import { RECORD_EXPORT_HOURS } from '@healthfolio/core/export/record-export.schema';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import type { JobHandler } from '../../jobs/job-queue';
import type { FileStorage } from '../../storage/file-storage';
import { bundleJson } from './bundle-writer';
import { recordResources } from './record-export.data';
import { selectExport, updateExport } from './record-export.repository';

export const RECORD_EXPORT_JOB = 'record.export';
const HOUR_MS = 3_600_000;

async function* utf8(parts: AsyncIterable<string>): AsyncGenerator<Buffer> {
  for await (const part of parts) yield Buffer.from(part, 'utf8');
}

/**
 * Builds a person's FHIR bundle into the encrypted file storage, as that person (RLS applies),
 * writing its progress as it goes; the download then lasts 24 hours. Idempotent: a run that died
 * left no file (FileStorage.put removes a failed stream's bytes) and starts over; a finished export
 * is not built again.
 */
export const recordExportJob = (deps: {
  db: Database;
  storage: FileStorage;
  logger: Logger;
  /** The instance's address: Healthfolio's own code system is under it. */
  appUrl: string;
}): JobHandler<{ exportId: string }> => ({
  kind: RECORD_EXPORT_JOB,
  lane: 'exports',
  leaseMs: 30 * 60_000,
  async run(job) {
    const { db, storage } = deps;
    const userId = job.userId!;
    const id = job.payload.exportId;
    const row = await db.asUser(userId, async (tx) => {
      const found = await selectExport(tx, id);
      if (found && (found.status === 'queued' || found.status === 'running'))
        await updateExport(tx, id, { status: 'running', progress: 0 });
      return found;
    });
    if (!row || row.status === 'done' || row.status === 'failed') return;

    let shown = 0;
    const progress = async (fraction: number) => {
      const percent = Math.min(99, Math.floor(fraction * 100));
      if (percent <= shown) return;
      shown = percent;
      await db.asUser(userId, (tx) => updateExport(tx, id, { progress: percent }));
    };
    let resources = 0;
    const at = new Date();
    const json = bundleJson(
      recordResources(db, userId, progress, deps.appUrl, at),
      storage,
      { id, timestamp: at.toISOString() },
      (n) => {
        resources = n;
      },
    );
    const stored = await storage.put(Readable.from(utf8(json)));
    try {
      const finishedAt = new Date();
      await db.asUser(userId, (tx) =>
        updateExport(tx, id, {
          status: 'done',
          progress: 100,
          storageId: stored.id,
          sha256: stored.sha256,
          fileSize: stored.size,
          resources,
          finishedAt,
          expiresAt: new Date(finishedAt.getTime() + RECORD_EXPORT_HOURS * HOUR_MS),
        }),
      );
    } catch (err) {
      await storage.delete(stored.id).catch(() => {});
      throw err;
    }
  },
  async gaveUp(job) {
    await deps.db.asUser(job.userId!, (tx) =>
      updateExport(tx, job.payload.exportId, { status: 'failed', finishedAt: new Date() }),
    );
  },
});
