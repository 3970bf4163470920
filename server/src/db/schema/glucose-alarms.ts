import type { GlucoseAlarmSettings } from '@healthfolio/core';
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

/** A person's alarm levels and switches (core GlucoseAlarmSettings); no row: the defaults. */
export const glucoseAlarmSettings = pgTable(
  'glucose_alarm_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    settings: jsonb('settings').$type<GlucoseAlarmSettings>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [...ownerPolicies('glucose_alarm_settings', t.userId)],
);

/**
 * One row per alarm episode: raised when its condition became true, ended when it cleared. At most one
 * open alarm per person and kind (a partial unique index), so an episode is never raised twice.
 * `value_mgdl` is the reading that raised it: shown to the person and their guardians, never logged.
 * Kept a year (the file sweeps prune older rows).
 */
export const glucoseAlarms = pgTable(
  'glucose_alarms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    valueMgdl: doublePrecision('value_mgdl'),
    readingAt: timestamp('reading_at', { withTimezone: true }),
    pushDevices: integer('push_devices').notNull().default(0),
    inApp: text('in_app_notification_id'),
    emails: integer('emails').notNull().default(0),
    acknowledgedBy: uuid('acknowledged_by'),
    acknowledgedByName: text('acknowledged_by_name'),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    snoozedUntil: timestamp('snoozed_until', { withTimezone: true }),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    /**
     * Whom the escalation emailed (lower-cased addresses: guardians and caregivers): the low
     * follow-up's own escalation of the same episode skips them, so one episode sends each person one
     * escalation email.
     */
    escalatedTo: text('escalated_to').array().notNull().default(sql`'{}'::text[]`),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('glucose_alarms_user_raised_idx').on(t.userId, t.raisedAt.desc()),
    uniqueIndex('glucose_alarms_one_open_idx').on(t.userId, t.kind).where(sql`${t.endedAt} is null`),
    // The scheduler's work: snoozes running out and urgent lows waiting for an acknowledgement.
    index('glucose_alarms_open_idx').on(t.raisedAt).where(sql`${t.endedAt} is null`),
    check(
      'glucose_alarms_kind_check',
      sql`${t.kind} in ('urgent_low', 'low', 'high', 'urgent_high', 'rising_fast', 'falling_fast', 'predicted_low', 'stale')`,
    ),
    ...ownerPolicies('glucose_alarms', t.userId),
  ],
);
