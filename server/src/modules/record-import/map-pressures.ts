import type { Observation, Resource } from '@medplum/fhirtypes';
import { codesOf, LOINC } from './fhir-values';
import { bloodPressureEntry, notesOf, numberOf, type ObservationOutcome, whenOf } from './map-observation';
import { BLOOD_PRESSURE_PANELS, DIASTOLIC, SYSTOLIC } from './vital-signs';

const UNPAIRED = {
  what: 'Vital signs',
  skip: 'A systolic or diastolic pressure without the other one of the same time.',
};

/** A systolic (8480-6) or diastolic (8462-4) pressure of its own, as C-CDA writes them: which one. */
const halfOf = (r: Resource): 'systolic' | 'diastolic' | null => {
  if (r.resourceType !== 'Observation' || r.component?.length) return null;
  const codes = codesOf(r.code, LOINC);
  if (codes.some((c) => BLOOD_PRESSURE_PANELS.includes(c))) return null;
  return codes.includes(SYSTOLIC) ? 'systolic' : codes.includes(DIASTOLIC) ? 'diastolic' : null;
};

/**
 * Separate systolic and diastolic pressures read together: those of the same instant make one blood
 * pressure entry, as a blood pressure panel does; one without the other is reported. `used` are the
 * observations read here, which the plan then passes by.
 */
export const pairPressures = (resources: Resource[]) => {
  const used = new Set<Resource>();
  const byInstant = new Map<string, { systolic: Observation[]; diastolic: Observation[] }>();
  const outcomes: ObservationOutcome[] = [];
  for (const r of resources) {
    const half = halfOf(r);
    if (!half || r.resourceType !== 'Observation') continue;
    used.add(r);
    if (r.status === 'entered-in-error' || r.status === 'cancelled') continue;
    const at = whenOf(r);
    if (!at) {
      outcomes.push({ what: 'Measurements', skip: 'A measurement without a date and time.' });
      continue;
    }
    const pair = byInstant.get(at) ?? { systolic: [], diastolic: [] };
    pair[half].push(r);
    byInstant.set(at, pair);
  }
  for (const [at, { systolic, diastolic }] of byInstant) {
    for (let i = 0; i < Math.max(systolic.length, diastolic.length); i++) {
      const [s, d] = [systolic[i], diastolic[i]];
      if (!s || !d) {
        outcomes.push(UNPAIRED);
        continue;
      }
      const notes = [notesOf(s), notesOf(d)].filter(Boolean).join('\n') || null;
      const pressures: [number | null, number | null] = [
        numberOf(s.valueQuantity),
        numberOf(d.valueQuantity),
      ];
      outcomes.push(bloodPressureEntry(s, at, pressures, notes));
    }
  }
  return { outcomes, used };
};
