import { OWN_RECORD, type Whose } from '@healthfolio/core';
import type {
  AllergyIntolerance,
  CodeableConcept,
  Condition,
  Immunization,
  Medication,
  MedicationRequest,
  MedicationStatement,
  Procedure,
  Reference,
  Resource,
} from '@medplum/fhirtypes';
import { conceptText, details, fhirDate, firstCoding, referenceText } from './fhir-values';
import type { PlannedItem, SummaryValues } from './import-plan';

type Summary = Extract<PlannedItem, { kind: 'summary' }>;

const statusOf = (c: CodeableConcept | undefined) => c?.coding?.[0]?.code ?? null;

const item = (
  group: Summary['group'],
  kind: SummaryValues['kind'],
  concept: CodeableConcept | undefined,
  rest: Omit<SummaryValues, 'kind' | 'codeSystem' | 'code' | 'text'>,
): Summary | null => {
  const text = conceptText(concept);
  if (!text) return null;
  const coding = firstCoding(concept);
  return {
    kind: 'summary',
    group,
    item: {
      kind,
      codeSystem: coding?.system ?? null,
      code: coding?.code ?? null,
      text: text.slice(0, 500),
      ...rest,
    },
  };
};

const condition = (c: Condition) =>
  item('conditions', 'condition', c.code, {
    status: statusOf(c.clinicalStatus),
    onsetAt: fhirDate(c.onsetDateTime ?? c.onsetPeriod?.start),
    recordedAt: fhirDate(c.recordedDate),
    details: details([
      ['Ended', fhirDate(c.abatementDateTime ?? c.abatementPeriod?.end)],
      ['Severity', conceptText(c.severity)],
      ['Verification', statusOf(c.verificationStatus)],
    ]),
  });

const allergy = (a: AllergyIntolerance) =>
  item('allergies', 'allergy', a.code, {
    status: statusOf(a.clinicalStatus),
    onsetAt: fhirDate(a.onsetDateTime ?? a.onsetPeriod?.start),
    recordedAt: fhirDate(a.recordedDate),
    details: details([
      [
        'Reaction',
        a.reaction
          ?.flatMap((r) => r.manifestation?.map(conceptText) ?? [])
          .filter(Boolean)
          .join(', '),
      ],
      ['Severity', a.reaction?.find((r) => r.severity)?.severity],
      ['Criticality', a.criticality],
    ]),
  });

const immunization = (i: Immunization) =>
  item('immunizations', 'immunization', i.vaccineCode, {
    status: i.status ?? null,
    onsetAt: fhirDate(i.occurrenceDateTime),
    recordedAt: fhirDate(i.recorded),
    details: details([
      ['Lot', i.lotNumber],
      ['Given by', referenceText(i.performer?.[0]?.actor)],
    ]),
  });

/** What is not imported, and why (record-parser.ts counts it under "Not imported"). */
type Skip = { what: string; skip: string };

/**
 * The health summary's procedures are ones that were done: one being prepared or not done, and a
 * request or plan for one (a ServiceRequest, or a C-CDA procedure not done yet: ccda-procedures.ts),
 * are never listed as done.
 */
const NOT_DONE: Partial<Record<NonNullable<Procedure['status']>, string>> = {
  preparation: 'A procedure that was planned but not done yet.',
  'not-done': 'A procedure the record says was not done.',
};
/** Care ordered or planned, told of whose record it is ("your", "Mia’s" health summary). */
const planned = (w: Whose): Skip => ({
  what: 'Planned care',
  skip: `Care that was ordered or planned but not done yet: ${w.your} health summary lists what was done.`,
});

const procedure = (p: Procedure): Summary | Skip | null => {
  const notDone = p.status && NOT_DONE[p.status];
  if (notDone) return { what: 'Procedures', skip: notDone };
  return item('procedures', 'procedure', p.code, {
    status: p.status ?? null,
    onsetAt: fhirDate(p.performedDateTime ?? p.performedPeriod?.start),
    recordedAt: null,
    details: details([
      ['Ended', fhirDate(p.performedPeriod?.end)],
      ['Reason', p.reasonCode?.map(conceptText).filter(Boolean).join(', ')],
      ['Body site', p.bodySite?.map(conceptText).filter(Boolean).join(', ')],
    ]),
  });
};

/** A medication's concept: in the resource, or the Medication it refers to (contained or in the file). */
const medicationConcept = (
  r: { medicationCodeableConcept?: CodeableConcept; medicationReference?: Reference; contained?: Resource[] },
  medications: Map<string, Medication>,
) => {
  if (r.medicationCodeableConcept) return r.medicationCodeableConcept;
  const ref = r.medicationReference?.reference ?? '';
  const contained = ref.startsWith('#')
    ? (r.contained?.find((c) => c.resourceType === 'Medication' && c.id === ref.slice(1)) as
        | Medication
        | undefined)
    : undefined;
  return (
    (contained ?? medications.get(ref))?.code ??
    (r.medicationReference?.display ? { text: r.medicationReference.display } : undefined)
  );
};

const statement = (s: MedicationStatement, medications: Map<string, Medication>) =>
  item('medications', 'medication', medicationConcept(s, medications), {
    status: s.status ?? null,
    onsetAt: fhirDate(s.effectivePeriod?.start ?? s.effectiveDateTime),
    recordedAt: fhirDate(s.dateAsserted),
    details: details([
      ['Dose', s.dosage?.[0]?.text],
      ['Instructions', s.dosage?.[0]?.patientInstruction],
      ['Until', fhirDate(s.effectivePeriod?.end)],
      ['Prescriber', referenceText(s.informationSource)],
    ]),
  });

/**
 * A medicine only planned or proposed (not prescribed) and not in force, or a request not yet in
 * force at all (a draft: a C-CDA's planned medicine, ccda-planned-medicines.ts), is not one taken.
 */
const isPlanned = (m: MedicationRequest) =>
  m.status === 'draft' || ((m.intent === 'plan' || m.intent === 'proposal') && m.status !== 'active');

const request = (m: MedicationRequest, medications: Map<string, Medication>, w: Whose) =>
  isPlanned(m)
    ? planned(w)
    : item('medications', 'medication', medicationConcept(m, medications), {
        status: m.status ?? null,
        onsetAt: fhirDate(m.authoredOn ?? m.dispenseRequest?.validityPeriod?.start),
        recordedAt: null,
        details: details([
          ['Dose', m.dosageInstruction?.[0]?.text],
          ['Prescriber', referenceText(m.requester)],
        ]),
      });

/**
 * Condition, AllergyIntolerance, Immunization, Procedure, MedicationStatement and MedicationRequest;
 * a ServiceRequest (care ordered or planned) is told as not imported, in words of `w`'s record.
 */
export const mapSummary = (
  r: Resource,
  medications: Map<string, Medication>,
  w: Whose = OWN_RECORD,
): Summary | Skip | null | undefined => {
  switch (r.resourceType) {
    case 'Condition':
      return condition(r);
    case 'AllergyIntolerance':
      return allergy(r);
    case 'Immunization':
      return immunization(r);
    case 'Procedure':
      return procedure(r);
    case 'ServiceRequest':
      return planned(w);
    case 'MedicationStatement':
      return statement(r, medications);
    case 'MedicationRequest':
      return request(r, medications, w);
    default:
      return undefined;
  }
};
