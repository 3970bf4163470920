/**
 * The patient the loopback SMART on FHIR server (smart-fhir-server.ts) serves: Avery Quinn, written for
 * the tests (Synthea-like shapes, US Core profiles' required elements). Every resource was last
 * updated a day before the server started, so an incremental sync (`_lastUpdated=gt`) after the first
 * one finds only what a test adds later.
 */
export const PATIENT_ID = 'avery-quinn';
const subject = { reference: `Patient/${PATIENT_ID}` };
const ADJUDICATION = 'http://terminology.hl7.org/CodeSystem/adjudication';
const loinc = (code: string, display: string) => ({
  coding: [{ system: 'http://loinc.org', code, display }],
  text: display,
});
const snomed = (code: string, display: string) => ({
  coding: [{ system: 'http://snomed.info/sct', code, display }],
  text: display,
});
const category = (code: 'laboratory' | 'vital-signs') => [
  {
    coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code }],
  },
];

export interface LabValue {
  loinc: string;
  name: string;
  value: number;
  unit: string;
  /** ISO instant; the test's "now" when absent. */
  at?: string;
}

export const labObservation = (id: string, lab: LabValue) => ({
  resourceType: 'Observation',
  id,
  status: 'final',
  category: category('laboratory'),
  code: loinc(lab.loinc, lab.name),
  subject,
  effectiveDateTime: lab.at ?? new Date(Date.now() - 60_000).toISOString(),
  valueQuantity: { value: lab.value, unit: lab.unit, system: 'http://unitsofmeasure.org', code: lab.unit },
});

