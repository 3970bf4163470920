import type { SharedDocumentsResponse } from '@healthfolio/core';
import { desc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { documents } from '../../db/schema';

const SHARED_DOCUMENTS_LIMIT = 200;

/**
 * The owner's documents a caregiver may see, newest first: read in the share's scope, so the documents
 * table's share policy (the category granted, the share live, the access level's history window) is
 * what admits each row. Titles and categories only; the files stay with the owner for now.
 */
export const listSharedDocuments = async (
  tx: Tx,
  ownerId: string,
): Promise<SharedDocumentsResponse['items']> =>
  (
    await tx
      .select({
        id: documents.id,
        title: documents.title,
        category: documents.category,
        uploadedAt: documents.uploadedAt,
      })
      .from(documents)
      .where(eq(documents.userId, ownerId))
      .orderBy(desc(documents.uploadedAt))
      .limit(SHARED_DOCUMENTS_LIMIT)
  ).map((d) => ({ ...d, uploadedAt: d.uploadedAt.toISOString() }));
