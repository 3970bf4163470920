import { z } from 'zod';
import { createLocalToUtc } from '../glucose/import/local-to-utc';
import { NO_CONTROL_CHARACTERS, TEXT_CONTROL_MESSAGE } from '../http/text';
import { localDate, MS_PER_DAY, MS_PER_MINUTE } from '../units/local-time';
import { NotificationResponse } from './notification.schema';
import { dayNumberOf, LocalDate, LocalTime, minutesOf } from './wall-clock';

export const MEDICATION_REQUIRED_MESSAGE =
  'Please fill in medication name, dosage, and at least one daily time';

/** A schedule starting today whose every dose time has already passed (a once at 08:00, added at 3 p.m.). */
export const ALL_TIMES_PASSED_MESSAGE =
  'The times you chose for today have already passed. Choose a later time or start tomorrow.';

export const MEDICATION_FREQUENCIES = ['daily', 'weekly', 'once', 'monthly'] as const;
export const MedicationFrequency = z.enum(MEDICATION_FREQUENCIES);
export type MedicationFrequency = z.infer<typeof MedicationFrequency>;

/** The sender of every medication reminder row (spec §7). */
export const MEDICATION_SENDER = { name: 'Medication Reminder', type: 'system' } as const;

const required = (max: number) =>
  z
    .string({ error: MEDICATION_REQUIRED_MESSAGE })
    .regex(NO_CONTROL_CHARACTERS, TEXT_CONTROL_MESSAGE)
    .trim()
    .min(1, MEDICATION_REQUIRED_MESSAGE)
    .max(max, `At most ${max} characters`);

/** Free text of at most `max` characters, trimmed. */
export const boundedText = (max: number) =>
  z.string().regex(NO_CONTROL_CHARACTERS, TEXT_CONTROL_MESSAGE).trim().max(max, `At most ${max} characters`);

/** A date field: a form sends "" for one left empty. */
export const dateOrEmpty = z.union([z.literal(''), LocalDate]);

/** Forms send "" for a field left empty; that means "not given". */
const optionalText = (max: number) =>
  boundedText(max)
    .nullish()
    .transform((v) => v || null);

const optionalDate = dateOrEmpty.nullish().transform((v) => v || null);

/** The fields of a schedule, each checked as the form checks it. */
export const MEDICATION_SCHEDULE_FIELDS = {
  medicationName: required(200),
  dosage: required(100),
  dailyTimes: z
    .array(LocalTime, { error: MEDICATION_REQUIRED_MESSAGE })
    .min(1, MEDICATION_REQUIRED_MESSAGE)
    .max(24, 'At most 24 daily times')
    // The form keeps the list free of duplicates and sorted; the server holds it to the same.
    .transform((times) => [...new Set(times)].sort()),
  frequency: MedicationFrequency.default('daily'),
  /** Defaults to today in the user's time zone. */
  startDate: optionalDate,
  endDate: optionalDate,
  specialInstructions: optionalText(1000),
  prescriber: optionalText(200),
  prescriptionNumber: optionalText(100),
  refillDate: optionalDate,
};

export const endsOnOrAfterStart = (r: { startDate?: string | null; endDate?: string | null }) =>
  !r.startDate || !r.endDate || r.endDate >= r.startDate;
export const END_BEFORE_START_MESSAGE = 'The end date must be on or after the start date';

export const MedicationScheduleRequest = z
  .strictObject(MEDICATION_SCHEDULE_FIELDS)
  .refine(endsOnOrAfterStart, {
    message: END_BEFORE_START_MESSAGE,
    path: ['endDate'],
  });
export type MedicationScheduleRequest = z.input<typeof MedicationScheduleRequest>;
export type MedicationSchedule = z.output<typeof MedicationScheduleRequest>;

export const MedicationScheduleResponse = z.object({
  /** How many reminder rows were created ("Created N medication reminder(s)"). */
  created: z.number().int(),
  scheduleId: z.string().uuid(),
  firstDueDate: z.string().nullable(),
  lastDueDate: z.string().nullable(),
});
export type MedicationScheduleResponse = z.infer<typeof MedicationScheduleResponse>;

export const DOSE_STATUSES = ['taken', 'skipped', 'overdue', 'pending'] as const;
export type DoseStatus = (typeof DOSE_STATUSES)[number];

/** A medication reminder with its status: taken (completed), skipped (Skip pressed), overdue, pending. */
export const DoseResponse = NotificationResponse.extend({
  status: z.enum(DOSE_STATUSES),
  medicationName: z.string(),
  dosage: z.string(),
});
export type DoseResponse = z.infer<typeof DoseResponse>;

export const DoseListQuery = z
  .strictObject({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    // Today on the profile's clock, reckoned by the server (an address the dashboard's HTML can preload).
    day: z.literal('today').optional(),
    limit: z.coerce.number().int().min(1).max(1000).default(500),
    cursor: z.string().max(200).optional(),
  })
  .refine((q) => !(q.day && (q.from || q.to)), {
    message: 'Give either day or from and to, not both.',
    path: ['day'],
  });
