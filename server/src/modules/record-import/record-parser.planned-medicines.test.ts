import type { Resource } from '@medplum/fhirtypes';
import { expect, it } from 'vitest';
import { parse, planOf } from './record-parser';

const medicine = (mood: string, status: string, rxnorm: string, name: string) => `
  <entry><substanceAdministration classCode="SBADM" moodCode="${mood}">
    <templateId root="2.16.840.1.113883.10.20.22.4.16" extension="2014-06-09"/>
    <id root="${crypto.randomUUID()}"/>
    <statusCode code="${status}"/>
    <effectiveTime xsi:type="IVL_TS"><low value="20240310"/></effectiveTime>
    <consumable><manufacturedProduct classCode="MANU">
      <templateId root="2.16.840.1.113883.10.20.22.4.23" extension="2014-06-09"/>
      <manufacturedMaterial><code code="${rxnorm}" codeSystem="2.16.840.1.113883.6.88" displayName="${name}"/></manufacturedMaterial>
    </manufacturedProduct></consumable>
  </substanceAdministration></entry>`;

const section = (root: string, code: string, title: string, entries: string) => `
  <component><section>
    <templateId root="${root}" extension="2014-06-09"/>
    <code code="${code}" codeSystem="2.16.840.1.113883.6.1"/>
    <title>${title}</title><text>${title}</text>${entries}
  </section></component>`;

/** A C-CDA written for this test: a medicine taken, and three only planned in the Plan of Treatment. */
const ccd = `<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <typeId root="2.16.840.1.113883.1.3" extension="POCD_HD000040"/>
  <templateId root="2.16.840.1.113883.10.20.22.1.2" extension="2015-08-01"/>
  <id root="2.16.840.1.113883.19.5" extension="HF-PLANNED-MEDS"/>
  <code code="34133-9" codeSystem="2.16.840.1.113883.6.1"/>
  <title>Planned medicines</title>
  <effectiveTime value="20240301"/>
  <recordTarget><patientRole><id root="2.16.840.1.113883.19.5" extension="1"/>
    <patient><name><given>Ada</given><family>Testperson</family></name><birthTime value="19700501"/></patient>
  </patientRole></recordTarget>
  <component><structuredBody>
    ${section('2.16.840.1.113883.10.20.22.2.1.1', '10160-0', 'Medications', medicine('EVN', 'active', '197361', 'Amlodipine 5 MG Oral Tablet'))}
    ${section(
      '2.16.840.1.113883.10.20.22.2.10',
      '18776-5',
      'Plan of Treatment',
      medicine('INT', 'active', '860975', 'Metformin 500 MG Oral Tablet') +
        medicine('RQO', 'active', '314076', 'Lisinopril 10 MG Oral Tablet') +
        medicine('PRP', 'active', '617310', 'Atorvastatin 20 MG Oral Tablet'),
    )}
  </structuredBody></component>
</ClinicalDocument>`;

const PLANNED = {
  what: 'Planned care',
  reason: 'Care that was ordered or planned but not done yet: your health summary lists what was done.',
};

it('lists a C-CDA’s planned medicines as planned care, not imported, and keeps the medicine taken', async () => {
  const plan = await parse({ bytes: new TextEncoder().encode(ccd) });
  const medications = plan.items.flatMap((i) => (i.kind === 'summary' ? [i.item] : []));
  expect(medications.map((m) => [m.text, m.status])).toEqual([['Amlodipine 5 MG Oral Tablet', 'active']]);
  expect(plan.notUnderstood).toContainEqual({ ...PLANNED, count: 3 });
}, 30_000);

it('lists a FHIR medicine only planned or proposed, and not in force, as planned care', () => {
  const request = (intent: string, status: string, text: string) => ({
    resourceType: 'MedicationRequest',
    intent,
    status,
    medicationCodeableConcept: { text },
  });
  const resources = [
    request('order', 'active', 'Prescribed'),
    request('plan', 'active', 'Planned and in force'),
    request('plan', 'draft', 'Planned, a draft'),
    request('proposal', 'unknown', 'Proposed'),
    request('plan', 'on-hold', 'Planned, on hold'),
    request('order', 'draft', 'Order not signed yet'),
  ] as Resource[];
  const plan = planOf(resources, 'fhir-bundle');
  expect(plan.items.map((i) => (i.kind === 'summary' ? i.item.text : i.kind))).toEqual([
    'Prescribed',
    'Planned and in force',
  ]);
  expect(plan.notUnderstood).toEqual([{ ...PLANNED, count: 4 }]);
});
