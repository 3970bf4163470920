import type { Observation } from '@medplum/fhirtypes';
import { category, LOINC, quantity } from './codes';
import { dateTimeOf, type ExportContext } from './context';

/** A row of `lab_results` as the export reads it (record-export.data.ts). */
export interface LabResultRow {
  id: string;
  loinc: string | null;
  testName: string;
  value: number | null;
  textValue: string | null;
  /** UCUM. */
  unit: string | null;
  refLow: number | null;
  refHigh: number | null;
  flag: 'low' | 'normal' | 'high' | 'critical' | null;
  effectiveAt: Date | string;
  /** Dated by its record only by year, month or day (core's date-precision.ts); null at a time of day. */
  effectivePrecision: string | null;
  /** Where the test was done. */
  labName: string | null;
  /** The vault document the result came from (a lab report, an imported record), if any. */
  documentId: string | null;
}

const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const FLAG = { low: 'L', normal: 'N', high: 'H', critical: 'AA' } as const;

export const labResultObservations = (rows: readonly LabResultRow[], ctx: ExportContext) =>
  rows.map((r): Observation & { id: string } => ({
    resourceType: 'Observation',
    id: r.id,
    status: 'final',
    category: category('laboratory'),
    code: {
      ...(r.loinc ? { coding: [{ system: LOINC, code: r.loinc, display: r.testName }] } : {}),
      text: r.testName,
    },
    subject: ctx.patient,
    effectiveDateTime: dateTimeOf(r.effectiveAt, r.effectivePrecision),
    ...(r.labName ? { performer: [{ display: r.labName }] } : {}),
    ...(r.value !== null
      ? { valueQuantity: r.unit ? quantity(r.value, r.unit) : { value: r.value } }
      : r.textValue
        ? { valueString: r.textValue }
        : {}),
    // The report it came from: the vault document, a DocumentReference of the same bundle.
    ...(r.documentId ? { derivedFrom: [{ reference: `urn:uuid:${r.documentId}` }] } : {}),
    ...(r.flag ? { interpretation: [{ coding: [{ system: INTERPRETATION, code: FLAG[r.flag] }] }] } : {}),
    ...(r.refLow !== null || r.refHigh !== null
      ? {
          referenceRange: [
            {
              ...(r.refLow !== null
                ? { low: r.unit ? quantity(r.refLow, r.unit) : { value: r.refLow } }
                : {}),
              ...(r.refHigh !== null
                ? { high: r.unit ? quantity(r.refHigh, r.unit) : { value: r.refHigh } }
                : {}),
            },
          ],
        }
      : {}),
  }));
