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
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { isSystem, notAppRoles, ownerPolicies } from './rls';

/**
 * Who keeps whom (issue 32): a guardian (an account) acts for a person (a dependent: a user row with
 * status `dependent`, which cannot sign in). The database's own check, `app_person()` (migration
 * households_sql), reads this table as the owner for every owner policy: so does the policy
 * `guardianships_definer`. The app reaches it only in the system context (modules/household).
 */
export const guardianships = pgTable(
  'guardianships',
  {
    personId: uuid('person_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** This guardian does not get the person's notifications, reminders and alerts. */
    muted: boolean('muted').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // (person, guardian) answers app_person() and the request's guardianship check with one index probe.
    primaryKey({ columns: [t.personId, t.guardianId] }),
    index('guardianships_guardian_idx').on(t.guardianId),
    check('guardianships_not_self', sql`${t.personId} <> ${t.guardianId}`),
    pgPolicy('guardianships_system', { for: 'all', using: isSystem, withCheck: isSystem }),
    pgPolicy('guardianships_definer', { for: 'select', using: notAppRoles }),
  ],
);

/**
 * An invitation to a person's record: a second guardian, or a handover to the person themselves. The
 * token (256 bits) is only in the email's link; the database keeps its SHA-256.
 */
export const householdInvitations = pgTable(
  'household_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['guardian', 'handover'] }).notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('household_invitations_person_idx').on(t.personId),
    check('household_invitations_kind_check', sql`${t.kind} in ('guardian', 'handover')`),
    pgPolicy('household_invitations_system', { for: 'all', using: isSystem, withCheck: isSystem }),
  ],
);

/**
 * The guardians a person had before they took their record over (handover): they have no access any
 * more; the person's Settings → Household lists them, to give caregiver access through a share if
 * they want to.
 */
export const formerGuardians = pgTable(
  'former_guardians',
  {
    personId: uuid('person_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    guardianId: uuid('guardian_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.personId, t.guardianId] }),
    pgPolicy('former_guardians_system', { for: 'all', using: isSystem, withCheck: isSystem }),
  ],
);

/**
 * A household follower token (issue 32): a read-only token a guardian makes for a follower app or a
 * relative's phone, naming the people it follows (`personIds`: some of the guardian's wards and maybe
 * the guardian; null: the whole household, now and later). It answers only each person's latest
 * reading, through `db.readAsFollowToken`: the policies `*_household_follower` (migration
 * follow_sql) admit the rows of `app_follow_people()`, the people the token names that its
 * guardian still keeps. Only SHA-256 of the token is kept; deleting the row revokes it.
 */
export const householdFollowerTokens = pgTable(
  'household_follower_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    personIds: uuid('person_ids').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('household_follower_tokens_account_idx').on(t.accountId, t.createdAt),
    uniqueIndex('household_follower_tokens_token_hash_key').on(t.tokenHash),
    ...ownerPolicies('household_follower_tokens', t.accountId),
    // `app_follow_people()` (SECURITY DEFINER) reads the token as the owner, as app_person() does.
    pgPolicy('household_follower_tokens_definer', { for: 'select', using: notAppRoles }),
  ],
);
