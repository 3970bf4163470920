import {
  type Ccda,
  type CcdaSubstanceAdministration,
  mapCcdaCodeToCodeableConcept,
  PLAN_OF_TREATMENT_SECTION_TEMPLATE_IDS,
} from '@medplum/ccda';
import type { MedicationRequest } from '@medplum/fhirtypes';

/**
 * Medplum's converter reads every medicine of a C-CDA's Plan of Treatment as a MedicationRequest
 * "active", the same as one taken: a medicine planned, proposed or to be ordered (moodCode INT, PRP,
 * RQO...) came into the health summary as an active medication. Set right here before the converter
 * runs: each one that is not an event is taken out of the document and made a MedicationRequest of
 * the plan it is (intent `plan`, or `proposal` for a proposal), not yet in force (`draft`) while the
 * plan is, so the import lists it as planned care (map-summary.ts), never as a medicine taken. A
 * Medications section's medicines (moodCode INT there is a prescription) are left as they are.
 */

const PLAN_SECTIONS = new Set(PLAN_OF_TREATMENT_SECTION_TEMPLATE_IDS.map((t) => t['@_root']));

/** A planned medicine's C-CDA status as a request's: one still planned is not in force yet. */
const STATUS: Record<string, MedicationRequest['status']> = {
  active: 'draft',
  new: 'draft',
  completed: 'completed',
  cancelled: 'cancelled',
  aborted: 'cancelled',
  held: 'on-hold',
  suspended: 'on-hold',
};

const isEvent = (s: CcdaSubstanceAdministration) => !s['@_moodCode'] || s['@_moodCode'] === 'EVN';

const requestOf = (s: CcdaSubstanceAdministration): MedicationRequest =>
  ({
    resourceType: 'MedicationRequest',
    status: STATUS[s.statusCode?.['@_code'] ?? 'active'] ?? 'unknown',
    intent: s['@_moodCode'] === 'PRP' ? 'proposal' : 'plan',
    medicationCodeableConcept: mapCcdaCodeToCodeableConcept(
      s.consumable?.manufacturedProduct?.[0]?.manufacturedMaterial?.[0]?.code?.[0],
    ) ?? { text: 'Planned medicine' },
  }) as MedicationRequest;

/**
 * Takes the planned medicines out of a document read by `convertXmlToCcda`, in place, before it is
 * converted (see above); answers them as requests.
 */
export const takePlannedMedicines = (ccda: Ccda): MedicationRequest[] => {
  const requests: MedicationRequest[] = [];
  for (const component of ccda.component?.structuredBody?.component ?? [])
    for (const section of component.section ?? []) {
      if (!section.templateId?.some((t) => PLAN_SECTIONS.has(t['@_root']))) continue;
      for (const entry of section.entry ?? []) {
        const all = entry.substanceAdministration;
        if (!all?.length) continue;
        for (const s of all) if (!isEvent(s)) requests.push(requestOf(s));
        entry.substanceAdministration = all.filter(isEvent);
      }
    }
  return requests;
};
