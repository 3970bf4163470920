import { z } from 'zod';
import { boundedText, MEDICATION_SCHEDULE_FIELDS, MedicationFrequency } from './medication-schedule';
import { LocalDate } from './wall-clock';

const F = MEDICATION_SCHEDULE_FIELDS;

/** An optional field of a change: absent leaves it as it is; "" or null clears it. */
const clearable = <T extends z.ZodType<string>>(schema: T) =>
  z
    .union([z.literal(''), schema])
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/**
 * A change to a schedule: any of its fields but the start date. The doses already due, and any dose
 * already marked, stay as they were; the doses to come are set up again from the changed schedule.
 */
export const MedicationScheduleUpdateRequest = z
  .strictObject({
    medicationName: F.medicationName.optional(),
    dosage: F.dosage.optional(),
    dailyTimes: F.dailyTimes.optional(),
    frequency: MedicationFrequency.optional(),
    endDate: clearable(LocalDate),
    specialInstructions: clearable(boundedText(1000)),
    prescriber: clearable(boundedText(200)),
    prescriptionNumber: clearable(boundedText(100)),
    refillDate: clearable(LocalDate),
  })
  .refine((r) => Object.values(r).some((v) => v !== undefined), {
    message: 'Change at least one field of the schedule',
  });
export type MedicationScheduleUpdateRequest = z.input<typeof MedicationScheduleUpdateRequest>;
export type MedicationScheduleUpdate = z.output<typeof MedicationScheduleUpdateRequest>;

export const END_BEFORE_TODAY_MESSAGE =
  'The end date cannot be before today. To stop the medication now, use Stop.';

/** A schedule as Medication Setup lists it. */
export const MedicationScheduleSummary = z.object({
  id: z.string().uuid(),
  medicationName: z.string(),
  dosage: z.string(),
  dailyTimes: z.array(z.string()),
  frequency: MedicationFrequency,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  specialInstructions: z.string().nullable(),
  prescriber: z.string().nullable(),
  prescriptionNumber: z.string().nullable(),
  refillDate: z.string().nullable(),
  /** The next dose not yet due; null once none is left (stopped or ended). */
  nextDueDate: z.string().nullable(),
});
export type MedicationScheduleSummary = z.infer<typeof MedicationScheduleSummary>;

export const MedicationScheduleListResponse = z.object({ items: z.array(MedicationScheduleSummary) });
export type MedicationScheduleListResponse = z.infer<typeof MedicationScheduleListResponse>;

export const MedicationScheduleStopResponse = z.object({
  /** How many reminders still to come were removed. */
  removed: z.number().int(),
  endDate: z.string(),
});
export type MedicationScheduleStopResponse = z.infer<typeof MedicationScheduleStopResponse>;
