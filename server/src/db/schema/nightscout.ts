import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { ownerPolicies } from './rls';

/**
 * Nightscout treatments as the loop uploaded them (every eventType: boluses, carbs, temp basals,
 * profile switches, site changes, notes…), kept whole (`doc`) so followers read back the fields
 * they sent. Deduplicated as Nightscout does: the client's identifier, else `created_at` +
 * `eventType` (`dedupe_key`); a resend replaces the document. Carbs and insulin also go to the meal
 * and insulin trackers (ns-upload.service).
 */
export const nsTreatments = pgTable(
  'ns_treatments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    /** What the apps see as `_id` and `identifier`: the client's id or Nightscout's derived UUID. */
    identifier: text('identifier').notNull(),
    dedupeKey: text('dedupe_key').notNull(),
    /** The upload credential that sent it: a delete is honoured only through it. */
    credentialId: uuid('credential_id'),
    eventType: text('event_type').notNull().default(''),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    doc: jsonb('doc').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ns_treatments_user_dedupe_key').on(t.userId, t.dedupeKey),
    index('ns_treatments_user_identifier_idx').on(t.userId, t.identifier),
    index('ns_treatments_user_occurred_idx').on(t.userId, t.occurredAt),
    index('ns_treatments_user_modified_idx').on(t.userId, t.modifiedAt),
    ...ownerPolicies('ns_treatments', t.userId),
  ],
);

/**
 * The profile switches among the treatments (`eventType` "Profile Switch", from AndroidAPS, Trio or a
 * careportal), one row per treatment and gone with it: which profile is active when, at what
 * percentage and time shift, for how long (0: until the next switch), and the profile AndroidAPS sent
 * along (`profileJson`). Nightscout's profile functions choose the active profile from these; so do
 * the followers' `basal`, the diabetes home's loop card and the temp basal band (ns-profile-switch.ts).
 */
export const nsProfileSwitches = pgTable(
  'ns_profile_switches',
  {
    treatmentId: uuid('treatment_id')
      .primaryKey()
      .references(() => nsTreatments.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    profile: text('profile').notNull(),
    percentage: doublePrecision('percentage').notNull().default(100),
    timeshiftHours: doublePrecision('timeshift_hours').notNull().default(0),
    durationMinutes: doublePrecision('duration_minutes').notNull().default(0),
    profileJson: jsonb('profile_json').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('ns_profile_switches_user_occurred_idx').on(t.userId, t.occurredAt),
    check('ns_profile_switches_percentage_check', sql`${t.percentage} > 0 and ${t.percentage} <= 1000`),
    check('ns_profile_switches_duration_check', sql`${t.durationMinutes} >= 0`),
    ...ownerPolicies('ns_profile_switches', t.userId),
  ],
);

/**
 * Device status documents (Loop's `loop`, AndroidAPS/OpenAPS `openaps`, `pump`, `uploader`),
 * kept whole for NS_DEVICESTATUS_DAYS and purged by jobs/ns-retention.ts. A resend of the same
 * status (same time and device) is stored once.
 */
export const nsDeviceStatus = pgTable(
  'ns_devicestatus',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    device: text('device').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    doc: jsonb('doc').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ns_devicestatus_user_time_device_key').on(t.userId, t.occurredAt, t.device),
    index('ns_devicestatus_user_created_idx').on(t.userId, t.createdAt),
    index('ns_devicestatus_occurred_idx').on(t.occurredAt),
    ...ownerPolicies('ns_devicestatus', t.userId),
  ],
);

/**
 * Nightscout profile documents (the store of named profiles and `defaultProfile`, the active one).
 * The one with the latest `startDate` is current, as Nightscout's `profile/current` answers.
 */
export const nsProfiles = pgTable(
  'ns_profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    doc: jsonb('doc').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ns_profiles_user_identifier_key').on(t.userId, t.identifier),
    index('ns_profiles_user_start_idx').on(t.userId, t.startDate),
    ...ownerPolicies('ns_profiles', t.userId),
  ],
);

/**
 * A read-only token a follower app (LoopFollow, Nightguard, xDrip+ follower…) reads one person's
 * Nightscout data with. Shown once; only SHA-256 of its SHA-1 hex is kept (the SHA-1 hex is what the
 * apps send as `api-secret`), so a copy of the table is no working token.
 */
export const nsFollowerTokens = pgTable(
  'ns_follower_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    index('ns_follower_tokens_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('ns_follower_tokens_token_hash_key').on(t.tokenHash),
    ...ownerPolicies('ns_follower_tokens', t.userId),
  ],
);

/**
 * A person's own glucose lines (mg/dL): the alarms' urgent low and urgent high and the target range.
 * No row means the consensus defaults (54, 70–180, 250). Nightscout's `thresholds` report them.
 */
export const glucoseTargets = pgTable(
  'glucose_targets',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    urgentLow: integer('urgent_low').notNull(),
    targetLow: integer('target_low').notNull(),
    targetHigh: integer('target_high').notNull(),
    urgentHigh: integer('urgent_high').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'glucose_targets_order_check',
      sql`${t.urgentLow} >= 40 and ${t.urgentLow} < ${t.targetLow} and ${t.targetLow} < ${t.targetHigh} and ${t.targetHigh} < ${t.urgentHigh} and ${t.urgentHigh} <= 400`,
    ),
    ...ownerPolicies('glucose_targets', t.userId),
  ],
);
