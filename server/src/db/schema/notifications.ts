import { sql } from 'drizzle-orm';
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { appointments } from './appointments';
import { user } from './auth';
import { ownerPolicies, sharePolicy } from './rls';

/** Notes, notifications, reminders (medication doses and appointment reminders included) and alerts. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Null only for platform alerts (recipient "platform"), which belong to no user and only the
    // system context can read.
    userId: uuid('user_id').references(() => user.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    priority: text('priority').notNull().default('medium'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    senderName: text('sender_name').notNull(),
    senderType: text('sender_type').notNull(),
    recipientType: text('recipient_type').notNull().default('patient'),
    dueDate: timestamp('due_date', { withTimezone: true }),
    reminderFrequency: text('reminder_frequency'),
    isRead: boolean('is_read').notNull().default(false),
    isCompleted: boolean('is_completed').notNull().default(false),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    /** An appointment's 24 h and 1 h reminders go with it. */
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'cascade' }),
    /**
     * A repeating reminder's occurrences share the first one's id here (null on the first, and on
     * everything that does not repeat), so deleting any of them can stop the series.
     */
    seriesId: uuid('series_id'),
    /** Set once by the scheduler when the due item was delivered; never delivered twice. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    index('notifications_user_due_idx').on(t.userId, t.dueDate, t.id),
    // The scheduler's claim: only undelivered rows with a due date are in this index.
    index('notifications_undelivered_due_idx')
      .on(t.dueDate)
      .where(sql`${t.deliveredAt} is null and ${t.dueDate} is not null`),
    index('notifications_appointment_idx').on(t.appointmentId),
    check(
      'notifications_type_check',
      sql`${t.type} in ('note', 'notification', 'reminder', 'alert', 'medication')`,
    ),
    check('notifications_priority_check', sql`${t.priority} in ('low', 'medium', 'high', 'urgent')`),
    check(
      'notifications_sender_type_check',
      sql`${t.senderType} in ('doctor', 'caregiver', 'staff', 'system', 'user', 'admin')`,
    ),
    check(
      'notifications_recipient_type_check',
      sql`${t.recipientType} in ('patient', 'caregiver', 'platform')`,
    ),
    check(
      'notifications_frequency_check',
      sql`${t.reminderFrequency} in ('once', 'daily', 'weekly', 'monthly')`,
    ),
    check('notifications_owner_check', sql`${t.userId} is not null or ${t.recipientType} = 'platform'`),
    ...ownerPolicies('notifications', t.userId),
    // Medication doses only (reminders carrying a medication name): notes, alerts and other
    // reminders are never shared.
    sharePolicy('notifications', t.userId, 'medications', {
      since: t.dueDate,
      where: sql`${t.type} = 'reminder' and ${t.metadata}->>'medication_name' is not null`,
    }),
  ],
);
