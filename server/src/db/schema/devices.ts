import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { ownerPolicies } from './rls';

/**
 * A revocable credential a phone app (xDrip+, AndroidAPS, Loop, Juggluco) uploads with, through the
 * Nightscout-compatible API under /ns/{slug}. The slug names it in the address; the secret is shown
 * once and only SHA-256(SHA-1 hex of the secret) is kept, because the SHA-1 hex is what the apps send
 * (a copy of the table must not be a working credential).
 */
export const nsUploadCredentials = pgTable(
  'ns_upload_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    secretHash: text('secret_hash').notNull(),
    /**
     * SHA-256 of the secret's SHA-512 hex, which Nightscout also accepts as `api-secret`. Null for
     * credentials made before it was kept: those answer to the SHA-1 form only.
     */
    secretHashSha512: text('secret_hash_sha512'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('ns_upload_credentials_user_idx').on(t.userId, t.createdAt),
    // AndroidAPS asks for a JWT at the site's root (`/api/v2/authorization/request/{token}`), without
    // the slug: the secret (as its hash) is all that names the credential there.
    uniqueIndex('ns_upload_credentials_secret_hash_key').on(t.secretHash),
    ...ownerPolicies('ns_upload_credentials', t.userId),
  ],
);

/**
 * Which outside record (a Nightscout treatment, a Terra body sample) already became which tracker
 * entry, so a replayed upload or webhook adds nothing. Tracker entries have no natural unique key.
 */
export const deviceEntryKeys = pgTable(
  'device_entry_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    source: text('source').notNull(),
    externalKey: text('external_key').notNull(),
    entryId: uuid('entry_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'device_entry_keys_pkey', columns: [t.userId, t.source, t.externalKey] }),
    ...ownerPolicies('device_entry_keys', t.userId),
  ],
);

/**
 * A user's own Nightscout site the server pulls readings from. The read token or API secret is
 * stored encrypted; the sync state is shown to the user.
 */
export const nightscoutSources = pgTable(
  'nightscout_sources',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    siteUrl: text('site_url').notNull(),
    credentialKind: text('credential_kind').notNull(),
    credentialEncrypted: text('credential_encrypted').notNull(),
    status: text('status').notNull().default('pending'),
    lastError: text('last_error'),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastReadingAt: timestamp('last_reading_at', { withTimezone: true }),
    lastImported: integer('last_imported'),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('nightscout_sources_next_sync_idx').on(t.nextSyncAt),
    check('nightscout_sources_kind_check', sql`${t.credentialKind} in ('token', 'api_secret')`),
    check('nightscout_sources_status_check', sql`${t.status} in ('pending', 'ok', 'error')`),
    ...ownerPolicies('nightscout_sources', t.userId),
  ],
);

/**
 * A device account a user connected through Terra (the auth webhook records it). Terra's user id is
 * unique: one Terra connection belongs to one Healthfolio user.
 */
export const deviceConnections = pgTable(
  'device_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    terraUserId: text('terra_user_id').notNull().unique(),
    connectedAt: timestamp('connected_at', { withTimezone: true }).notNull().defaultNow(),
    lastDataAt: timestamp('last_data_at', { withTimezone: true }),
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    lastError: text('last_error'),
    nextSyncAt: timestamp('next_sync_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('device_connections_user_idx').on(t.userId, t.provider),
    index('device_connections_next_sync_idx').on(t.nextSyncAt),
    ...ownerPolicies('device_connections', t.userId),
  ],
);
