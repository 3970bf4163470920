import type { AttachedDocument } from '@healthfolio/core';
import type { Tx } from '../../db/database';
import { ProblemError } from '../../http/problem';
import { readableDocumentIn, readableDocumentSummaries } from '../documents/document-access';

export type Attachments = ReadonlyMap<string, AttachedDocument>;

/**
 * An EOB or a receipt must be a document the user may read. The foreign key alone would accept
 * another user's document id (key checks do not see row-level security), so it is looked up in the
 * user's scope; a document that is not theirs gets the same 400 as one that does not exist.
 */
export const checkAttachment = async (
  tx: Tx,
  userId: string,
  documentId: string | null,
  path: string,
  message: string,
) => {
  if (documentId && !(await readableDocumentIn(tx, userId, documentId)))
    throw new ProblemError(400, 'validation_failed', message, [{ path, message }]);
};

/** Title and file name of the documents these records attach (one query). */
export const attachmentsOf = (
  tx: Tx,
  userId: string,
  ids: readonly (string | null)[],
): Promise<Attachments> =>
  readableDocumentSummaries(
    tx,
    userId,
    ids.filter((id): id is string => id !== null),
  );
