import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { ownerPolicies, sharePolicy } from './rls';

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    specialty: text('specialty'),
    /** What the user entered: a wall-clock date and times in `time_zone`. */
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time'),
    timeZone: text('time_zone').notNull(),
    /** The same as instants, for ordering, reminders and calendars. */
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    location: text('location'),
    telehealthUrl: text('telehealth_url'),
    reason: text('reason'),
    preparation: text('preparation'),
    status: text('status').notNull().default('scheduled'),
    /** iCalendar SEQUENCE: calendar apps take an event with a higher one as the update. */
    sequence: integer('sequence').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('appointments_user_starts_idx').on(t.userId, t.startsAt, t.id),
    check('appointments_status_check', sql`${t.status} in ('scheduled', 'cancelled')`),
    check(
      'appointments_specialty_check',
      sql`${t.specialty} in ('Primary Care', 'Cardiology', 'Dermatology', 'Endocrinology', 'Neurology', 'Pediatrics')`,
    ),
    check('appointments_end_check', sql`${t.endsAt} is null or ${t.endsAt} > ${t.startsAt}`),
    ...ownerPolicies('appointments', t.userId),
    sharePolicy('appointments', t.userId, 'appointments', { since: t.startsAt }),
  ],
);

/** One private calendar subscription per user; only the SHA-256 of its token is kept. */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [...ownerPolicies('calendar_feeds', t.userId)],
);
