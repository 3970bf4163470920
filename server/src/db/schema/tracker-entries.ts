import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { ownerPolicies, sharePolicy, trackersOf } from './rls';

/** Every tracker but blood glucose, whose readings live in the single glucose store. */
export const trackerEntries = pgTable(
  'tracker_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tracker: text('tracker').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** An imported entry the record dated only by day (or month, year): core's date-precision.ts. */
    occurredPrecision: text('occurred_precision'),
    notes: text('notes'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tracker_entries_user_occurred_idx').on(t.userId, t.occurredAt.desc(), t.id.desc()),
    index('tracker_entries_user_tracker_occurred_idx').on(
      t.userId,
      t.tracker,
      t.occurredAt.desc(),
      t.id.desc(),
    ),
    check(
      'tracker_entries_occurred_precision_check',
      sql`${t.occurredPrecision} in ('year', 'month', 'day')`,
    ),
    check(
      'tracker_entries_tracker_check',
      sql`${t.tracker} in ('blood-pressure', 'weight', 'meal', 'mood-energy', 'pain', 'journal', 'medication', 'insulin', 'insulin-settings', 'a1c')`,
    ),
    ...ownerPolicies('tracker_entries', t.userId),
    sharePolicy('tracker_entries', t.userId, 'health_metrics', {
      since: t.occurredAt,
      where: trackersOf(t.tracker, 'health_metrics'),
    }),
    sharePolicy('tracker_entries', t.userId, 'medications', {
      since: t.occurredAt,
      where: trackersOf(t.tracker, 'medications'),
    }),
    sharePolicy('tracker_entries', t.userId, 'lab_results', {
      since: t.occurredAt,
      where: trackersOf(t.tracker, 'lab_results'),
    }),
  ],
);
