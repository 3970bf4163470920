import {
  type Ccda,
  type CcdaAct,
  type CcdaEffectiveTime,
  type CcdaProcedure,
  mapCcdaCodeToCodeableConcept,
  mapCcdaToFhirDateTime,
} from '@medplum/ccda';
import type { ServiceRequest } from '@medplum/fhirtypes';

/**
 * Medplum's converter reads a C-CDA procedure as one that was done, whatever its mood: a procedure
 * requested or planned (Plan of Treatment, moodCode RQO, INT...) becomes a Procedure "active", the same
 * as one done. It reads a procedure's time only as a range, so one done on a day (`<effectiveTime
 * value="20120512"/>`, as most are written) comes without its date; and a Procedure Activity Act
 * (a Procedures section's `act`) it makes "completed", whatever its status says. Set right here before
 * the converter runs: a procedure's single time becomes the start of its range, a procedure act is
 * given to the converter as a procedure, and each one that is not an event (not done) is taken out of
 * the document and made a ServiceRequest, FHIR's order or plan for one, so it is never read as done.
 */

/** The Procedures section's templates (entries optional and required, V1 and V2). */
const PROCEDURES_SECTIONS = new Set([
  '2.16.840.1.113883.10.20.22.2.7',
  '2.16.840.1.113883.10.20.22.2.7.1',
  '2.16.840.1.113883.10.20.22.2.7.2',
  '2.16.840.1.113883.10.20.22.2.7.1.2',
]);

/** HL7 v3 moods of something not done yet, as FHIR's request intents. */
const INTENTS: Record<string, ServiceRequest['intent']> = {
  INT: 'plan',
  PRMS: 'plan',
  PRP: 'proposal',
  RQO: 'order',
  ARQ: 'order',
  APT: 'order',
};

/** A planned procedure's C-CDA status as a request's. */
const REQUEST_STATUS: Record<string, ServiceRequest['status']> = {
  active: 'active',
  new: 'draft',
  completed: 'completed',
  cancelled: 'revoked',
  aborted: 'revoked',
  held: 'on-hold',
  suspended: 'on-hold',
};

const isEvent = (p: { '@_moodCode'?: string }) => !p['@_moodCode'] || p['@_moodCode'] === 'EVN';

/** A time the converter reads only as a range: one time (`value`) made the range's start. */
const asRange = (t: CcdaEffectiveTime): CcdaEffectiveTime => {
  const { '@_value': value, ...rest } = t;
  return value && !t.low && !t.high ? { ...rest, low: { '@_value': value } } : t;
};

const whenOf = (t: CcdaEffectiveTime | undefined) =>
  mapCcdaToFhirDateTime(t?.['@_value'] ?? t?.low?.['@_value']);

const requestOf = (p: CcdaProcedure): ServiceRequest => {
  const occurrence = whenOf(p.effectiveTime?.[0]);
  return {
    resourceType: 'ServiceRequest',
    status: REQUEST_STATUS[p.statusCode?.['@_code'] ?? ''] ?? 'unknown',
    intent: INTENTS[p['@_moodCode']] ?? 'plan',
    code: mapCcdaCodeToCodeableConcept(p.code),
    ...(occurrence ? { occurrenceDateTime: occurrence } : {}),
  } as ServiceRequest;
};

/**
 * Rewrites the procedures of a document read by `convertXmlToCcda` in place, before it is converted
 * (see above); answers the procedures it took out, as requests.
 */
export const takePlannedProcedures = (ccda: Ccda): ServiceRequest[] => {
  const requests: ServiceRequest[] = [];
  for (const component of ccda.component?.structuredBody?.component ?? [])
    for (const section of component.section ?? []) {
      const procedures = PROCEDURES_SECTIONS.has(section.templateId?.[0]?.['@_root'] ?? '');
      for (const entry of section.entry ?? []) {
        const acts: CcdaAct[] = procedures ? (entry.act ?? []) : [];
        if (acts.length) delete entry.act;
        const all = [...(entry.procedure ?? []), ...(acts as unknown as CcdaProcedure[])];
        if (!all.length) continue;
        for (const p of all) if (!isEvent(p)) requests.push(requestOf(p));
        entry.procedure = all
          .filter(isEvent)
          .map((p) => (p.effectiveTime ? { ...p, effectiveTime: p.effectiveTime.map(asRange) } : p));
      }
    }
  return requests;
};