export type DoseListQuery = z.infer<typeof DoseListQuery>;

export const DoseListResponse = z.object({
  items: z.array(DoseResponse),
  nextCursor: z.string().nullable(),
});
export type DoseListResponse = z.infer<typeof DoseListResponse>;

/**
 * Taken once completed; skipped once the Skip action recorded it (`metadata.skipped`). Reading the
 * reminder (Mark Read in the notification list) is not skipping the dose: it stays pending or overdue
 * and can still be taken.
 */
export const doseStatus = (
  d: { isCompleted: boolean; metadata: Record<string, unknown>; dueDate: string | Date | null },
  now: Date,
): DoseStatus => {
  if (d.isCompleted) return 'taken';
  if (d.metadata.skipped === true) return 'skipped';
  if (d.dueDate && new Date(d.dueDate).getTime() < now.getTime()) return 'overdue';
  return 'pending';
};

/**
 * Spec §9: how many occurrences each frequency gives and how far apart they are, in days. `movesOn`:
 * a count of occurrences (weekly's 4, monthly's 1), so one already passed on the day the schedule
 * starts moves on by a step instead of being lost; daily is 30 days (the days stay), once a single
 * moment (passed, there is nothing to remind).
 */
const OCCURRENCES: Record<MedicationFrequency, { count: number; stepDays: number; movesOn: boolean }> = {
  daily: { count: 30, stepDays: 1, movesOn: false },
  weekly: { count: 4, stepDays: 7, movesOn: true },
  once: { count: 1, stepDays: 30, movesOn: false },
  monthly: { count: 1, stepDays: 30, movesOn: true },
};

export interface Dose {
  /** The UTC instant of the dose. */
  dueAt: Date;
  /** The local calendar date and wall-clock time it was scheduled for. */
  localDate: string;
  localTime: string;
}

/**
 * From when a schedule set up at `now` has doses. Nobody can have missed a dose of a schedule that did
 * not exist yet: one starting today (on the person's clock, in their zone) begins with its first time
 * at or after `now`, so an 08:00 dose added at 3 p.m. is first due tomorrow. One given an earlier start
 * day is a course already under way: its doses from that day on are kept, to be marked taken or skipped.
 */
export const firstDoseNotBefore = (
  startDate: string | null | undefined,
  now: Date,
  timeZone: string,
): Date | undefined => (startDate && startDate < localDate(now, timeZone) ? undefined : now);

/**
 * Expands a schedule into dose instants (spec §9): daily gives 30 days with one dose per time per day,
 * weekly 4 occurrences 7 days apart, once and monthly a single occurrence; nothing after the end date.
 * Times are the user's wall clock: an 08:00 dose stays 08:00 across a DST change. A time that does not
 * exist on a spring-forward night (02:30) moves forward by the gap (03:30), as calendars do. With
 * `notBefore`, the doses due before that instant are left out: a daily schedule keeps its days and a
 * once is left with none; a weekly or monthly one starting on `notBefore`'s day (set up today) still
 * has all its occurrences of each time, from the first at or after `notBefore` (an 08:00 weekly set
 * up at 3 p.m. begins a week later). One begun on an earlier day keeps its days (a course under way).
 */
export function expandMedicationSchedule(
  req: Pick<MedicationSchedule, 'dailyTimes' | 'frequency' | 'startDate' | 'endDate'>,
  opts: { timeZone: string; today: string; notBefore?: Date },
): Dose[] {
  const toUtc = createLocalToUtc(opts.timeZone);
  const { notBefore } = opts;
  const start = dayNumberOf(req.startDate ?? opts.today);
  const end = req.endDate ? dayNumberOf(req.endDate) : Number.POSITIVE_INFINITY;
  const { count, stepDays, movesOn } = OCCURRENCES[req.frequency];
  // Set up on its first day: an occurrence already passed moves on by a step, keeping the count.
  const movesFrom =
    movesOn && notBefore && dayNumberOf(localDate(notBefore, opts.timeZone)) <= start ? notBefore : null;
  const doses: Dose[] = [];
  for (const time of [...new Set(req.dailyTimes)].sort()) {
    const dueOn = (i: number) =>
      new Date(toUtc((start + i * stepDays) * MS_PER_DAY + minutesOf(time) * MS_PER_MINUTE));
    let first = 0;
    if (movesFrom) while (dueOn(first) < movesFrom) first++;
    for (let i = first; i < first + count; i++) {
      const day = start + i * stepDays;
      if (day > end) break;
      const dueAt = dueOn(i);
      if (notBefore && dueAt < notBefore) continue;
      doses.push({
        dueAt,
        localDate: new Date(day * MS_PER_DAY).toISOString().slice(0, 10),
        localTime: time,
      });
    }
  }
  return doses.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}