/** A small PDF (a visit summary), as a DocumentReference's Binary holds it. */
export const SUMMARY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** The patient's record: a list of resources, each with its type and id. */
export const averyRecord = (): Record<string, unknown>[] => [
  {
    resourceType: 'Patient',
    id: PATIENT_ID,
    name: [{ family: 'Quinn', given: ['Avery'] }],
    gender: 'female',
    birthDate: '1979-04-12',
  },
  labObservation('lab-a1c-1', {
    loinc: '4548-4',
    name: 'Hemoglobin A1c',
    value: 7.1,
    unit: '%',
    at: '2026-03-02T09:30:00Z',
  }),
  labObservation('lab-a1c-2', {
    loinc: '4548-4',
    name: 'Hemoglobin A1c',
    value: 6.8,
    unit: '%',
    at: '2026-06-04T09:10:00Z',
  }),
  labObservation('lab-ldl', {
    loinc: '13457-7',
    name: 'LDL cholesterol',
    value: 104,
    unit: 'mg/dL',
    at: '2026-06-04T09:10:00Z',
  }),
  labObservation('lab-creat', {
    loinc: '2160-0',
    name: 'Creatinine',
    value: 0.9,
    unit: 'mg/dL',
    at: '2026-06-04T09:10:00Z',
  }),
  {
    resourceType: 'Observation',
    id: 'vital-bp',
    status: 'final',
    category: category('vital-signs'),
    code: loinc('85354-9', 'Blood pressure panel'),
    subject,
    effectiveDateTime: '2026-06-04T09:00:00Z',
    component: [
      { code: loinc('8480-6', 'Systolic blood pressure'), valueQuantity: { value: 128, unit: 'mm[Hg]' } },
      { code: loinc('8462-4', 'Diastolic blood pressure'), valueQuantity: { value: 82, unit: 'mm[Hg]' } },
    ],
  },
  {
    resourceType: 'Observation',
    id: 'vital-weight',
    status: 'final',
    category: category('vital-signs'),
    code: loinc('29463-7', 'Body weight'),
    subject,
    effectiveDateTime: '2026-06-04T09:00:00Z',
    valueQuantity: { value: 71.5, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' },
  },
  {
    resourceType: 'Condition',
    id: 'cond-t2d',
    clinicalStatus: { coding: [{ code: 'active' }] },
    code: snomed('44054006', 'Type 2 diabetes mellitus'),
    subject,
    onsetDateTime: '2019-08-20',
  },
  {
    resourceType: 'Condition',
    id: 'cond-htn',
    clinicalStatus: { coding: [{ code: 'active' }] },
    code: snomed('38341003', 'Hypertension'),
    subject,
    onsetDateTime: '2021-02-11',
  },
  {
    resourceType: 'AllergyIntolerance',
    id: 'allergy-pen',
    clinicalStatus: { coding: [{ code: 'active' }] },
    code: snomed('764146007', 'Penicillin'),
    patient: subject,
  },
  {
    resourceType: 'MedicationRequest',
    id: 'medreq-metformin',
    status: 'active',
    intent: 'order',
    medicationCodeableConcept: {
      coding: [
        {
          system: 'http://www.nlm.nih.gov/research/umls/rxnorm',
          code: '860975',
          display: 'Metformin 500 MG',
        },
      ],
      text: 'Metformin 500 MG',
    },
    subject,
    authoredOn: '2019-08-20',
    dosageInstruction: [{ text: 'One tablet twice a day' }],
  },
  {
    resourceType: 'Immunization',
    id: 'imm-flu',
    status: 'completed',
    vaccineCode: {
      coding: [{ system: 'http://hl7.org/fhir/sid/cvx', code: '158', display: 'Influenza, injectable' }],
      text: 'Influenza, injectable',
    },
    patient: subject,
    occurrenceDateTime: '2025-10-01',
  },
  {
    resourceType: 'Procedure',
    id: 'proc-eye',
    status: 'completed',
    code: snomed('410451008', 'Diabetic retinopathy screening'),
    subject,
    performedDateTime: '2026-01-15',
  },
  {
    resourceType: 'Encounter',
    id: 'enc-1',
    status: 'finished',
    class: { code: 'AMB' },
    subject,
    period: { start: '2026-06-04T08:45:00Z', end: '2026-06-04T09:40:00Z' },
  },
  {
    resourceType: 'DiagnosticReport',
    id: 'report-panel',
    status: 'final',
    category: category('laboratory'),
    code: loinc('24331-1', 'Lipid panel'),
    subject,
    effectiveDateTime: '2026-06-04T09:10:00Z',
    result: [{ reference: 'Observation/lab-ldl' }],
  },
  {
    resourceType: 'DocumentReference',
    id: 'doc-summary',
    status: 'current',
    type: { text: 'Visit summary' },
    category: [{ text: 'Visit summaries' }],
    subject,
    date: '2026-06-04T10:00:00Z',
    content: [
      {
        attachment: {
          contentType: 'application/pdf',
          url: 'Binary/visit-summary',
          title: 'visit-summary.pdf',
        },
      },
    ],
  },
  {
    resourceType: 'Coverage',
    id: 'coverage-1',
    status: 'active',
    beneficiary: subject,
    payor: [{ display: 'Example Health Plan' }],
    period: { start: '2026-01-01' },
    identifier: [
      {
        type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MB' }] },
        value: 'M-20417',
      },
    ],
    class: [{ type: { text: 'plan' }, value: 'GOLD-PPO', name: 'Gold PPO' }],
  },
  {
    resourceType: 'ExplanationOfBenefit',
    id: 'eob-1',
    identifier: [{ value: 'CLM-2026-0604' }],
    status: 'active',
    type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'professional' }] },
    use: 'claim',
    patient: subject,
    created: '2026-06-10',
    billablePeriod: { start: '2026-06-04', end: '2026-06-04' },
    provider: { display: 'Riverside Clinic' },
    insurer: { display: 'Example Health Plan' },
    outcome: 'complete',
    insurance: [{ focal: true, coverage: { reference: 'Coverage/coverage-1' } }],
    total: [
      {
        category: { coding: [{ system: ADJUDICATION, code: 'submitted' }] },
        amount: { value: 240, currency: 'USD' },
      },
      {
        category: { coding: [{ system: ADJUDICATION, code: 'benefit' }] },
        amount: { value: 180, currency: 'USD' },
      },
    ],
  },
];

/** Where each resource type names its patient, for `?patient=` searches. */
export const patientOf = (r: Record<string, unknown>): string | undefined => {
  const ref = (r.subject ?? r.patient ?? r.beneficiary) as { reference?: string } | undefined;
  return r.resourceType === 'Patient' ? (r.id as string) : ref?.reference?.replace(/^Patient\//, '');
};
