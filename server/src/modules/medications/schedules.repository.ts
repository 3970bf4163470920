import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { medicationSchedules, notifications } from '../../db/schema';

const scheduleId = sql<string>`${notifications.metadata}->>'schedule_id'`;

/** The person's reminders of one medication schedule. */
const ofSchedule = (userId: string, id: string) =>
  and(eq(notifications.userId, userId), eq(notifications.type, 'reminder'), sql`${scheduleId} = ${id}`);

/**
 * The next dose of a schedule not yet due and not yet marked. The outer columns are named in full:
 * drizzle writes a column of the selected table without its table name, which inside this
 * sub-select would mean the reminder's own column.
 */
const nextDue = sql<Date | null>`(
  select min(n.due_date) from notifications n
  where n.user_id = medication_schedules.user_id and n.type = 'reminder'
    and n.metadata->>'schedule_id' = medication_schedules.id::text
    and n.due_date > now() and not n.is_completed and (n.metadata->>'skipped') is distinct from 'true'
)`.mapWith(notifications.dueDate);

/** Each schedule (or one): the schedule as last set, and its next dose not yet due and not yet marked. */
export const selectSchedules = (tx: Tx, userId: string, id?: string) =>
  tx
    .select({ id: medicationSchedules.id, metadata: medicationSchedules.schedule, nextDue })
    .from(medicationSchedules)
    .where(and(eq(medicationSchedules.userId, userId), id ? eq(medicationSchedules.id, id) : undefined));

/** The schedule itself, locked for the change that reads it. */
export const selectScheduleForUpdate = async (tx: Tx, userId: string, id: string) =>
  (
    await tx
      .select({ schedule: medicationSchedules.schedule })
      .from(medicationSchedules)
      .where(and(eq(medicationSchedules.userId, userId), eq(medicationSchedules.id, id)))
      .for('update')
  )[0]?.schedule;

export const insertSchedule = (tx: Tx, userId: string, id: string, schedule: Record<string, unknown>) =>
  tx.insert(medicationSchedules).values({ id, userId, schedule });

export const updateScheduleRow = (tx: Tx, userId: string, id: string, schedule: Record<string, unknown>) =>
  tx
    .update(medicationSchedules)
    .set({ schedule, updatedAt: sql`now()` })
    .where(and(eq(medicationSchedules.userId, userId), eq(medicationSchedules.id, id)));

/** Whether the person has this schedule already (a record file imported twice). */
export const scheduleExists = async (tx: Tx, userId: string, id: string) =>
  (
    await tx
      .select({ id: medicationSchedules.id })
      .from(medicationSchedules)
      .where(and(eq(medicationSchedules.userId, userId), eq(medicationSchedules.id, id)))
  ).length > 0;

export const selectScheduleRows = (tx: Tx, userId: string, id: string) =>
  tx
    .select({
      id: notifications.id,
      dueDate: notifications.dueDate,
      isCompleted: notifications.isCompleted,
      metadata: notifications.metadata,
    })
    .from(notifications)
    .where(ofSchedule(userId, id));
export type ScheduleReminder = Awaited<ReturnType<typeof selectScheduleRows>>[number];

export const deleteReminders = async (tx: Tx, userId: string, ids: string[]) => {
  if (!ids.length) return 0;
  const rows = await tx
    .delete(notifications)
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)))
    .returning({ id: notifications.id });
  return rows.length;
};

/** Deletes a schedule and every one of its reminders; false when there is no such schedule. */
export const deleteSchedule = async (tx: Tx, userId: string, id: string) => {
  const gone = await tx
    .delete(medicationSchedules)
    .where(and(eq(medicationSchedules.userId, userId), eq(medicationSchedules.id, id)))
    .returning({ id: medicationSchedules.id });
  const doses = await tx
    .delete(notifications)
    .where(ofSchedule(userId, id))
    .returning({ id: notifications.id });
  return gone.length ? doses.length : null;
};

/**
 * Puts the changed schedule on the reminders that stay. Each keeps its own wall-clock time and its
 * Skip mark, and the name and dosage it was reminded with (what the person took then).
 */
export const restampReminders = async (
  tx: Tx,
  userId: string,
  ids: string[],
  schedule: Record<string, unknown>,
) => {
  if (!ids.length) return;
  await tx
    .update(notifications)
    .set({
      metadata: sql`${notifications.metadata} || ${JSON.stringify(schedule)}::jsonb || jsonb_build_object(
        'dose_name', coalesce(${notifications.metadata}->'dose_name', ${notifications.metadata}->'medication_name'),
        'dose_dosage', coalesce(${notifications.metadata}->'dose_dosage', ${notifications.metadata}->'dosage'))`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(notifications.userId, userId), inArray(notifications.id, ids)));
};
