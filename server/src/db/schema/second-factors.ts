import { boolean, index, integer, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authSchema, user } from './auth';

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * better-auth's two-factor plugin: one row per user with the TOTP secret and the backup codes, both
 * encrypted by better-auth with SESSION_SECRET. `verified` stays false until the first code is checked.
 */
export const twoFactor = authSchema.table(
  'two_factor',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: ts('locked_until'),
  },
  (t) => [uniqueIndex('two_factor_user_id_idx').on(t.userId)],
);

/** WebAuthn credentials (@better-auth/passkey): only the public key is stored. */
export const passkey = authSchema.table(
  'passkey',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name'),
    publicKey: text('public_key').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    credentialID: text('credential_id').notNull().unique(),
    counter: integer('counter').notNull(),
    deviceType: text('device_type').notNull(),
    backedUp: boolean('backed_up').notNull(),
    transports: text('transports'),
    createdAt: ts('created_at').defaultNow(),
    aaguid: text('aaguid'),
  },
  (t) => [index('passkey_user_id_idx').on(t.userId)],
);
