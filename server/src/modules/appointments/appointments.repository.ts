import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { appointments, calendarFeeds, notifications } from '../../db/schema';

export type AppointmentRow = typeof appointments.$inferSelect;
export type AppointmentValues = Omit<
  typeof appointments.$inferInsert,
  'id' | 'userId' | 'createdAt' | 'updatedAt' | 'status' | 'sequence'
>;

const own = (userId: string, id: string) => and(eq(appointments.userId, userId), eq(appointments.id, id));

export const insertAppointment = async (tx: Tx, userId: string, values: AppointmentValues) => {
  const [row] = await tx
    .insert(appointments)
    .values({ ...values, userId })
    .returning();
  return row!;
};

export const selectAppointment = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx.select().from(appointments).where(own(userId, id));
  return row;
};

/** Upcoming: scheduled and not yet over, soonest first. Past: over or cancelled, latest first. */
export const selectAppointments = (tx: Tx, userId: string, when: 'upcoming' | 'past', limit: number) => {
  const over = sql`coalesce(${appointments.endsAt}, ${appointments.startsAt}) < now()`;
  const upcoming = when === 'upcoming';
  return tx
    .select()
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, userId),
        upcoming
          ? and(eq(appointments.status, 'scheduled'), sql`not ${over}`)
          : or(eq(appointments.status, 'cancelled'), over),
      ),
    )
    .orderBy(
      upcoming ? asc(appointments.startsAt) : desc(appointments.startsAt),
      upcoming ? asc(appointments.id) : desc(appointments.id),
    )
    .limit(limit);
};

/** Every appointment of the user, for their calendar feed (bounded: a feed is not an archive). */
export const selectCalendarAppointments = (tx: Tx, userId: string) =>
  tx
    .select()
    .from(appointments)
    .where(and(eq(appointments.userId, userId), sql`${appointments.startsAt} > now() - interval '1 year'`))
    .orderBy(asc(appointments.startsAt))
    .limit(1000);

export const updateAppointmentRow = async (
  tx: Tx,
  userId: string,
  id: string,
  set: Partial<AppointmentValues> & { status?: string },
) => {
  const [row] = await tx
    .update(appointments)
    .set({ ...set, sequence: sql`${appointments.sequence} + 1`, updatedAt: sql`now()` })
    .where(own(userId, id))
    .returning();
  return row;
};

export const deleteAppointmentRow = async (tx: Tx, userId: string, id: string) =>
  (await tx.delete(appointments).where(own(userId, id)).returning({ id: appointments.id })).length > 0;

/** The reminders still to come for an appointment (delivered ones stay in the user's history). */
export const deletePendingReminders = (tx: Tx, userId: string, appointmentId: string) =>
  tx
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        eq(notifications.appointmentId, appointmentId),
        isNull(notifications.deliveredAt),
      ),
    );

export const selectFeed = async (tx: Tx, userId: string) => {
  const [row] = await tx.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return row;
};

export const upsertFeed = async (tx: Tx, userId: string, tokenHash: string) => {
  const [row] = await tx
    .insert(calendarFeeds)
    .values({ userId, tokenHash })
    .onConflictDoUpdate({
      target: calendarFeeds.userId,
      set: { tokenHash, createdAt: sql`now()`, lastUsedAt: null },
    })
    .returning();
  return row!;
};

export const deleteFeed = (tx: Tx, userId: string) =>
  tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));

/** System context: the feed URL carries no session, only the token. */
export const findFeedOwner = async (tx: Tx, tokenHash: string) => {
  const [row] = await tx
    .update(calendarFeeds)
    .set({ lastUsedAt: sql`now()` })
    .where(eq(calendarFeeds.tokenHash, tokenHash))
    .returning({ userId: calendarFeeds.userId });
  return row?.userId;
};
