import { mealTypeLabel } from '@healthfolio/core';
import type {
  MedicationAdministration,
  MedicationRequest,
  MedicationStatement,
  Observation,
} from '@medplum/fhirtypes';
import { doseWords } from '../../medications/dose-words';
import { CODES, coded, healthfolioCode, quantity, UCUM } from './codes';
import { dateTimeOf, type ExportContext, instant } from './context';
import type { EntryRow } from './vitals';

type Statement = MedicationStatement & { id: string };
type Request = MedicationRequest & { id: string };

/** A medication logged in the Medication tracker: taken then, in the person's words. */
export const loggedMedicationStatement = (row: EntryRow, ctx: ExportContext): Statement => ({
  resourceType: 'MedicationStatement',
  id: row.id,
  status: 'completed',
  medicationCodeableConcept: { text: String(row.data.value ?? 'Medication') },
  subject: ctx.patient,
  effectiveDateTime: dateTimeOf(row.occurredAt, row.occurredPrecision),
  ...(row.notes ? { note: [{ text: row.notes }] } : {}),
});

const units = (value: number) => ({ value, unit: 'U', system: UCUM, code: '[iU]' });
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * An insulin dose from the Insulin tracker, in units: the total first (what any reader takes), then
 * its meal and correction boluses, each typed in Healthfolio's own code system; the meal it was for
 * as the timing; the glucose and carbs the dose was worked out from as contained observations it
 * names as its reasons; a confirmed high dose as an instruction. The import reads all of it back
 * (record-import/healthfolio-export.ts).
 */
export const insulinStatement = (row: EntryRow, ctx: ExportContext): Statement => {
  const d = row.data;
  const total = Number(d.total_insulin);
  const meal = num(d.meal_insulin);
  const correction = num(d.correction_insulin);
  const mealType = typeof d.meal_type === 'string' ? d.meal_type : null;
  const glucose = num(d.glucose_reading);
  const carbs = num(d.carbs);
  const contained: Observation[] = [
    ...(glucose === null
      ? []
      : [
          {
            resourceType: 'Observation' as const,
            id: 'glucose',
            status: 'final' as const,
            code: coded(CODES.glucoseMassBlood),
            valueQuantity: quantity(glucose, 'mg/dL'),
          },
        ]),
    ...(carbs === null
      ? []
      : [
          {
            resourceType: 'Observation' as const,
            id: 'carbs',
            status: 'final' as const,
            code: coded(CODES.carbsIntake),
            valueQuantity: quantity(carbs, 'g'),
          },
        ]),
  ];
  const parts = [
    meal === null ? null : `${meal} meal`,
    correction === null ? null : `${correction} correction`,
  ].filter(Boolean);
  return {
    resourceType: 'MedicationStatement',
    id: row.id,
    ...(contained.length ? { contained } : {}),
    status: 'completed',
    medicationCodeableConcept: { text: 'Insulin' },
    subject: ctx.patient,
    effectiveDateTime: dateTimeOf(row.occurredAt, row.occurredPrecision),
    ...(contained.length ? { reasonReference: contained.map((c) => ({ reference: `#${c.id}` })) } : {}),
    dosage: [
      {
        text: `${total} units${parts.length ? ` (${parts.join(', ')})` : ''}`,
        ...(mealType
          ? {
              timing: {
                code: healthfolioCode(ctx, `meal-type-${mealType}`, mealTypeLabel(mealType)),
              },
            }
          : {}),
        ...(d.high_dose_confirmed === true
          ? {
              additionalInstruction: [
                healthfolioCode(ctx, 'high-dose-confirmed', 'High dose confirmed by the person'),
              ],
            }
          : {}),
        doseAndRate: [
          { doseQuantity: units(total) },
          ...(meal === null
            ? []
            : [{ type: healthfolioCode(ctx, 'meal-bolus', 'Meal bolus'), doseQuantity: units(meal) }]),
          ...(correction === null
            ? []
            : [
                {
                  type: healthfolioCode(ctx, 'correction-bolus', 'Correction bolus'),
                  doseQuantity: units(correction),
                },
              ]),
        ],
      },
    ],
    ...(row.notes ? { note: [{ text: row.notes }] } : {}),
  };
};

