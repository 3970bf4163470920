import { sql } from 'drizzle-orm';
import { boolean, check, index, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * better-auth's tables live in their own schema, reached only through the owner connection that
 * better-auth uses. The app role has no privilege on this schema at all, so a health-data query can
 * never read sessions, password hashes or tokens.
 */
export const authSchema = pgSchema('auth');

const ts = (name: string) => timestamp(name, { withTimezone: true });

export const user = authSchema.table(
  'user',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    /** Set by better-auth's two-factor plugin once a TOTP authenticator is verified. */
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /**
     * Set by admins (modules/admin): pending_approval while sign-ups need approval, or disabled.
     * `dependent`: a person kept by guardians (modules/household), who cannot sign in.
     */
    status: text('status', { enum: ['active', 'pending_approval', 'disabled', 'dependent'] })
      .notNull()
      .default('active'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('user_status_check', sql`${t.status} in ('active', 'pending_approval', 'disabled', 'dependent')`),
  ],
);

export const session = authSchema.table(
  'session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    expiresAt: ts('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /**
     * The second factor this session passed (`totp`, `backup_code`, `passkey`), at sign-in or later
     * (the step-up after a Google sign-in); null when only a password or Google signed it in. Admin
     * routes need one (roles.service requireAdmin).
     */
    secondFactor: text('second_factor'),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = authSchema.table(
  'account',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = authSchema.table(
  'verification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);
