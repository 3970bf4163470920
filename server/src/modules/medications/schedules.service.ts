import {
  END_BEFORE_START_MESSAGE,
  END_BEFORE_TODAY_MESSAGE,
  endsOnOrAfterStart,
  expandMedicationSchedule,
  localDate,
  MedicationFrequency,
  type MedicationSchedule,
  type MedicationScheduleListResponse,
  type MedicationScheduleStopResponse,
  type MedicationScheduleSummary,
  type MedicationScheduleUpdate,
} from '@healthfolio/core';
import type { Database, Tx } from '../../db/database';
import { notFound } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import { insertNotifications } from '../notifications/notifications.repository';
import { personZone } from '../profiles/profiles.repository';
import { invalid } from './invalid';
import { doseRows, scheduleMetadata } from './medications.service';
import {
  deleteReminders,
  deleteSchedule,
  restampReminders,
  type ScheduleReminder,
  selectScheduleForUpdate,
  selectScheduleRows,
  selectSchedules,
  updateScheduleRow,
} from './schedules.repository';

const NOT_FOUND = 'No medication schedule with this id';

const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);

/** A schedule as stored and as its reminders carry it (medications.service.ts scheduleMetadata). */
const scheduleOf = (m: Record<string, unknown>): MedicationSchedule => ({
  medicationName: str(m.medication_name) ?? '',
  dosage: str(m.dosage) ?? '',
  dailyTimes: Array.isArray(m.daily_times) ? m.daily_times.map(String) : [],
  frequency: MedicationFrequency.catch('daily').parse(m.frequency),
  startDate: str(m.start_date),
  endDate: str(m.end_date),
  specialInstructions: str(m.special_instructions),
  prescriber: str(m.prescriber),
  prescriptionNumber: str(m.prescription_number),
  refillDate: str(m.refill_date),
});

const summaryOf = (row: {
  id: string;
  metadata: Record<string, unknown>;
  nextDue: Date | null;
}): MedicationScheduleSummary => ({
  id: row.id,
  ...scheduleOf(row.metadata),
  nextDueDate: row.nextDue?.toISOString() ?? null,
});

const byName = (a: MedicationScheduleSummary, b: MedicationScheduleSummary) =>
  a.medicationName.localeCompare(b.medicationName) || a.id.localeCompare(b.id);

export const listSchedules = (db: Database, userId: string): Promise<MedicationScheduleListResponse> =>
  db.readAsUser(userId, async (tx) => ({
    items: (await selectSchedules(tx, userId)).map(summaryOf).sort(byName),
  }));

const isMarked = (r: ScheduleReminder) => r.isCompleted || r.metadata.skipped === true;
/** Reminders not yet due and not marked: the ones a change or a stop removes. */
const upcoming = (rows: ScheduleReminder[], now: Date) =>
  rows.filter((r) => r.dueDate && r.dueDate > now && !isMarked(r));

const loadSchedule = async (tx: Tx, userId: string, id: string) => {
  const schedule = await selectScheduleForUpdate(tx, userId, id);
  if (!schedule) throw notFound(NOT_FOUND);
  const rows = await selectScheduleRows(tx, userId, id);
  const timeZone = await personZone(tx, userId);
  return { rows, current: scheduleOf(schedule), timeZone };
};

const summaryById = async (tx: Tx, userId: string, id: string) => {
  const [row] = await selectSchedules(tx, userId, id);
  if (!row) throw notFound(NOT_FOUND);
  return summaryOf(row);
};

/**
 * Changes a schedule from now on: the doses already due and every dose already marked stay as they
 * were; the doses still to come are removed and set up again from the changed schedule (from its
 * start date, so a daily schedule still ends 30 days after it began).
 */
export const updateSchedule = (
  db: Database,
  userId: string,
  id: string,
  change: MedicationScheduleUpdate,
  now = new Date(),
): Promise<MedicationScheduleSummary> =>
  db.asUser(userId, async (tx) => {
    const { rows, current, timeZone } = await loadSchedule(tx, userId, id);
    const given = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
    const next: MedicationSchedule = { ...current, ...given };
    const startDate = current.startDate ?? localDate(now, timeZone);
    if (!endsOnOrAfterStart({ startDate, endDate: next.endDate }))
      throw invalid('endDate', END_BEFORE_START_MESSAGE);
    if (next.endDate && next.endDate !== current.endDate && next.endDate < localDate(now, timeZone))
      throw invalid('endDate', END_BEFORE_TODAY_MESSAGE);

    const removed = upcoming(rows, now);
    await deleteReminders(
      tx,
      userId,
      removed.map((r) => r.id),
    );
    const staying = rows.filter((r) => !removed.includes(r));
    const markedAt = new Set(staying.map((r) => r.dueDate?.getTime()));
    // No new dose in the past: the person cannot have missed a time the schedule did not have.
    const doses = expandMedicationSchedule(
      { ...next, startDate },
      { timeZone, today: startDate, notBefore: now },
    ).filter((d) => !markedAt.has(d.dueAt.getTime()));
    const metadata = scheduleMetadata(next, startDate, id);
    await updateScheduleRow(tx, userId, id, metadata);
    if (doses.length) await insertNotifications(tx, doseRows(userId, next, doses, metadata));
    await restampReminders(
      tx,
      userId,
      staying.map((r) => r.id),
      metadata,
    );
    await recordAudit(tx, userId, 'update', 'medication', id, {
      fields: Object.keys(given).sort(),
      doses: doses.length,
    });
    return summaryById(tx, userId, id);
  });

/**
 * Stops a schedule today: the reminders still to come are removed; the doses already due, and
 * whether each was taken or skipped, stay in the record. The schedule stays, ended, even when none
 * of its doses was due yet (stopped on its first morning, it still lists as "Ended").
 */
export const stopSchedule = (
  db: Database,
  userId: string,
  id: string,
  now = new Date(),
): Promise<MedicationScheduleStopResponse> =>
  db.asUser(userId, async (tx) => {
    const { rows, current, timeZone } = await loadSchedule(tx, userId, id);
    const today = localDate(now, timeZone);
    const endDate = current.endDate && current.endDate < today ? current.endDate : today;
    const removed = upcoming(rows, now);
    const count = await deleteReminders(
      tx,
      userId,
      removed.map((r) => r.id),
    );
    const metadata = scheduleMetadata({ ...current, endDate }, current.startDate ?? today, id);
    // The day it was stopped, on the schedule only (the export says "stopped", not "completed").
    await updateScheduleRow(tx, userId, id, { ...metadata, stopped_on: today });
    await restampReminders(
      tx,
      userId,
      rows.filter((r) => !removed.includes(r)).map((r) => r.id),
      metadata,
    );
    await recordAudit(tx, userId, 'update', 'medication', id, { fields: ['endDate'], removed: count });
    return { removed: count, endDate };
  });

/** Deletes a schedule with every one of its reminders, the marked doses too (the screen asks first). */
export const removeSchedule = (db: Database, userId: string, id: string) =>
  db.asUser(userId, async (tx) => {
    const count = await deleteSchedule(tx, userId, id);
    if (count === null) throw notFound(NOT_FOUND);
    await recordAudit(tx, userId, 'delete', 'medication', id, { doses: count });
  });
