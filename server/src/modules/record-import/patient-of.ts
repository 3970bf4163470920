import type { RecordPerson } from '@healthfolio/core';
import type { HumanName, Patient, Resource } from '@medplum/fhirtypes';

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** A person's name as they would write it: given names and family name, without "Mr." or "Mrs.". */
const nameOf = (names: HumanName[] | undefined) => {
  if (!Array.isArray(names)) return null;
  const n = names.find((x) => x?.use === 'official') ?? names[0];
  if (!n) return null;
  const given = Array.isArray(n.given) ? n.given.map(text).filter(Boolean) : [];
  return [...given, text(n.family)].filter(Boolean).join(' ').slice(0, 200) || text(n.text);
};

/** Whose record the resources are: the Patient's name and date of birth, null when there is none. */
export const patientOf = (resources: Resource[]): RecordPerson | null => {
  const p = resources.find((r): r is Patient => r.resourceType === 'Patient');
  if (!p) return null;
  const birthDate = text(p.birthDate)?.match(/^\d{4}(-\d{2}(-\d{2})?)?/)?.[0] ?? null;
  const person = { name: nameOf(p.name), birthDate };
  return person.name || person.birthDate ? person : null;
};
