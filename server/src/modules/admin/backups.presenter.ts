import type { AdminBackup } from '@healthfolio/core/admin/admin-backups.schema';
import type { BackupRow } from './backups.repository';

/** `healthfolio-backup-2026-11-24T12-30-05Z.tar.gz` (embedded) or `….dump` (pg_restore's format). */
export const backupFileName = (row: Pick<BackupRow, 'createdAt' | 'format'>) =>
  `healthfolio-backup-${row.createdAt.toISOString().slice(0, 19).replace(/:/g, '-')}Z.${
    row.format === 'pglite' ? 'tar.gz' : 'dump'
  }`;

export const presentBackup = (row: BackupRow): AdminBackup => ({
  id: row.id,
  format: row.format as AdminBackup['format'],
  state: row.state as AdminBackup['state'],
  sizeBytes: row.sizeBytes,
  sha256: row.sha256,
  error: row.error,
  createdBy: row.createdBy,
  createdByName: row.createdByName,
  createdAt: row.createdAt.toISOString(),
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.finishedAt?.toISOString() ?? null,
  fileName: backupFileName(row),
});
