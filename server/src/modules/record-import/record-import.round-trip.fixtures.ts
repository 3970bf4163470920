/** Records the round-trip tests import first, as a patient portal would give them. */

const SNOMED = 'http://snomed.info/sct';
export const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';
const clinical = (system: string, code: string) => ({
  coding: [{ system: `http://terminology.hl7.org/CodeSystem/${system}`, code }],
});

/** A portal's record: one item of every Health Summary kind, with the details each keeps. */
export const PORTAL_RECORD = {
  resourceType: 'Bundle',
  type: 'collection',
  entry: [
    {
      resourceType: 'Condition',
      clinicalStatus: clinical('condition-clinical', 'active'),
      verificationStatus: clinical('condition-ver-status', 'confirmed'),
      severity: { text: 'Moderate' },
      code: { coding: [{ system: SNOMED, code: '44054006' }], text: 'Type 2 diabetes' },
      onsetDateTime: '2019-03-02',
      recordedDate: '2019-03-05T10:00:00+01:00',
    },
    {
      resourceType: 'Condition',
      clinicalStatus: clinical('condition-clinical', 'resolved'),
      code: { text: 'Sprained ankle' },
      onsetDateTime: '2021-06-01',
      abatementDateTime: '2021-07-15',
    },
    {
      resourceType: 'AllergyIntolerance',
      clinicalStatus: clinical('allergyintolerance-clinical', 'active'),
      criticality: 'high',
      code: { coding: [{ system: RXNORM, code: '7980', display: 'Penicillin G' }] },
      onsetDateTime: '2001',
      recordedDate: '2015-06-01',
      reaction: [{ manifestation: [{ text: 'Hives' }, { text: 'Wheezing' }], severity: 'moderate' }],
    },
    {
      resourceType: 'Immunization',
      status: 'completed',
      vaccineCode: {
        coding: [{ system: 'http://hl7.org/fhir/sid/cvx', code: '140' }],
        text: 'Influenza, seasonal, injectable, preservative free',
      },
      occurrenceDateTime: '2020-09-30T10:00:00Z',
      recorded: '2020-09-30',
      lotNumber: 'LOT-42',
      performer: [{ actor: { display: 'Riverside Pharmacy' } }],
    },
    {
      resourceType: 'Immunization',
      status: 'completed',
      vaccineCode: { text: 'MMR' },
      occurrenceString: 'In childhood',
    },
    {
      resourceType: 'Procedure',
      status: 'completed',
      code: { coding: [{ system: SNOMED, code: '80146002' }], text: 'Appendectomy' },
      performedPeriod: { start: '2010-04-04T08:00:00Z', end: '2010-04-04T10:30:00Z' },
      reasonCode: [{ text: 'Appendicitis' }],
      bodySite: [{ text: 'Abdomen' }],
    },
    {
      resourceType: 'MedicationStatement',
      status: 'active',
      medicationCodeableConcept: {
        coding: [{ system: RXNORM, code: '860975' }],
        text: 'Metformin 500 MG Oral Tablet',
      },
      effectivePeriod: { start: '2019-03-10' },
      dateAsserted: '2019-03-10',
      informationSource: { display: 'Dr. Amara Singh' },
      dosage: [{ text: '500 mg twice a day', patientInstruction: 'With food' }],
    },
    {
      resourceType: 'MedicationRequest',
      status: 'active',
      intent: 'order',
      medicationCodeableConcept: { text: 'Atorvastatin 20 mg' },
      authoredOn: '2021-02-01',
      requester: { display: 'Dr. Lee' },
      dosageInstruction: [{ text: 'Once nightly' }],
    },
  ].map((resource) => ({ resource })),
};
