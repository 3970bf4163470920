import { isViewableType, type SharedDocumentItem } from '@healthfolio/core';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { documents } from '../../db/schema';

const SHARED_DOCUMENTS_LIMIT = 200;

/**
 * The owner's documents a caregiver may see, newest first: read in the share's scope, so the documents
 * table's share policies (the category granted, the share live, the access level's history window) are
 * what admit each row. `categories` narrows to a section's documents (the lab results section's).
 */
export const listSharedDocuments = async (
  tx: Tx,
  ownerId: string,
  categories?: readonly string[],
): Promise<SharedDocumentItem[]> =>
  (
    await tx
      .select({
        id: documents.id,
        title: documents.title,
        category: documents.category,
        uploadedAt: documents.uploadedAt,
        fileName: documents.fileName,
        fileSize: documents.fileSize,
        fileType: documents.fileType,
      })
      .from(documents)
      .where(
        and(
          eq(documents.userId, ownerId),
          categories ? inArray(documents.category, [...categories]) : undefined,
        ),
      )
      .orderBy(desc(documents.uploadedAt))
      .limit(SHARED_DOCUMENTS_LIMIT)
  ).map(({ fileType, ...d }) => ({
    ...d,
    uploadedAt: d.uploadedAt.toISOString(),
    viewable: isViewableType(fileType),
  }));
