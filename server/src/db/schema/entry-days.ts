import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { ownerPolicies } from './rls';

/**
 * How many entries each tracker has on each local day of the user (their profile's time zone), so
 * streaks and achievements read a row per day instead of every entry. Kept by triggers on
 * tracker_entries, glucose_readings (the readings that count as entries) and profiles.timezone
 * (migration entry_days_sql): no writer can forget it. Never written by the app itself.
 */
export const entryDays = pgTable(
  'entry_days',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    tracker: text('tracker').notNull(),
    entries: integer('entries').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day, t.tracker] }),
    check('entry_days_entries_check', sql`${t.entries} > 0`),
    ...ownerPolicies('entry_days', t.userId),
  ],
);
