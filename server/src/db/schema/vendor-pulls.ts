import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { ownerPolicies } from './rls';

/**
 * A vendor's follower cloud (Dexcom Share, LibreLinkUp) the server pulls a user's readings from, one
 * row per user and vendor. The password, and the session the vendor handed out (so the server does not
 * sign in every five minutes), are sealed with a key derived from ENCRYPTION_KEY; neither is ever
 * answered. `failures` counts failed pulls in a row: the next pull waits twice as long each time.
 */
export const vendorPullSources = pgTable(
  'vendor_pull_sources',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    vendor: text('vendor').notNull(),
    accountName: text('account_name').notNull(),
    /** Dexcom: us, ous or jp, chosen by the user. LibreLinkUp: the region its login sent us to. */
    region: text('region'),
    passwordSealed: text('password_sealed').notNull(),
    /** LibreLinkUp: the followed person chosen (the account may follow several); null: its only one. */
    patientId: text('patient_id'),
    /** LibreLinkUp: whose readings these are, as the card says it: first name and last initial ("Robin S."). */
    patientName: text('patient_name'),
    sessionSealed: text('session_sealed'),
    status: text('status').notNull().default('pending'),
    /** Why the last pull failed, as a code the screen words (see core's VENDOR_PULL_PROBLEMS). */
    problem: text('problem'),
    failures: integer('failures').notNull().default(0),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastReadingAt: timestamp('last_reading_at', { withTimezone: true }),
    lastImported: integer('last_imported'),
    /** Null while paused: the vendor refused the password, so no pull is tried until it is changed. */
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }).defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'vendor_pull_sources_pkey', columns: [t.userId, t.vendor] }),
    index('vendor_pull_sources_next_sync_idx').on(t.nextSyncAt),
    check('vendor_pull_sources_vendor_check', sql`${t.vendor} in ('dexcom-share', 'librelinkup')`),
    check('vendor_pull_sources_status_check', sql`${t.status} in ('pending', 'ok', 'error')`),
    ...ownerPolicies('vendor_pull_sources', t.userId),
  ],
);
