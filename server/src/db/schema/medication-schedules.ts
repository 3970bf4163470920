import { jsonb, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { ownerPolicies } from './rls';

/**
 * A medication schedule itself, apart from its dose reminders (notifications with
 * `metadata.schedule_id`): a schedule stopped or ended before any dose was due still lists, as
 * "Ended". `schedule` holds what every reminder of it carries (medications.service.ts
 * scheduleMetadata): the name, dosage, times, frequency, dates and prescription details.
 */
export const medicationSchedules = pgTable(
  'medication_schedules',
  {
    id: uuid('id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    schedule: jsonb('schedule').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The id is the person's own: a record file imported into another account keeps it there too.
  (t) => [primaryKey({ columns: [t.userId, t.id] }), ...ownerPolicies('medication_schedules', t.userId)],
);
