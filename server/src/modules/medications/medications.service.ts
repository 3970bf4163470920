import { randomUUID } from 'node:crypto';
import {
  ALL_TIMES_PASSED_MESSAGE,
  addCalendarDays,
  DOSE_NOT_DUE_MESSAGE,
  type Dose,
  type DoseListQuery,
  type DoseListResponse,
  type DoseResponse,
  doseStatus,
  expandMedicationSchedule,
  firstDoseNotBefore,
  isDoseMarkable,
  localDate,
  localDayStart,
  MEDICATION_SENDER,
  type MedicationSchedule,
  type MedicationScheduleResponse,
} from '@healthfolio/core';
import type { Database, Tx } from '../../db/database';
import { notFound, ProblemError } from '../../http/problem';
import { recordAudit } from '../audit/audit.service';
import type { LiveNotifier } from '../notifications/live-notifications.service';
import { decodeCursor, encodeCursor, presentNotification } from '../notifications/notifications.presenter';
import {
  insertNotifications,
  type NotificationInsert,
  type NotificationRow,
  selectDose,
  selectDoses,
  updateNotificationRow,
} from '../notifications/notifications.repository';
import { personZone } from '../profiles/profiles.repository';
import { doseWords } from './dose-words';
import { invalid } from './invalid';
import { insertSchedule } from './schedules.repository';

/** The spec §7 wording of a dose reminder. */
export const doseTitle = (s: Pick<MedicationSchedule, 'medicationName' | 'dosage'>) =>
  `${s.medicationName} ${s.dosage}`;
export const doseContent = (s: Pick<MedicationSchedule, 'medicationName' | 'specialInstructions'>) =>
  `Time to take your ${s.medicationName}${s.specialInstructions ? `. ${s.specialInstructions}` : ''}`;

/** What every reminder of a schedule carries: the schedule itself (the record export reads it back). */
export const scheduleMetadata = (req: MedicationSchedule, startDate: string, scheduleId: string) => ({
  medication_name: req.medicationName,
  dosage: req.dosage,
  daily_times: req.dailyTimes,
  special_instructions: req.specialInstructions,
  prescriber: req.prescriber,
  prescription_number: req.prescriptionNumber,
  refill_date: req.refillDate,
  frequency: req.frequency,
  start_date: startDate,
  end_date: req.endDate,
  schedule_id: scheduleId,
});

/** One reminder row per dose of a schedule. */
export const doseRows = (
  userId: string,
  req: MedicationSchedule,
  doses: Dose[],
  metadata: Record<string, unknown>,
  delivered?: Date,
): NotificationInsert[] =>
  doses.map((d) => ({
    userId,
    type: 'reminder',
    priority: 'medium',
    title: doseTitle(req),
    content: doseContent(req),
    senderName: MEDICATION_SENDER.name,
    senderType: MEDICATION_SENDER.type,
    recipientType: 'patient',
    dueDate: d.dueAt,
    // The doses are already expanded; a frequency here would make the scheduler repeat them.
    reminderFrequency: null,
    metadata: { ...metadata, local_time: d.localTime },
    ...(delivered && d.dueAt <= delivered ? { deliveredAt: delivered } : {}),
  }));

/**
 * Stores a schedule and its reminders, one per dose, expanded in `timeZone` from its start date (today when
 * it has none), none due before `notBefore` when given. `pastDelivered` marks the doses already due as delivered, so a schedule brought in
 * from a record file does not send reminders for doses of the past (record-import/write-payer.ts).
 * A `stopped` schedule (the person stopped it, as a record file says) gets no dose still to come.
 */
export const insertMedicationSchedule = async (
  tx: Tx,
  userId: string,
  req: MedicationSchedule,
  opts: {
    timeZone: string;
    now: Date;
    notBefore?: Date;
    scheduleId?: string;
    pastDelivered?: boolean;
    stopped?: boolean;
  },
) => {
  const startDate = req.startDate ?? localDate(opts.now, opts.timeZone);
  const doses = expandMedicationSchedule(
    { ...req, startDate },
    { timeZone: opts.timeZone, today: startDate, notBefore: opts.notBefore },
  ).filter((d) => !opts.stopped || d.dueAt <= opts.now);
  const scheduleId = opts.scheduleId ?? randomUUID();
  const metadata = scheduleMetadata(req, startDate, scheduleId);
  await insertSchedule(
    tx,
    userId,
    scheduleId,
    opts.stopped ? { ...metadata, stopped_on: req.endDate ?? localDate(opts.now, opts.timeZone) } : metadata,
  );
  if (doses.length)
    await insertNotifications(
      tx,
      doseRows(userId, req, doses, metadata, opts.pastDelivered ? opts.now : undefined),
    );
  return { scheduleId, doses };
};

