import type { Database, Tx } from '../../db/database';
import { notFound } from '../../http/problem';
import { type DocumentRow, selectDocument, selectDocumentSummaries } from './documents.repository';

export const DOCUMENT_NOT_FOUND = 'No document with this id';

/**
 * The one place that decides who may read a document (its details, its file, its viewer): today its
 * owner. Caregivers granted the `documents` category will be let in here, in their share scope, so
 * every read path follows. Anyone else gets the same 404 as for a document that does not exist.
 */
export const withReadableDocument = <T>(
  db: Database,
  readerId: string,
  documentId: string,
  fn: (tx: Tx, row: DocumentRow) => Promise<T>,
): Promise<T> =>
  db.asUser(readerId, async (tx) => {
    const row = await readableDocumentIn(tx, readerId, documentId);
    if (!row) throw notFound(DOCUMENT_NOT_FOUND);
    return fn(tx, row);
  });

/** The same rule inside a transaction the caller already holds (a record attaching a document). */
export const readableDocumentIn = (tx: Tx, readerId: string, documentId: string) =>
  selectDocument(tx, readerId, documentId);

/** Title and file name of the given documents the reader may read (what a record shows of its attachment). */
export const readableDocumentSummaries = async (tx: Tx, readerId: string, ids: readonly string[]) => {
  const rows = await selectDocumentSummaries(tx, readerId, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
};
