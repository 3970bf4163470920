import type { DocumentReference } from '@medplum/fhirtypes';
import { type ExportContext, instant } from './context';

export interface DocumentRow {
  id: string;
  title: string;
  category: string;
  date: string;
  description: string | null;
  fileName: string;
  fileSize: number;
  fileType: string;
  uploadedAt: Date;
}

/**
 * Where the file's base64 goes: the bundle writer streams the stored file in its place, so a large
 * document is never held whole in memory (bundle-writer.ts).
 */
export const ATTACHMENT_DATA_SLOT = '\u0000healthfolio-attachment-data\u0000';

/**
 * A vault document with its file inside (`attachment.data`, base64): the export is one
 * self-contained file that a later import can restore the vault from, and it needs no link that
 * outlives the download.
 */
export const documentReference = (
  d: DocumentRow,
  ctx: ExportContext,
): DocumentReference & { id: string } => ({
  resourceType: 'DocumentReference',
  id: d.id,
  status: 'current',
  type: { text: d.title },
  category: [{ text: d.category }],
  subject: ctx.patient,
  date: instant(d.uploadedAt),
  ...(d.description ? { description: d.description } : {}),
  content: [
    {
      attachment: {
        contentType: d.fileType,
        title: d.fileName,
        size: d.fileSize,
        creation: d.date,
        data: ATTACHMENT_DATA_SLOT,
      },
    },
  ],
});
