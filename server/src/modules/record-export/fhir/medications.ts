import type { MedicationStatement } from '@medplum/fhirtypes';
import { type ExportContext, instant } from './context';
import type { EntryRow } from './vitals';

type Statement = MedicationStatement & { id: string };

/** A medication logged in the Medication tracker: taken then, in the person's words. */
export const loggedMedicationStatement = (row: EntryRow, ctx: ExportContext): Statement => ({
  resourceType: 'MedicationStatement',
  id: row.id,
  status: 'completed',
  medicationCodeableConcept: { text: String(row.data.value ?? 'Medication') },
  subject: ctx.patient,
  effectiveDateTime: instant(row.occurredAt),
  ...(row.notes ? { note: [{ text: row.notes }] } : {}),
});

/** An insulin dose from the Insulin tracker, in units. */
export const insulinStatement = (row: EntryRow, ctx: ExportContext): Statement => ({
  resourceType: 'MedicationStatement',
  id: row.id,
  status: 'completed',
  medicationCodeableConcept: { text: 'Insulin' },
  subject: ctx.patient,
  effectiveDateTime: instant(row.occurredAt),
  dosage: [
    {
      text: `${row.data.total_insulin} units`,
      doseAndRate: [
        {
          doseQuantity: {
            value: Number(row.data.total_insulin),
            unit: 'U',
            system: 'http://unitsofmeasure.org',
            code: '[iU]',
          },
        },
      ],
    },
  ],
  ...(row.notes ? { note: [{ text: row.notes }] } : {}),
});

/** A medication schedule: the metadata its dose reminders carry (medications.service.ts). */
export interface ScheduleRow {
  scheduleId: string;
  medicationName: string;
  dosage: string;
  frequency: string | null;
  dailyTimes: string[];
  specialInstructions: string | null;
  prescriber: string | null;
  startDate: string | null;
  endDate: string | null;
}

/** A schedule as a statement: active until its end date, with its dose and times in words. */
export const scheduleStatement = (s: ScheduleRow, ctx: ExportContext, today: string): Statement => ({
  resourceType: 'MedicationStatement',
  id: s.scheduleId,
  status: s.endDate && s.endDate < today ? 'completed' : 'active',
  medicationCodeableConcept: { text: s.medicationName },
  subject: ctx.patient,
  ...(s.startDate
    ? { effectivePeriod: { start: s.startDate, ...(s.endDate ? { end: s.endDate } : {}) } }
    : {}),
  ...(s.prescriber ? { informationSource: { display: s.prescriber } } : {}),
  dosage: [
    {
      text: [s.dosage, s.frequency, s.dailyTimes.length ? `at ${s.dailyTimes.join(', ')}` : null]
        .filter(Boolean)
        .join(', '),
      ...(s.specialInstructions ? { patientInstruction: s.specialInstructions } : {}),
    },
  ],
});
