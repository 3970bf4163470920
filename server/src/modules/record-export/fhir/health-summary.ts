import type {
  AllergyIntolerance,
  CodeableConcept,
  Condition,
  Extension,
  Immunization,
  MedicationStatement,
  Procedure,
} from '@medplum/fhirtypes';
import type { SummaryValues } from '../../record-import/import-plan';
import type { ExportContext } from './context';

/** A row of `health_summary_items` as the export reads it (record-export.tables.ts). */
export interface SummaryRow extends Omit<SummaryValues, 'kind'> {
  id: string;
  kind: string;
}

type Summary = (Condition | AllergyIntolerance | Immunization | Procedure | MedicationStatement) & {
  id: string;
};

const TERMINOLOGY = 'http://terminology.hl7.org/CodeSystem';

/**
 * A required element the record did not give (an immunization without its date or status): FHIR's
 * data-absent-reason on the element, so the import reads it back as not given rather than a guess.
 */
const ABSENT: { extension: Extension[] } = {
  extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/data-absent-reason', valueCode: 'unknown' }],
};

const conceptOf = (r: SummaryRow): CodeableConcept => ({
  ...(r.code ? { coding: [{ ...(r.codeSystem ? { system: r.codeSystem } : {}), code: r.code }] } : {}),
  text: r.text,
});
const words = (text: string | undefined) => (text ? { text } : undefined);
const coded = (system: string, code: string | null) =>
  code ? { coding: [{ system: `${TERMINOLOGY}/${system}`, code }] } : undefined;
/** Leaves out the fields without a value (FHIR has no empty elements). */
const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null)) as T;
/** A required element: its value, or the reason it is absent (`_name`). */
const required = (name: string, value: string | null) =>
  value ? { [name]: value } : { [`_${name}`]: ABSENT };

const condition = (
  r: SummaryRow,
  ctx: ExportContext,
  d: Record<string, string>,
): Condition & { id: string } =>
  defined({
    resourceType: 'Condition' as const,
    id: r.id,
    clinicalStatus: coded('condition-clinical', r.status),
    verificationStatus: coded('condition-ver-status', d.Verification ?? null),
    severity: words(d.Severity),
    code: conceptOf(r),
    subject: ctx.patient,
    onsetDateTime: r.onsetAt ?? undefined,
    abatementDateTime: d.Ended,
    recordedDate: r.recordedAt ?? undefined,
  });

const allergy = (r: SummaryRow, ctx: ExportContext, d: Record<string, string>) =>
  defined({
    resourceType: 'AllergyIntolerance' as const,
    id: r.id,
    clinicalStatus: coded('allergyintolerance-clinical', r.status),
    criticality: d.Criticality as AllergyIntolerance['criticality'],
    code: conceptOf(r),
    patient: ctx.patient,
    onsetDateTime: r.onsetAt ?? undefined,
    recordedDate: r.recordedAt ?? undefined,
    reaction:
      d.Reaction || d.Severity
        ? [
            defined({
              manifestation: d.Reaction ? [{ text: d.Reaction }] : [],
              severity: d.Severity as 'mild' | 'moderate' | 'severe' | undefined,
            }),
          ]
        : undefined,
  }) satisfies AllergyIntolerance;

const immunization = (r: SummaryRow, ctx: ExportContext, d: Record<string, string>) =>
  ({
    ...defined({
      resourceType: 'Immunization' as const,
      id: r.id,
      vaccineCode: conceptOf(r),
      patient: ctx.patient,
      recorded: r.recordedAt ?? undefined,
      lotNumber: d.Lot,
      performer: d['Given by'] ? [{ actor: { display: d['Given by'] } }] : undefined,
    }),
    ...required('status', r.status),
    ...required('occurrenceDateTime', r.onsetAt),
  }) as Immunization & { id: string };

const procedure = (r: SummaryRow, ctx: ExportContext, d: Record<string, string>) =>
  ({
    ...defined({
      resourceType: 'Procedure' as const,
      id: r.id,
      code: conceptOf(r),
      subject: ctx.patient,
      ...(d.Ended
        ? { performedPeriod: defined({ start: r.onsetAt ?? undefined, end: d.Ended }) }
        : { performedDateTime: r.onsetAt ?? undefined }),
      reasonCode: d.Reason ? [{ text: d.Reason }] : undefined,
      bodySite: d['Body site'] ? [{ text: d['Body site'] }] : undefined,
    }),
    ...required('status', r.status),
  }) as Procedure & { id: string };

/**
 * A medication of the summary (a medication list's, not a dose the person logged): taken over a
 * period, never at one instant, so the import does not read it back as a logged dose.
 */
const medication = (r: SummaryRow, ctx: ExportContext, d: Record<string, string>) =>
  ({
    ...defined({
      resourceType: 'MedicationStatement' as const,
      id: r.id,
      medicationCodeableConcept: conceptOf(r),
      subject: ctx.patient,
      effectivePeriod:
        r.onsetAt || d.Until ? defined({ start: r.onsetAt ?? undefined, end: d.Until }) : undefined,
      dateAsserted: r.recordedAt ?? undefined,
      informationSource: d.Prescriber ? { display: d.Prescriber } : undefined,
      dosage:
        d.Dose || d.Instructions
          ? [defined({ text: d.Dose, patientInstruction: d.Instructions })]
          : undefined,
    }),
    ...required('status', r.status),
  }) as MedicationStatement & { id: string };

const WRITERS: Record<string, (r: SummaryRow, ctx: ExportContext, d: Record<string, string>) => Summary> = {
  condition,
  allergy,
  immunization,
  procedure,
  medication,
};

/**
 * A Health Summary item as the FHIR resource it was imported from: its code and words, status, dates
 * and details in the standard fields the import reads them from (record-import/map-summary.ts).
 */
export const summaryResource = (r: SummaryRow, ctx: ExportContext): Summary | null =>
  WRITERS[r.kind]?.(r, ctx, r.details) ?? null;
