import type { Database, Tx } from '../../db/database';
import { notFound } from '../../http/problem';
import { type DocumentRow, selectDocument, selectDocumentSummaries } from './documents.repository';

export const DOCUMENT_NOT_FOUND = 'No document with this id';

/** A caregiver reading through a share: its id (the database scope) and the owner whose documents it opens. */
export interface ShareReader {
  shareId: string;
  ownerId: string;
  /** The section's document categories (lab results); unset = whatever the share's scope admits. */
  categories?: readonly string[];
  /** What a refused read answers (the share's one "not valid" answer). */
  refused: () => Error;
}

/** The owner (a session's user id) or a caregiver through a share. */
export type DocumentReader = string | ShareReader;

/**
 * The one place that decides who may read a document (its details, its file, its viewer): its owner,
 * in their own scope; or a caregiver, in the share's scope, where the documents table's share policies
 * admit the row only while the share is live and grants `documents` (or `lab_results` for lab
 * documents). Anyone else gets the same 404 as for a document that does not exist.
 */
export const withReadableDocument = <T>(
  db: Database,
  reader: DocumentReader,
  documentId: string,
  fn: (tx: Tx, row: DocumentRow) => Promise<T>,
): Promise<T> => {
  if (typeof reader === 'string')
    return db.asUser(reader, async (tx) => {
      const row = await readableDocumentIn(tx, reader, documentId);
      if (!row) throw notFound(DOCUMENT_NOT_FOUND);
      return fn(tx, row);
    });
  return db.asShare(reader.shareId, async (tx) => {
    const row = await selectDocument(tx, reader.ownerId, documentId);
    if (!row || (reader.categories && !reader.categories.includes(row.category))) throw reader.refused();
    return fn(tx, row);
  });
};

/** The same rule inside a transaction the caller already holds (a record attaching a document). */
export const readableDocumentIn = (tx: Tx, readerId: string, documentId: string) =>
  selectDocument(tx, readerId, documentId);

/** Title and file name of the given documents the reader may read (what a record shows of its attachment). */
export const readableDocumentSummaries = async (tx: Tx, readerId: string, ids: readonly string[]) => {
  const rows = await selectDocumentSummaries(tx, readerId, [...new Set(ids)]);
  return new Map(rows.map((r) => [r.id, r]));
};
