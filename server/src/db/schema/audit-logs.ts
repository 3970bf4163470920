import { sql } from 'drizzle-orm';
import { index, jsonb, pgPolicy, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { isSystem, ownsRow } from './rls';

/**
 * Append-only: the app role gets INSERT and SELECT only (see the grants migration). A user may read
 * their own entries; only the system context (admin console) reads everyone's.
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
  },
  (t) => [
    index('audit_logs_user_id_created_idx').on(t.userId, t.createdAt),
    index('audit_logs_created_idx').on(t.createdAt),
    pgPolicy('audit_logs_read', { for: 'select', using: sql`${ownsRow(t.userId)} or ${isSystem}` }),
    pgPolicy('audit_logs_write', { for: 'insert', withCheck: sql`${ownsRow(t.userId)} or ${isSystem}` }),
  ],
);
