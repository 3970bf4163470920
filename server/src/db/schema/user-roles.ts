import { sql } from 'drizzle-orm';
import { check, pgPolicy, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { isSystem, ownsRow } from './rls';

/**
 * One role per user (the spec shows and edits a single role). Users may read their own role; only the
 * system context (sign-up, ADMIN_EMAILS, the admin endpoint) writes one, so no user-scoped bug can
 * promote anyone.
 */
export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('user'),
    assignedBy: uuid('assigned_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('user_roles_role_check', sql`${t.role} in ('user', 'moderator', 'admin')`),
    pgPolicy('user_roles_read', { for: 'select', using: sql`${ownsRow(t.userId)} or ${isSystem}` }),
    pgPolicy('user_roles_write', { for: 'all', using: isSystem, withCheck: isSystem }),
  ],
);