/**
 * Expands the schedule in the user's time zone and stores one reminder per dose (spec §7, §9). One
 * starting today has no dose before now (core firstDoseNotBefore); when that leaves none at all, the
 * request is refused rather than a schedule made with nothing to remind.
 */
export const createMedicationSchedule = (
  db: Database,
  userId: string,
  req: MedicationSchedule,
  now = new Date(),
): Promise<MedicationScheduleResponse> =>
  db.asUser(userId, async (tx) => {
    const timeZone = await personZone(tx, userId);
    const notBefore = firstDoseNotBefore(req.startDate, now, timeZone);
    const { scheduleId, doses } = await insertMedicationSchedule(tx, userId, req, {
      timeZone,
      now,
      notBefore,
    });
    if (!doses.length) throw invalid('dailyTimes', ALL_TIMES_PASSED_MESSAGE);
    await recordAudit(tx, userId, 'create', 'medication', scheduleId, { doses: doses.length });
    return {
      created: doses.length,
      scheduleId,
      firstDueDate: doses[0]?.dueAt.toISOString() ?? null,
      lastDueDate: doses.at(-1)?.dueAt.toISOString() ?? null,
    };
  });

export const presentDose = (row: NotificationRow, now: Date): DoseResponse => {
  const n = presentNotification(row);
  return {
    ...n,
    status: doseStatus(n, now),
    medicationName: doseWords(row.metadata).name,
    dosage: doseWords(row.metadata).dosage,
  };
};

export const listDoses = (db: Database, userId: string, q: DoseListQuery): Promise<DoseListResponse> =>
  db.readAsUser(userId, async (tx) => {
    const now = new Date();
    let window: { from?: string; to?: string } = q;
    if (q.day === 'today') {
      const timeZone = await personZone(tx, userId);
      const today = localDate(now, timeZone);
      window = {
        from: localDayStart(today, timeZone),
        to: localDayStart(addCalendarDays(today, 1), timeZone),
      };
    }
    const rows = await selectDoses(
      tx,
      userId,
      { ...window, limit: q.limit },
      q.cursor ? decodeCursor(q.cursor) : undefined,
    );
    const page = rows.slice(0, q.limit);
    const last = page.at(-1);
    return {
      items: page.map((r) => presentDose(r, now)),
      nextCursor: rows.length > q.limit && last?.dueDate ? encodeCursor(last.dueDate, last.id) : null,
    };
  });

/**
 * Taken sets completed and read; Skip sets read only and records the skip in the metadata (spec §4).
 * Either is possible only while the dose is neither taken nor skipped, and only from an hour before
 * it is due (core isDoseMarkable: nothing is recorded for the future). Undo puts a taken or skipped
 * dose back as it was (still read), for a mis-tap. Departure from the spec, which hides the actions
 * once the row is read: a user who marks the reminder read in the notification list has not skipped
 * the dose, and must still be able to record taking it.
 */
export const markDose = async (
  db: Database,
  notifier: LiveNotifier,
  userId: string,
  id: string,
  action: 'take' | 'skip' | 'undo',
) => {
  const row = await db.asUser(userId, async (tx) => {
    const dose = await selectDose(tx, userId, id);
    if (!dose) throw notFound('No medication dose with this id');
    const now = new Date();
    const status = doseStatus(dose, now);
    const marked = status === 'taken' || status === 'skipped';
    if (action === 'undo' && !marked)
      throw new ProblemError(409, 'conflict', 'This dose is not marked taken or skipped.');
    if (action !== 'undo' && marked)
      throw new ProblemError(409, 'conflict', `This dose is already marked as ${status}.`);
    if (action !== 'undo' && !isDoseMarkable(dose.dueDate, now.getTime()))
      throw new ProblemError(409, 'not_due', DOSE_NOT_DUE_MESSAGE);
    const { skipped: _, skipped_at: __, ...unskipped } = dose.metadata;
    const change =
      action === 'take'
        ? { isCompleted: true, isRead: true }
        : action === 'skip'
          ? { isRead: true, metadata: { ...dose.metadata, skipped: true, skipped_at: now.toISOString() } }
          : { isCompleted: false, metadata: unskipped };
    const updated = await updateNotificationRow(tx, userId, id, change);
    await recordAudit(tx, userId, 'update', 'medication_dose', id, {
      fields: Object.keys(change).sort(),
    });
    return updated;
  });
  await notifier.announce(userId, 'notification.updated', id);
  return presentDose(row!, new Date());
};
