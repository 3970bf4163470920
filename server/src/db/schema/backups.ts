import { sql } from 'drizzle-orm';
import { bigint, check, index, pgPolicy, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { isSystem } from './rls';

/**
 * Whole-database backups taken from the admin console (Data Management). Not user-owned: only the
 * system context reads or writes them (admins through `db.asSystem` after `requireAdmin`, and the
 * backup job). The file itself is in FileStorage's `backups` area, encrypted at rest.
 */
export const backups = pgTable(
  'backups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The admin who asked for it (kept as null when that account is deleted). */
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
    /** Which store was dumped: pglite (a gzipped data directory) or postgres (pg_dump custom format). */
    format: text('format').notNull(),
    state: text('state').notNull().default('queued'),
    /** Bytes written so far while running, the file's size once done. */
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    sha256: text('sha256'),
    storageId: text('storage_id'),
    /** Why it failed, in words an operator can act on (never a password or a connection string). */
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('backups_created_idx').on(t.createdAt),
    check('backups_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
    check('backups_format_check', sql`${t.format} in ('pglite', 'postgres')`),
    pgPolicy('backups_system', { for: 'all', using: isSystem, withCheck: isSystem }),
  ],
);
