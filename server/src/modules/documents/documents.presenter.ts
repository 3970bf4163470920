import { Readable } from 'node:stream';
import { type DocumentResponse, isViewableType } from '@healthfolio/core';
import type { DocumentRow } from './documents.repository';

export const presentDocument = (row: DocumentRow): DocumentResponse => ({
  id: row.id,
  title: row.title,
  category: row.category,
  date: row.date,
  description: row.description,
  fileName: row.fileName,
  fileSize: row.fileSize,
  fileType: row.fileType,
  uploadedAt: row.uploadedAt.toISOString(),
  extraction: row.extraction as DocumentResponse['extraction'],
  textFound: row.textFound,
  extractionFailure:
    row.extraction === 'failed'
      ? ((row.extractionFailure as DocumentResponse['extractionFailure']) ?? 'unreadable')
      : null,
  viewable: isViewableType(row.fileType),
});

/** RFC 6266: an ASCII fallback and the exact UTF-8 name. The name was sanitised at upload. */
export const contentDisposition = (kind: 'attachment' | 'inline', fileName: string) => {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
};

/**
 * The headers of every file response: never sniffed into HTML, never cached, and sandboxed, so
 * even a file opened directly in a tab cannot run script in the app's origin.
 */
export const fileHeaders = (
  row: Pick<DocumentRow, 'fileName' | 'fileType' | 'fileSize'>,
  inline: boolean,
) => ({
  'content-type': row.fileType,
  'content-length': String(row.fileSize),
  'content-disposition': contentDisposition(inline ? 'inline' : 'attachment', row.fileName),
  'x-content-type-options': 'nosniff',
  'content-security-policy':
    "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'cache-control': 'no-store',
  'cross-origin-resource-policy': 'same-origin',
});

/** The file as the answer: inline only when asked and the type is one the browser shows safely. */
export const fileResponse = (row: DocumentRow, stream: Readable, askedInline: boolean) =>
  new Response(Readable.toWeb(stream) as ReadableStream, {
    status: 200,
    headers: fileHeaders(row, askedInline && isViewableType(row.fileType)),
  });
