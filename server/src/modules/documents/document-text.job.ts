import type { Readable } from 'node:stream';
import type { ExtractionFailure } from '@healthfolio/core';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/database';
import { documents } from '../../db/schema';
import { GiveUpError, type JobHandler } from '../../jobs/job-queue';
import type { FileStorage } from '../../storage/file-storage';
import { LimitedRunError } from '../../untrusted/run-limited';
import { setExtraction, setExtractionFailed } from './documents.repository';
import { EXTRACTION_LIMITS, extractText } from './text-extraction';

export const DOCUMENT_TEXT_JOB = 'document.extract-text';
/** Tries per document: a reading that timed out or crashed is tried again after a back-off. */
export const DOCUMENT_TEXT_ATTEMPTS = 3;

/** A file over the memory or pixel limits would be again: no retry. */
const HOPELESS = new Set(['memory_limit', 'too_large']);

/** What the document says when reading gave up, from the last error's code. */
export const failureOf = (code: string): ExtractionFailure =>
  HOPELESS.has(code) ? 'too_large' : code === 'time_limit' ? 'too_slow' : 'unreadable';

const readAll = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
};

/**
 * Reads the text of an uploaded document for search, as its owner (RLS applies). The document shows
 * the state: queued → reading → done, or failed (with why) after the last retry, at once when the
 * file is over a limit, or when the server died while reading it on the last try; the file itself
 * is untouched. The bytes are parsed in a limited child process (text-extraction.ts). Idempotent:
 * running it twice writes the same text.
 */
export const documentTextJob = (deps: {
  db: Database;
  storage: FileStorage;
  logger: Logger;
}): JobHandler<{ documentId: string }> => ({
  kind: DOCUMENT_TEXT_JOB,
  lane: 'documents',
  // Longer than a reading may take, so a live run is never taken over.
  leaseMs: EXTRACTION_LIMITS.timeMs + 3 * 60_000,
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
      if (err instanceof LimitedRunError && HOPELESS.has(err.code)) throw new GiveUpError(err.code);
      // Back to waiting for the retry (the runner marks it failed after the last one).
      await db.asUser(userId, (tx) => setExtraction(tx, id, 'queued')).catch(() => {});
      throw err;
    }
  },
  async gaveUp(job, reason) {
    await deps.db.asUser(job.userId!, (tx) =>
      setExtractionFailed(tx, job.payload.documentId, failureOf(reason)),
    );
  },
});
