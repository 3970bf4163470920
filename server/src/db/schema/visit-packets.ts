import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { ownerPolicies } from './rls';

/**
 * A pre-visit packet shared as a SMART Health Link. The PDF is stored only as a JWE under the link's
 * key, which the server never keeps: the database and the file store together open nothing. The
 * manifest id is found by its SHA-256 and the passcode by its scrypt hash; after 10 wrong passcodes
 * `locked_at` ends the link for good.
 */
export const visitPackets = pgTable(
  'visit_packets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    windowDays: integer('window_days').notNull(),
    categories: text('categories').array().notNull(),
    questions: text('questions').array().notNull().default(sql`'{}'::text[]`),
    manifestHash: text('manifest_hash').notNull().unique(),
    passcodeHash: text('passcode_hash').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The JWE (not the PDF) in the encrypted file storage. */
    storageId: uuid('storage_id').notNull().unique(),
    /** When the file was deleted: once the link is expired, revoked or locked (jobs/file-sweeps.ts). */
    fileDeletedAt: timestamp('file_deleted_at', { withTimezone: true }),
    openedCount: integer('opened_count').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('visit_packets_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    check('visit_packets_window_check', sql`${t.windowDays} in (14, 30)`),
    check('visit_packets_attempts_check', sql`${t.failedAttempts} between 0 and 10`),
    ...ownerPolicies('visit_packets', t.userId),
  ],
);
