import type { Observation } from '@medplum/fhirtypes';
import { CODES, category, coded, quantity } from './codes';
import { dateTimeOf, type ExportContext } from './context';

export interface EntryRow {
  id: string;
  tracker: string;
  occurredAt: Date;
  /** Dated by its record only by year, month or day (core's date-precision.ts); null at a time of day. */
  occurredPrecision: string | null;
  notes: string | null;
  data: Record<string, unknown>;
}

type Obs = Observation & { id: string };

export const notesOf = (row: EntryRow) => (row.notes ? { note: [{ text: row.notes }] } : {});

const base = (row: EntryRow, ctx: ExportContext) => ({
  resourceType: 'Observation' as const,
  id: row.id,
  status: 'final' as const,
  subject: ctx.patient,
  effectiveDateTime: dateTimeOf(row.occurredAt, row.occurredPrecision),
  ...notesOf(row),
});

/** The blood pressure panel (85354-9) with its systolic and diastolic components in mm[Hg]. */
export const bloodPressureObservation = (row: EntryRow, ctx: ExportContext): Obs => ({
  ...base(row, ctx),
  category: category('vital-signs'),
  code: coded(CODES.bloodPressurePanel, 'Blood pressure'),
  component: [
    { code: coded(CODES.systolic), valueQuantity: quantity(Number(row.data.systolic), 'mmHg', 'mm[Hg]') },
    { code: coded(CODES.diastolic), valueQuantity: quantity(Number(row.data.diastolic), 'mmHg', 'mm[Hg]') },
  ],
});

/** Body weight (29463-7) in the unit it was logged in: kg, or pounds as `[lb_av]`. */
export const weightObservation = (row: EntryRow, ctx: ExportContext): Obs => ({
  ...base(row, ctx),
  category: category('vital-signs'),
  code: coded(CODES.bodyWeight),
  valueQuantity:
    row.data.weightUnit === 'lbs'
      ? quantity(Number(row.data.weight), 'lb', '[lb_av]')
      : quantity(Number(row.data.weight), 'kg'),
});
