import type { RecordExportResponse } from '@healthfolio/core/export/record-export.schema';
import type { RecordExportRow } from './record-export.repository';

/** Whether the file can be downloaded at `now`: ready, not expired, not swept. */
export const isDownloadable = (row: RecordExportRow, now: Date) =>
  row.status === 'done' &&
  row.storageId !== null &&
  row.fileDeletedAt === null &&
  row.expiresAt !== null &&
  row.expiresAt.getTime() > now.getTime();

export const presentExport = (row: RecordExportRow, now = new Date()): RecordExportResponse => ({
  id: row.id,
  status: row.status as RecordExportResponse['status'],
  progress: row.progress,
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
  downloadable: isDownloadable(row, now),
  fileSize: row.fileSize,
  resources: row.resources,
});
