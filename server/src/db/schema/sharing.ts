import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgPolicy,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { currentPerson, currentShare, guestRole, ownerPolicies, ownsRow } from './rls';

/**
 * A share of some categories of a user's data with a caregiver (spec §3 shared_access). Its status is
 * never stored: it follows from revoked_at, expires_at and first_accessed_at on every read. The link's
 * token is kept only as its SHA-256 (for the lookup) and sealed with ENCRYPTION_KEY (so the owner can
 * copy the link again); a copy of the database alone opens nothing.
 */
export const sharedAccess = pgTable(
  'shared_access',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sharedWithEmail: text('shared_with_email').notNull(),
    sharedWithName: text('shared_with_name'),
    accessType: text('access_type').notNull().default('view_only'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    message: text('message'),
    tokenHash: text('token_hash').notNull().unique(),
    sealedToken: text('sealed_token').notNull(),
    /** The caregiver must be signed in with the invited address; the first such open binds the share. */
    requireSignIn: boolean('require_sign_in').notNull().default(false),
    /** Chosen by the owner to receive the low-glucose follow-up's urgent alert. */
    alertOnLow: boolean('alert_on_low').notNull().default(false),
    boundUserId: uuid('bound_user_id').references(() => user.id, { onDelete: 'set null' }),
    firstAccessedAt: timestamp('first_accessed_at', { withTimezone: true }),
    lastAccessedAt: timestamp('last_accessed_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('shared_access_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('shared_access_bound_user_idx').on(t.boundUserId),
    check(
      'shared_access_access_type_check',
      sql`${t.accessType} in ('view_only', 'limited_access', 'full_access')`,
    ),
    ...ownerPolicies('shared_access', t.userId),
    // A caregiver's transaction reads its own share (the share policies of the data tables need it).
    pgPolicy('shared_access_share_self', {
      for: 'select',
      to: guestRole,
      using: sql`${t.id} = ${currentShare}`,
    }),
    // The caregiver's "Shared with me" list: shares bound to their account.
    pgPolicy('shared_access_recipient', { for: 'select', using: ownsRow(t.boundUserId) }),
  ],
);

/** The granted categories of a share (spec §3 shared_permissions); `user_id` is the share's owner. */
export const sharedPermissions = pgTable(
  'shared_permissions',
  {
    sharedAccessId: uuid('shared_access_id')
      .notNull()
      .references(() => sharedAccess.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    dataCategory: text('data_category').notNull(),
    canView: boolean('can_view').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.sharedAccessId, t.dataCategory] }),
    index('shared_permissions_user_share_idx').on(t.userId, t.sharedAccessId),
    check(
      'shared_permissions_category_check',
      sql`${t.dataCategory} in ('documents', 'health_metrics', 'medications', 'appointments', 'lab_results')`,
    ),
    ...ownerPolicies('shared_permissions', t.userId),
    pgPolicy('shared_permissions_share_self', {
      for: 'select',
      to: guestRole,
      using: sql`${t.sharedAccessId} = ${currentShare}`,
    }),
    pgPolicy('shared_permissions_recipient', {
      for: 'select',
      using: sql`${t.sharedAccessId} in (select id from shared_access where bound_user_id = ${currentPerson})`,
    }),
  ],
);
