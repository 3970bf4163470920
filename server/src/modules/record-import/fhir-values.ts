import { partialDateInstant } from '@healthfolio/core/units/date-precision';
import type { CodeableConcept, Coding, HumanName, Reference, Resource } from '@medplum/fhirtypes';

export const LOINC = 'http://loinc.org';

/** The words of a concept: its text, else the first coding's display, else its code. */
export const conceptText = (c: CodeableConcept | undefined): string | null =>
  c?.text?.trim() || c?.coding?.find((x) => x.display)?.display?.trim() || c?.coding?.[0]?.code || null;

/** The first coding of a concept that has a system and a code. */
export const firstCoding = (c: CodeableConcept | undefined): Coding | undefined =>
  c?.coding?.find((x) => x.system && x.code);

export const codesOf = (c: CodeableConcept | undefined, system: string) =>
  (c?.coding ?? []).filter((x) => x.system === system && x.code).map((x) => x.code as string);

export const referenceText = (r: Reference | undefined) => r?.display?.trim() || null;

/** Whether `YYYY-MM-DD` is a day of the calendar (Date.parse rolls 2008-02-30 over to March 1). */
const isRealDay = (day: string) => {
  const ms = Date.parse(`${day}T12:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(day);
};

/** A FHIR date as written (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`), if it is one of the calendar. */
const isCalendarDate = (v: string) =>
  /^\d{4}(-\d{2}(-\d{2})?)?$/.test(v) && isRealDay(`${v}-01-01`.slice(0, 10));

/**
 * A FHIR dateTime with a time of day and an offset, written the way FHIR requires
 * (`2008-03-19T08:30:00-08:00`), from that or from what Medplum's converter makes of an HL7 v3 time
 * with an offset: `200803190830-0800` comes through as `2008-03-19T08:30:-0800` (no seconds, an
 * offset without its colon), `20080319083015-0800` as `2008-03-19T08:30:15-0800`. Null otherwise.
 */
const zonedDateTime = (raw: string): string | null => {
  const m = raw.match(/^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(?:(\d{2})(\.\d+)?)?)?(Z|[+-]\d{2}:?\d{2})$/);
  if (!m?.[1] || !isRealDay(m[1])) return null;
  const [, day, hh, mm, ss = '00', fraction = '', zone = ''] = m;
  const offset = zone === 'Z' || /^\+00:?00$/.test(zone) ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(-2)}`;
  const v = `${day}T${hh}:${mm}:${ss}${fraction}${offset}`;
  return Number.isNaN(Date.parse(v)) ? null : v;
};

/**
 * An instant (ISO 8601 in UTC) from a FHIR date or dateTime, its offset applied: a date alone is
 * taken as noon UTC of that day (the middle of the day in every time zone), a year-month as its 15th,
 * a year as July 1st; null when it is not one.
 */
export const instantOf = (raw: string | undefined | null): string | null => {
  const v = raw?.trim();
  if (!v) return null;
  const zoned = zonedDateTime(v);
  if (zoned) return new Date(Date.parse(zoned)).toISOString();
  return partialDateInstant(v);
};

/**
 * A dateTime with a time of day but no offset (`2026-03-10T09:00:00`, or C-CDA's `202603100900`
 * as Medplum's converter passes it on) as a wall clock, `YYYY-MM-DDTHH:MM`; null otherwise. FHIR
 * requires the offset, C-CDA does not: such a time is the clinic's local time, read in the importing
 * person's zone (see writeAppointments).
 */
export const floatingTimeOf = (raw: string | undefined | null): string | null => {
  const m = raw?.match(/^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2}(\.\d+)?)?$/);
  return m && !Number.isNaN(Date.parse(`${m[1]}T${m[2]}:00Z`)) ? `${m[1]}T${m[2]}` : null;
};

/**
 * A FHIR date or dateTime kept as written (dates of the summary), its offset with its colon, or a
 * wall clock without one (`2019-03-15T10:30:00`, a C-CDA time without an offset: ccda-times.ts), or null.
 */
export const fhirDate = (raw: string | undefined | null) => {
  const v = raw?.trim();
  if (!v) return null;
  if (isCalendarDate(v)) return v;
  const wall = floatingTimeOf(v);
  return zonedDateTime(v) ?? (wall && isRealDay(wall.slice(0, 10)) ? `${wall}:00` : null);
};

/** Details in words, leaving out those without a value. */
export const details = (pairs: [string, string | null | undefined][]) =>
  Object.fromEntries(pairs.filter((p): p is [string, string] => typeof p[1] === 'string' && p[1].length > 0));

/** The resources of a file by how references name them (`Type/id`, `urn:uuid:id`). */
export type ResourceIndex = Map<string, Resource>;

export const indexResources = (resources: Resource[]): ResourceIndex => {
  const index: ResourceIndex = new Map();
  for (const r of resources)
    if (r.id) {
      index.set(`${r.resourceType}/${r.id}`, r);
      index.set(`urn:uuid:${r.id}`, r);
    }
  return index;
};

/** The keys a resource is referred to by in its file. */
export const refsOf = (r: Resource) => (r.id ? [`${r.resourceType}/${r.id}`, `urn:uuid:${r.id}`] : []);

/** What a reference points at: a contained resource (`#id`), or one of the file (also by its tail). */
export const resolve = (
  ref: Reference | undefined,
  index: ResourceIndex,
  container?: { contained?: Resource[] },
): Resource | undefined => {
  const r = ref?.reference;
  if (typeof r !== 'string' || !r) return undefined;
  if (r.startsWith('#')) return container?.contained?.find((c) => c.id === r.slice(1));
  return index.get(r) ?? index.get(r.match(/[A-Za-z]+\/[^/]+$/)?.[0] ?? '');
};

const humanName = (names: HumanName[] | undefined) => {
  const n = names?.[0];
  return (
    n?.text?.trim() ||
    [n?.prefix?.join(' '), n?.given?.join(' '), n?.family].filter(Boolean).join(' ') ||
    null
  );
};

/** The name of whom a reference points at (an organization, a practitioner, a place), or its display. */
export const nameOf = (
  ref: Reference | undefined,
  index: ResourceIndex,
  container?: { contained?: Resource[] },
): string | null => {
  if (ref?.display?.trim()) return ref.display.trim();
  const r = resolve(ref, index, container) as (Resource & { name?: string | HumanName[] }) | undefined;
  if (!r) return null;
  if (typeof r.name === 'string') return r.name.trim() || null;
  return humanName(r.name);
};
