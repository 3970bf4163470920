import { formatFileSize } from '@healthfolio/core/documents/document-files';
import { formatCalendarDate } from '@/lib/zoned-format';
import type { DocumentResponse } from './documents-api';

/** "Lab Results · Nov 29, 2026 · lab-results.pdf · 891 Bytes": a document's line in the list and viewer. */
export const documentMeta = (doc: Pick<DocumentResponse, 'category' | 'date' | 'fileName' | 'fileSize'>) =>
  [doc.category, formatCalendarDate(doc.date), doc.fileName, formatFileSize(doc.fileSize)].join(' · ');
