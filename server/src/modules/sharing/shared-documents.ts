import type { SharedDocumentsResponse } from '@healthfolio/core';
import type { Tx } from '../../db/database';

/**
 * The seam for the documents vault. Its module is not part of this server yet; when it is, two things
 * make documents shareable: `sharePolicy('documents', t.userId, 'documents', { since: t.createdAt })`
 * on its table, and its own lister called here (read under the share's scope like every category).
 * Until then the category has nothing to list.
 */
export const listSharedDocuments = async (
  _tx: Tx,
  _ownerId: string,
): Promise<SharedDocumentsResponse['items']> => [];
