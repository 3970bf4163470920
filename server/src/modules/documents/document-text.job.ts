import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { documents } from '../../db/schema';
import type { JobHandler } from '../../jobs/job-queue';
import type { FileStorage } from '../../storage/file-storage';
import { setExtraction } from './documents.repository';
import { extractText } from './text-extraction';

export const DOCUMENT_TEXT_JOB = 'document.extract-text';

const readAll = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
};

/**
 * Reads the text of an uploaded document for search, as its owner (RLS applies). The document shows
 * the state: queued → reading → done, or failed after the last retry. Idempotent: running it twice
 * writes the same text.
 */
export const documentTextJob = (deps: {
  db: Database;
  storage: FileStorage;
  logger: Logger;
}): JobHandler<{ documentId: string }> => ({
  kind: DOCUMENT_TEXT_JOB,
  leaseMs: 10 * 60_000,
  async run(job) {
    const { db, storage } = deps;
    const userId = job.userId!;
    const id = job.payload.documentId;
    const row = await db.asUser(userId, async (tx) => {
      const [found] = await tx
        .select({ storageId: documents.storageId, sha256: documents.sha256, fileType: documents.fileType })
        .from(documents)
        .where(eq(documents.id, id));
      if (found) await setExtraction(tx, id, 'reading');
      return found;
    });
    if (!row) return; // deleted meanwhile
    try {
      const bytes = await readAll(await storage.get(row.storageId, { sha256: row.sha256 }));
      const text = await extractText(row.fileType, bytes);
      await db.asUser(userId, (tx) => setExtraction(tx, id, 'done', text));
    } catch (err) {
      // Back to waiting for the retry (the runner marks it failed after the last one).
      await db.asUser(userId, (tx) => setExtraction(tx, id, 'queued')).catch(() => {});
      throw err;
    }
  },
  async gaveUp(job) {
    await deps.db.asUser(job.userId!, (tx) => setExtraction(tx, job.payload.documentId, 'failed'));
  },
});
