import { MedicationScheduleRequest } from '@healthfolio/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { notifications } from '../../db/schema';
import { insertMedicationSchedule } from '../medications/medications.service';
import { scheduleExists } from '../medications/schedules.repository';
import { personZone } from '../profiles/profiles.repository';
import { noteNotUnderstood, type PlannedItem } from './import-plan';
import type { Written } from './write-plan';

/** A file's schedules set up at most: each is up to 30 days × 24 times of reminders. */
export const MAX_IMPORTED_SCHEDULES = 100;

/**
 * Medication schedules from a Healthfolio export, set up again as schedules with their reminders
 * (in the person's zone, from the schedule's own start date), keeping the schedule's id: one whose
 * schedule is already here is already here. Doses already due come in delivered, so importing an
 * old schedule sends no reminders for the past.
 */
export const writeSchedules = async (
  tx: Tx,
  userId: string,
  items: Extract<PlannedItem, { kind: 'schedule' }>[],
  out: Written,
) => {
  if (!items.length) return;
  const timeZone = await personZone(tx, userId);
  const now = new Date();
  let written = 0;
  for (const item of items) {
    const parsed = MedicationScheduleRequest.safeParse(item.schedule);
    if (!parsed.success || !/^[0-9a-f-]{36}$/i.test(item.scheduleId)) {
      noteNotUnderstood(
        out.rejected,
        'Medication schedules',
        'A schedule without a name, dose or time of day.',
      );
      out.rejectedCounts.medications++;
      continue;
    }
    if (await scheduleExists(tx, userId, item.scheduleId.toLowerCase())) continue;
    if (written >= MAX_IMPORTED_SCHEDULES) {
      noteNotUnderstood(
        out.rejected,
        'Medication schedules',
        `More than ${MAX_IMPORTED_SCHEDULES} schedules in one file: import the rest in another file.`,
      );
      out.rejectedCounts.medications++;
      continue;
    }
    await insertMedicationSchedule(tx, userId, parsed.data, {
      timeZone,
      now,
      scheduleId: item.scheduleId.toLowerCase(),
      pastDelivered: true,
      stopped: item.stopped,
    });
    written++;
    out.created.medications++;
  }
};

/**
 * Doses taken or skipped, marked on the reminders their schedule set up again (matched by the
 * schedule's id and the instant the dose was due), as the Take and Skip buttons mark them; a dose
 * already marked is already here. One its schedule does not have (the schedule is not in the file,
 * or was set up with other times) is not understood.
 */
export const writeDoses = async (
  tx: Tx,
  userId: string,
  items: Extract<PlannedItem, { kind: 'dose' }>[],
  out: Written,
) => {
  for (const d of items) {
    const [dose] = await tx
      .select({
        id: notifications.id,
        isCompleted: notifications.isCompleted,
        metadata: notifications.metadata,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.type, 'reminder'),
          sql`${notifications.metadata}->>'schedule_id' = ${d.scheduleId.toLowerCase()}`,
          eq(notifications.dueDate, new Date(d.dueAt)),
        ),
      )
      .limit(1);
    if (!dose) {
      noteNotUnderstood(out.rejected, 'Medication doses', 'A dose its schedule does not have.');
      out.rejectedCounts.medicationDoses++;
      continue;
    }
    if (dose.isCompleted || dose.metadata.skipped === true) continue;
    await tx
      .update(notifications)
      .set(
        d.status === 'taken'
          ? { isCompleted: true, isRead: true, updatedAt: new Date() }
          : { isRead: true, metadata: { ...dose.metadata, skipped: true }, updatedAt: new Date() },
      )
      .where(and(eq(notifications.userId, userId), eq(notifications.id, dose.id)));
    out.created.medicationDoses++;
  }
};
