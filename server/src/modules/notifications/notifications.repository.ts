import { NOTIFICATION_TABS, type NotificationListQuery, USER_SENDER } from '@healthfolio/core';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { notifications } from '../../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;
export type NotificationInsert = typeof notifications.$inferInsert;

export interface Cursor {
  at: Date;
  id: string;
}

/**
 * core's `waitsForDueTime` in SQL: a reminder (whoever set it) or a system item scheduled ahead
 * (medication doses, appointment reminders) joins the lists and the unread counts when it comes due or
 * the scheduler delivers it; before that it lives on its own screens (Scheduled, Medication Setup,
 * Appointments). Without this a new three-times-daily schedule would put 90 unread items on the badge
 * at once, and a daily reminder's next occurrence would be "unread" a day early.
 */
const waiting = sql`(${notifications.dueDate} is not null and ${notifications.dueDate} > now()
  and ${notifications.deliveredAt} is null
  and (${notifications.senderType} = 'system' or ${inArray(notifications.type, [...NOTIFICATION_TABS.reminders])}))`;
export const arrived = sql`not ${waiting}`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export const insertNotifications = (tx: Tx, values: NotificationInsert[]) =>
  tx.insert(notifications).values(values).returning();

export const selectNotification = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)));
  return row;
};

/**
 * The same, locked until commit: a scheduler run delivering this row right now finishes first, so a
 * next occurrence it adds is seen (and removed) by the delete that follows.
 */
export const selectNotificationForUpdate = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .for('update');
  return row;
};

/** A repeating reminder's occurrences still to be delivered (at most the next one). */
export const deleteUndeliveredInSeries = async (tx: Tx, userId: string, seriesId: string) => {
  const rows = await tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        or(eq(notifications.seriesId, seriesId), eq(notifications.id, seriesId)),
        isNull(notifications.deliveredAt),
      ),
    )
    .returning({ id: notifications.id });
  return rows.map((r) => r.id);
};

/** The user, the tab's types, and the type and words asked for. */
const listFilters = (userId: string, q: NotificationListQuery) => {
  const where: (SQL | undefined)[] = [
    eq(notifications.userId, userId),
    inArray(notifications.type, [...NOTIFICATION_TABS[q.tab]]),
  ];
  if (q.type) where.push(eq(notifications.type, q.type));
  if (q.q) {
    const pattern = `%${escapeLike(q.q)}%`;
    where.push(or(ilike(notifications.title, pattern), ilike(notifications.content, pattern)));
  }
  return where;
};

export const selectNotifications = (tx: Tx, userId: string, q: NotificationListQuery, cursor?: Cursor) => {
  if (q.when === 'scheduled') return selectScheduled(tx, userId, q, cursor);
  const where = [...listFilters(userId, q), arrived];
  if (cursor)
    where.push(
      sql`(${notifications.createdAt}, ${notifications.id}) < (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`,
    );
  return tx
    .select()
    .from(notifications)
    .where(and(...where))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(q.limit + 1);
};

/**
 * The user's own reminders still to come, soonest first. System items scheduled ahead are not here:
 * doses are on Medication Setup and an appointment's reminders go with the appointment.
 */
const selectScheduled = (tx: Tx, userId: string, q: NotificationListQuery, cursor?: Cursor) =>
  tx
    .select()
    .from(notifications)
    .where(
      and(
        ...listFilters(userId, q),
        eq(notifications.senderType, USER_SENDER.type),
        waiting,
        cursor
          ? sql`(${notifications.dueDate}, ${notifications.id}) > (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(notifications.dueDate), asc(notifications.id))
    .limit(q.limit + 1);

const unreadIn = (types: readonly string[]) =>
  sql<number>`(count(*) filter (where ${inArray(notifications.type, [...types])}))::int`;

export const countUnread = async (tx: Tx, userId: string) => {
  const [row] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      notes: unreadIn(NOTIFICATION_TABS.notes),
      actions: unreadIn(NOTIFICATION_TABS.actions),
      reminders: unreadIn(NOTIFICATION_TABS.reminders),
    })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false), arrived));
  return row!;
};

export const updateNotificationRow = async (
  tx: Tx,
  userId: string,
  id: string,
  set: Partial<Pick<NotificationRow, 'isRead' | 'isCompleted' | 'title' | 'content' | 'metadata'>>,
) => {
  const [row] = await tx
    .update(notifications)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .returning();
  return row;
};

export const deleteNotificationRow = async (tx: Tx, userId: string, id: string) => {
  const rows = await tx
    .delete(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
};

/** Medication doses: reminders carrying a medication name, due first (spec §7). */
export const medicationDose = (userId: string) =>
  and(
    eq(notifications.userId, userId),
    eq(notifications.type, 'reminder'),
    isNotNull(sql`${notifications.metadata}->>'medication_name'`),
  );

export const selectDoses = (
  tx: Tx,
  userId: string,
  q: { from?: string; to?: string; limit: number },
  cursor?: Cursor,
) =>
  tx
    .select()
    .from(notifications)
    .where(
      and(
        medicationDose(userId),
        q.from ? gte(notifications.dueDate, new Date(q.from)) : undefined,
        q.to ? lt(notifications.dueDate, new Date(q.to)) : undefined,
        cursor
          ? sql`(${notifications.dueDate}, ${notifications.id}) > (${cursor.at.toISOString()}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(notifications.dueDate), asc(notifications.id))
    .limit(q.limit + 1);

export const selectDose = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx
    .select()
    .from(notifications)
    .where(and(medicationDose(userId), eq(notifications.id, id)));
  return row;
};
