import type { Observation, ObservationComponent } from '@medplum/fhirtypes';
import { CODES, category, coded, quantity } from './codes';
import { dateTimeOf, type ExportContext } from './context';
import { type EntryRow, notesOf } from './vitals';

type Obs = Observation & { id: string };

/** A 1–5 (or 0–10) rating as a component with its own words: no LOINC code fits these scales. */
const score = (text: string, value: unknown): ObservationComponent[] =>
  typeof value === 'number' ? [{ code: { text }, valueQuantity: quantity(value, 'score', '{score}') }] : [];

const words = (text: string, value: unknown): ObservationComponent[] => {
  if (value === undefined || value === null) return [];
  const s = Array.isArray(value) ? value.join(', ') : String(value);
  return s ? [{ code: { text }, valueString: s }] : [];
};

const base = (row: EntryRow, ctx: ExportContext) => ({
  resourceType: 'Observation' as const,
  id: row.id,
  status: 'final' as const,
  category: category('survey'),
  subject: ctx.patient,
  effectiveDateTime: dateTimeOf(row.occurredAt, row.occurredPrecision),
});

/** Mood & Energy: one observation (code in words) with a component per rating and context. */
export const moodObservation = (row: EntryRow, ctx: ExportContext): Obs => {
  const d = row.data;
  return {
    ...base(row, ctx),
    code: { text: 'Mood and energy (self-rated, 1–5)' },
    component: [
      ...score('Mood', d.mood),
      ...score('Energy', d.energy),
      ...score('Stress', d.stress),
      ...score('Sleep quality', d.sleepQuality),
      ...words('Activity', d.activity),
      ...words('Dietary context', d.dietaryContext),
      ...words('Social context', d.socialContext),
      ...words('Mood triggers', d.moodTriggers),
    ],
    ...notesOf(row),
  };
};

/** Pain: severity 0–10 (72514-3), where in `bodySite`, the rest as components in words. */
export const painObservation = (row: EntryRow, ctx: ExportContext): Obs => {
  const d = row.data;
  const note = [d.value, row.notes].filter((s): s is string => typeof s === 'string' && s.length > 0);
  return {
    ...base(row, ctx),
    code: coded(CODES.painSeverity, 'Pain severity'),
    valueQuantity: quantity(Number(d.painIntensity), 'score', '{score}'),
    ...(typeof d.painLocation === 'string' ? { bodySite: { text: d.painLocation } } : {}),
    component: [
      ...words('Pain type', d.painType),
      ...words('Duration', d.painDuration),
      ...words('Triggers', d.painTriggers),
      ...words('Relief methods', d.reliefMethods),
      ...words('Activity limitation', d.activityLimitation),
    ],
    ...(note.length ? { note: note.map((text) => ({ text })) } : {}),
  };
};
