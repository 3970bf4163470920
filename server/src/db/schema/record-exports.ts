import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { ownerPolicies } from './rls';

/**
 * "Export my record" (issue 35): one FHIR R4 bundle of a person's whole record, built by a background
 * job (modules/record-export) into the encrypted file storage. The download lasts 24 hours from when
 * it was ready; the file sweep then deletes the file and records it here. One export at a time per
 * person: the database refuses a second unfinished one.
 */
export const recordExports = pgTable(
  'record_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** queued → running → done, or failed (the job gave up). */
    status: text('status').notNull().default('queued'),
    /** 0–100, written between the sections of the record. */
    progress: integer('progress').notNull().default(0),
    storageId: uuid('storage_id').unique(),
    sha256: text('sha256'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** How many resources the bundle holds. */
    resources: integer('resources'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Set when the file is ready: 24 hours on. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When the sweep deleted the file (jobs/file-sweeps.ts). */
    fileDeletedAt: timestamp('file_deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('record_exports_user_created_idx').on(t.userId, t.createdAt.desc()),
    uniqueIndex('record_exports_one_unfinished')
      .on(t.userId)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('record_exports_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.storageId} is not null and ${t.fileDeletedAt} is null`),
    check('record_exports_status_check', sql`${t.status} in ('queued', 'running', 'done', 'failed')`),
    check('record_exports_progress_check', sql`${t.progress} between 0 and 100`),
    ...ownerPolicies('record_exports', t.userId),
  ],
);
