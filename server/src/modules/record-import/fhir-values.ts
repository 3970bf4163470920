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

/**
 * An instant with its offset from a FHIR date or dateTime: a date alone is taken as noon UTC of that
 * day (the middle of the day in every time zone); null when it is not one.
 */
export const instantOf = (raw: string | undefined | null): string | null => {
  // C-CDA's offsets come through Medplum's converter without their colon (-0500).
  const v = raw?.replace(/([+-]\d{2})(\d{2})$/, '$1:$2');
  if (!v) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) return `${v}T12:00:00.000Z`;
  if (/^\d{4}-\d{2}$/.test(v)) return `${v}-15T12:00:00.000Z`;
  if (/^\d{4}$/.test(v)) return `${v}-07-01T12:00:00.000Z`;
  const ms = Date.parse(v);
  if (!/T.*(Z|[+-]\d{2}:\d{2})$/.test(v) || Number.isNaN(ms)) return null;
  return new Date(ms).toISOString();
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

/** A FHIR date or dateTime kept as written (dates of the summary), or null. */
export const fhirDate = (v: string | undefined | null) =>
  v && /^\d{4}(-\d{2}(-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?)?)?$/.test(v) ? v : null;

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
