import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, pgPolicy } from 'drizzle-orm/pg-core';

/** The role every user-scoped and system transaction switches to; it has no BYPASSRLS. */
export const APP_ROLE = 'healthfolio_app';

/** True inside a transaction opened by `db.asSystem` (scheduler, admin, auth hooks). */
export const isSystem = sql`current_setting('app.system', true) = 'on'`;

export const ownsRow = (userId: AnyPgColumn): SQL =>
  sql`${userId} = nullif(current_setting('app.user_id', true), '')::uuid`;

/** The standard policy set of a user-owned table: the owner or the system, for every command. */
export const ownerPolicies = (table: string, userId: AnyPgColumn) => [
  pgPolicy(`${table}_owner`, {
    as: 'permissive',
    for: 'all',
    using: sql`${ownsRow(userId)} or ${isSystem}`,
    withCheck: sql`${ownsRow(userId)} or ${isSystem}`,
  }),
];
