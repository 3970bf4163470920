import type { Readable } from 'node:stream';
import {
  type DocumentListQuery,
  type DocumentUpdateRequest,
  DocumentUploadFields,
  fileExtension,
  isAllowedExtension,
  MISSING_INFORMATION_MESSAGE,
  sanitizeFileName,
} from '@healthfolio/core';
import type { Database } from '../../db/database';
import { notFound, ProblemError, zodIssues } from '../../http/problem';
import { enqueueJob } from '../../jobs/job-queue';
import {
  FileNotFoundError,
  type FileStorage,
  IntegrityError,
  type StoredFile,
} from '../../storage/file-storage';
import type { PlatformSettingsStore } from '../admin/platform-settings.store';
import { changedFields, recordAudit } from '../audit/audit.service';
import { DOCUMENT_NOT_FOUND, withReadableDocument } from './document-access';
import { DOCUMENT_TEXT_ATTEMPTS, DOCUMENT_TEXT_JOB } from './document-text.job';
import { presentDocument } from './documents.presenter';
import {
  type DocumentRow,
  deleteDocumentRow,
  insertDocument,
  selectDocuments,
  updateDocumentRow,
} from './documents.repository';
import { byteLimit, checkContent, peek, refused, SNIFF_BYTES, tailKeeper, tooLarge } from './file-inspection';
import { imageProblem, reencodeImage } from './image-reencode';
import { uploadLimitBytes } from './upload-limit';
import { closingConnection, receiveUpload } from './upload-receiver';

export interface DocumentDeps {
  db: Database;
  storage: FileStorage;
  settings: Pick<PlatformSettingsStore, 'maxFileSizeBytes'>;
}

// Multipart boundaries and the form fields around the file.
const MULTIPART_SLACK = 64 * 1024;

const missingInformation = (errors?: { path: string; message: string }[]) =>
  new ProblemError(400, 'validation_failed', MISSING_INFORMATION_MESSAGE, errors);

const pipeInto = <T extends NodeJS.WritableStream & Readable>(from: Readable, to: T) => {
  from.on('error', (err) => to.destroy(err));
  return from.pipe(to);
};

/** Stores the file's bytes (re-encoded if an image); refuses what is not what its extension says. */
const storeFile = async (storage: FileStorage, ext: string, source: Readable, limit: number) => {
  if (!isAllowedExtension(ext))
    throw refused('Only PDF, JPG, JPEG, PNG, DOC and DOCX files can be uploaded.');
  const limited = pipeInto(source, byteLimit(limit));
  const { head, stream } = await peek(limited, SNIFF_BYTES);
  const fileType = await checkContent(ext, head);
  if (fileType === 'image/jpeg' || fileType === 'image/png') {
    try {
      return { fileType, stored: await storage.put(pipeInto(stream, reencodeImage(fileType))) };
    } catch (err) {
      throw err instanceof ProblemError ? err : imageProblem(err);
    }
  }
  const tail = tailKeeper();
  const stored = await storage.put(pipeInto(stream, tail.stream));
  if (fileType === 'application/pdf' && !tail.tail().includes('%%EOF')) {
    await storage.delete(stored.id);
    throw refused('The PDF file is incomplete or damaged.');
  }
  return { fileType, stored };
};

/**
 * Streams a multipart upload into encrypted storage, then records it with its text-extraction job in
 * one transaction. A refused, failed or oversized upload leaves neither a row nor an object.
 */
export const uploadDocument = async (
  { db, storage, settings }: DocumentDeps,
  userId: string,
  req: Request,
) => {
  const limit = await uploadLimitBytes(settings);
  if (Number(req.headers.get('content-length') ?? 0) > limit + MULTIPART_SLACK)
    throw closingConnection(tooLarge(limit));
  const { fields, file, discard } = await receiveUpload(req);
  const parsed = DocumentUploadFields.safeParse(fields);
  if (!file || !parsed.success) {
    discard();
    throw closingConnection(
      missingInformation(
        parsed.success ? [{ path: 'file', message: MISSING_INFORMATION_MESSAGE }] : zodIssues(parsed.error),
      ),
    );
  }
  const fileName = sanitizeFileName(file.name);
  let result: { fileType: string; stored: StoredFile };
  try {
    result = await storeFile(storage, fileExtension(fileName), file.stream, limit);
  } catch (err) {
    // A little more is read and dropped (so the client can take the answer), never the whole upload.
    discard();
    throw closingConnection(err);
  }
  const { fileType, stored } = result;
  try {
    return await db.asUser(userId, async (tx) => {
      const f = parsed.data;
      const row = await insertDocument(tx, userId, {
        title: f.title,
        category: f.category,
        date: f.date ?? new Date().toISOString().slice(0, 10),
        description: f.description,
        fileName,
        fileSize: stored.size,
        fileType,
        storageId: stored.id,
        sha256: stored.sha256,
      });
      await enqueueJob(tx, {
        kind: DOCUMENT_TEXT_JOB,
        userId,
        payload: { documentId: row.id },
        maxAttempts: DOCUMENT_TEXT_ATTEMPTS,
      });
      await recordAudit(tx, userId, 'create', 'document', row.id);
      return presentDocument(row);
    });
  } catch (err) {
    await storage.delete(stored.id);
    throw err;
  }
};

export const listDocuments = (db: Database, userId: string, q: DocumentListQuery) =>
  db.asUser(userId, async (tx) => ({ items: (await selectDocuments(tx, userId, q)).map(presentDocument) }));

export const getDocument = (db: Database, userId: string, id: string) =>
  withReadableDocument(db, userId, id, async (tx, row) => {
    await recordAudit(tx, userId, 'read', 'document', id);
    return presentDocument(row);
  });

export const updateDocument = (db: Database, userId: string, id: string, patch: DocumentUpdateRequest) =>
  db.asUser(userId, async (tx) => {
    const row = await updateDocumentRow(tx, userId, id, patch);
    if (!row) throw notFound(DOCUMENT_NOT_FOUND);
    await recordAudit(tx, userId, 'update', 'document', id, { fields: changedFields(patch) });
    return presentDocument(row);
  });

/** The row goes first (in its transaction), then the object: a failure never leaves a row without a file. */
export const deleteDocument = async ({ db, storage }: DocumentDeps, userId: string, id: string) => {
  const storageId = await db.asUser(userId, async (tx) => {
    const row = await deleteDocumentRow(tx, userId, id);
    if (!row) throw notFound(DOCUMENT_NOT_FOUND);
    await recordAudit(tx, userId, 'delete', 'document', id);
    return row.storageId;
  });
  await storage.delete(storageId);
};

/** The checked bytes of a stored document; a damaged or missing object is a 500 that sends nothing. */
export const documentStream = async (
  storage: FileStorage,
  row: Pick<DocumentRow, 'storageId' | 'sha256'>,
) => {
  try {
    return await storage.get(row.storageId, { sha256: row.sha256 });
  } catch (err) {
    if (err instanceof IntegrityError || err instanceof FileNotFoundError)
      throw new ProblemError(
        500,
        'file_damaged',
        'The stored file failed its integrity check and was not sent.',
      );
    throw err;
  }
};

/** The checked bytes of a document the owner may see, with its row for the headers. */
export const openDocumentFile = async (
  { db, storage }: DocumentDeps,
  readerId: string,
  id: string,
  inline: boolean,
) => {
  const row = await withReadableDocument(db, readerId, id, async (tx, row) => {
    await recordAudit(tx, readerId, 'read', 'document', id, { file: inline ? 'view' : 'download' });
    return row;
  });
  return { row, stream: await documentStream(storage, row) };
};
