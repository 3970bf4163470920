import { LAB_DOCUMENT_CATEGORIES } from '@healthfolio/core';
import type { SessionUser } from '../../http/context';
import { withReadableDocument } from '../documents/document-access';
import { type DocumentDeps, documentStream } from '../documents/documents.service';
import type { LiveNotifier } from '../notifications/live-notifications.service';
import { invalidLink, readThroughShare } from './shared-view.service';

export interface SharedFileRequest {
  token: string;
  viewer: SessionUser | null;
  documentId: string;
  /** The section the file is opened from: `documents`, or `lab_results` for lab documents only. */
  section: 'documents' | 'lab_results';
  inline: boolean;
}

/**
 * A document's file for a caregiver: the document is read by the documents module's one access rule
 * in the share's scope (unknown, foreign, out-of-window or not-granted documents all answer the
 * link's "not valid" 404), the read is audited with the document's id, then the checked bytes follow.
 */
export const openSharedDocumentFile = async (
  { db, storage, notifier }: Omit<DocumentDeps, 'settings'> & { notifier: LiveNotifier },
  r: SharedFileRequest,
) => {
  const row = await readThroughShare(
    db,
    notifier,
    { token: r.token, viewer: r.viewer, view: r.section },
    async (share) => ({
      value: await withReadableDocument(
        db,
        {
          shareId: share.id,
          ownerId: share.userId,
          categories: r.section === 'lab_results' ? LAB_DOCUMENT_CATEGORIES : undefined,
          refused: invalidLink,
        },
        r.documentId,
        async (_tx, row) => row,
      ),
      details: { document: r.documentId, file: r.inline ? 'view' : 'download' },
    }),
  );
  return { row, stream: await documentStream(storage, row) };
};
