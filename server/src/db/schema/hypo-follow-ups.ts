import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { ownerPolicies } from './rls';

/** Whether a low reading starts a follow-up (on unless the user turned it off). */
export const hypoSettings = pgTable(
  'hypo_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [...ownerPolicies('hypo_settings', t.userId)],
);

/**
 * One row per low-glucose episode: the alert at once, the re-check reminder at 15 minutes, the
 * escalation at 30. `next_due_at` is the scheduler's work queue (null when nothing is left to do);
 * at most one follow-up per user is active, which the partial unique index makes a database fact.
 */
export const hypoFollowUps = pgTable(
  'hypo_follow_ups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('active'),
    urgent: boolean('urgent').notNull().default(false),
    valueMgdl: doublePrecision('value_mgdl').notNull(),
    readingAt: timestamp('reading_at', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    recheckDueAt: timestamp('recheck_due_at', { withTimezone: true }).notNull(),
    recheckSentAt: timestamp('recheck_sent_at', { withTimezone: true }),
    escalateDueAt: timestamp('escalate_due_at', { withTimezone: true }).notNull(),
    escalatedAt: timestamp('escalated_at', { withTimezone: true }),
    caregiversAlertedAt: timestamp('caregivers_alerted_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('hypo_follow_ups_user_started_idx').on(t.userId, t.startedAt.desc()),
    uniqueIndex('hypo_follow_ups_one_active_idx').on(t.userId).where(sql`${t.status} = 'active'`),
    index('hypo_follow_ups_due_idx').on(t.nextDueAt).where(sql`${t.nextDueAt} is not null`),
    check(
      'hypo_follow_ups_status_check',
      sql`${t.status} in ('active', 'recovered', 'escalated', 'stopped')`,
    ),
    ...ownerPolicies('hypo_follow_ups', t.userId),
  ],
);
