import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgPolicy,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { isSystem, ownsRow } from './rls';

/**
 * Append-only for every role: the app role gets INSERT and SELECT only, and triggers refuse UPDATE,
 * DELETE and TRUNCATE even for the owner (migration audit_append_only_chain). A user may read their own
 * entries; only the system context (admin console) reads everyone's. `seq`, `prev_hash` and `hash` are
 * filled by a BEFORE INSERT trigger that chains each row to the previous one (sha256), so a changed or
 * removed row shows up in `npm run audit:verify`.
 */
export const auditLogs = pgTable(
  'audit_logs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id'),
    action: text('action').notNull(),
    resourceType: text('resource_type'),
    resourceId: text('resource_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Set by the chain trigger, never by the app (NOT NULL is added once existing rows are chained).
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    index('audit_logs_user_id_created_idx').on(t.userId, t.createdAt),
    index('audit_logs_created_idx').on(t.createdAt),
    uniqueIndex('audit_logs_seq_idx').on(t.seq),
    index('audit_logs_user_id_seq_idx').on(t.userId, t.seq),
    pgPolicy('audit_logs_read', { for: 'select', using: sql`${ownsRow(t.userId)} or ${isSystem}` }),
    pgPolicy('audit_logs_write', { for: 'insert', withCheck: sql`${ownsRow(t.userId)} or ${isSystem}` }),
  ],
);
