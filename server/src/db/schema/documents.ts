import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { labDocuments, ownerPolicies, sharePolicy } from './rls';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The medical records vault: metadata here, the encrypted bytes in file storage under `storage_id`. */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    category: text('category').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    description: text('description'),
    /** The sanitised name the user's file had; never used as a storage path. */
    fileName: text('file_name').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** What the bytes are (sniffed, or what the re-encoder wrote), not what the browser claimed. */
    fileType: text('file_type').notNull(),
    storageId: uuid('storage_id').notNull().unique(),
    sha256: text('sha256').notNull(),
    extraction: text('extraction').notNull().default('queued'),
    extractedText: text('extracted_text'),
    /** Why extraction gave up (`failed`): too_large, too_slow or unreadable. */
    extractionFailure: text('extraction_failure'),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, '') || ' ' || file_name || ' ' || coalesce(extracted_text, ''))`,
    ),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_user_uploaded_idx').on(t.userId, t.uploadedAt.desc(), t.id),
    index('documents_search_idx').using('gin', t.searchVector),
    check(
      'documents_category_check',
      sql`${t.category} in ('Lab Results', 'Prescriptions', 'Medical Images', 'Insurance Cards', 'Referrals', 'Medical History', 'Other')`,
    ),
    check('documents_extraction_check', sql`${t.extraction} in ('queued', 'reading', 'done', 'failed')`),
    check(
      'documents_extraction_failure_check',
      sql`${t.extractionFailure} in ('too_large', 'too_slow', 'unreadable')`,
    ),
    ...ownerPolicies('documents', t.userId),
    sharePolicy('documents', t.userId, 'documents', { since: t.uploadedAt }),
    // Lab reports are lab results too: a share of `lab_results` alone opens them (not other documents).
    sharePolicy('documents', t.userId, 'lab_results', {
      since: t.uploadedAt,
      where: labDocuments(t.category),
    }),
  ],
);

/**
 * Durable background work of any kind (see server/src/jobs/job-queue.ts). A job belongs to the user
 * it works for (null for instance-wide work) and is claimed by one process at a time.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The order jobs were queued in: two queued in one tick of the clock (the embedded database's has
     * milliseconds) have the same `run_at`, and a user's jobs run in the order they were queued.
     */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    /** While running: when the claim lapses (the process died) and another may take the job. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** An error code or short message, never user data. */
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('jobs_user_idx').on(t.userId),
    index('jobs_due_idx').on(t.runAt).where(sql`${t.state} in ('queued', 'running')`),
    check('jobs_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
    ...ownerPolicies('jobs', t.userId),
  ],
);
