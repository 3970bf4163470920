import { z } from 'zod';

/** How many backups are kept: the oldest beyond this are removed when a new one is done. */
export const BACKUPS_KEPT = 10;

export const BackupState = z.enum(['queued', 'running', 'done', 'failed']);
export type BackupState = z.infer<typeof BackupState>;

/** One whole-database backup (admin console, Data Management). */
export const AdminBackup = z.object({
  id: z.string().uuid(),
  /** pglite: a gzipped tarball of the data directory; postgres: pg_dump's custom format. */
  format: z.enum(['pglite', 'postgres']),
  state: BackupState,
  /** Bytes written so far while running; the file's size once done. */
  sizeBytes: z.number().int().nonnegative(),
  sha256: z.string().nullable(),
  /** What went wrong, for the operator (e.g. pg_dump is not installed). */
  error: z.string().nullable(),
  createdBy: z.string().uuid().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** The name the download is saved under. */
  fileName: z.string(),
});
export type AdminBackup = z.infer<typeof AdminBackup>;

export const AdminBackupListResponse = z.object({
  items: z.array(AdminBackup),
  keep: z.number().int(),
  database: z.enum(['pglite', 'postgres']),
});
export type AdminBackupListResponse = z.infer<typeof AdminBackupListResponse>;

/** Columns of the user list export: no health value, nothing but the account. */
export const USERS_CSV_COLUMNS = [
  'display_name',
  'user_id',
  'email',
  'role',
  'status',
  'created_at',
  'last_sign_in',
] as const;

export const DATA_CSV_COLUMNS = ['kind', 'name', 'area', 'rows', 'bytes'] as const;