/** A medication schedule: the metadata its dose reminders carry (medications.service.ts). */
export interface ScheduleRow {
  scheduleId: string;
  medicationName: string;
  dosage: string;
  frequency: string | null;
  dailyTimes: string[];
  specialInstructions: string | null;
  prescriber: string | null;
  prescriptionNumber: string | null;
  refillDate: string | null;
  startDate: string | null;
  endDate: string | null;
  /** The person stopped it (Stop), rather than letting it run to its end date. */
  stopped: boolean;
}

/** How each frequency repeats: once a day, a week or a month, or a single time. */
const REPEAT: Record<string, { frequency: number; period: number; periodUnit: 'd' | 'wk' | 'mo' }> = {
  daily: { frequency: 1, period: 1, periodUnit: 'd' },
  weekly: { frequency: 1, period: 1, periodUnit: 'wk' },
  monthly: { frequency: 1, period: 1, periodUnit: 'mo' },
};

/**
 * A schedule as the plan it is (a MedicationRequest of intent `plan`, marked with Healthfolio's
 * `medication-schedule` code): the dose in words, the times of day and how often as the timing,
 * the start and end as its bounds; the prescriber, prescription number and refill date beside it.
 */
export const scheduleRequest = (s: ScheduleRow, ctx: ExportContext, today: string): Request => ({
  resourceType: 'MedicationRequest',
  id: s.scheduleId,
  status: s.stopped ? 'stopped' : s.endDate && s.endDate < today ? 'completed' : 'active',
  intent: 'plan',
  category: [healthfolioCode(ctx, 'medication-schedule', 'Medication schedule')],
  medicationCodeableConcept: { text: s.medicationName },
  subject: ctx.patient,
  ...(s.prescriber ? { requester: { display: s.prescriber } } : {}),
  ...(s.prescriptionNumber ? { groupIdentifier: { value: s.prescriptionNumber } } : {}),
  ...(s.refillDate ? { dispenseRequest: { validityPeriod: { end: s.refillDate } } } : {}),
  dosageInstruction: [
    {
      text: s.dosage,
      ...(s.specialInstructions ? { patientInstruction: s.specialInstructions } : {}),
      timing: {
        repeat: {
          ...(s.startDate
            ? { boundsPeriod: { start: s.startDate, ...(s.endDate ? { end: s.endDate } : {}) } }
            : {}),
          ...(REPEAT[s.frequency ?? 'daily'] ?? { count: 1 }),
          timeOfDay: s.dailyTimes.map((t) => `${t}:00`),
        },
      },
    },
  ],
});

/** A dose of a schedule the person marked taken or skipped (a medication reminder, medications.service.ts). */
export interface DoseRow {
  id: string;
  dueDate: Date;
  isCompleted: boolean;
  metadata: Record<string, unknown>;
}

/**
 * A dose taken or skipped, as the administration it was (or was not): `completed` when taken,
 * `not-done` with the reason "Skipped" when skipped; at the time it was due; the same medication
 * and dose in words as its schedule's MedicationRequest, which it names as its request.
 */
export const doseAdministration = (
  d: DoseRow,
  ctx: ExportContext,
): MedicationAdministration & { id: string } => ({
  resourceType: 'MedicationAdministration',
  id: d.id,
  status: d.isCompleted ? 'completed' : 'not-done',
  ...(d.isCompleted ? {} : { statusReason: [healthfolioCode(ctx, 'dose-skipped', 'Skipped')] }),
  medicationCodeableConcept: { text: doseWords(d.metadata).name || 'Medication' },
  subject: ctx.patient,
  effectiveDateTime: instant(d.dueDate),
  request: { reference: `urn:uuid:${String(d.metadata.schedule_id)}` },
  ...(doseWords(d.metadata).dosage ? { dosage: { text: doseWords(d.metadata).dosage } } : {}),
});
