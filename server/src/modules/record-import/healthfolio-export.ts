import { TRACKER_DATA } from '@healthfolio/core';
import type {
  CodeableConcept,
  Extension,
  MedicationAdministration,
  MedicationRequest,
  MedicationStatement,
  Observation,
} from '@medplum/fhirtypes';
import { HEALTHFOLIO_CODES_PATH, HEALTHFOLIO_EXTENSIONS_PATH } from '../record-export/fhir/codes';
import { instantOf, LOINC, type ResourceIndex, resolve } from './fhir-values';
import type { PlannedItem } from './import-plan';

/**
 * Reading back what a Healthfolio export wrote (record-export/fhir): a glucose reading's source from
 * its `method` words, its timing and notes from its note; a logged medication or insulin dose from its
 * statement; a meal or journal entry from Healthfolio's own codes. Anything else's readings are `import:<origin>` (fhir or ccda).
 */
const METHOD_SOURCES: Record<string, string> = {
  'Typed in by the person': 'manual',
  'Blood glucose meter': 'meter',
  'Continuous glucose monitor': 'cgm',
};

const SOURCE_WORDS = /^(Imported|Device) \(([a-z0-9_.-]{1,40})\)$/;

const sourceOf = (method: string | undefined, origin: string) => {
  if (!method) return `import:${origin}`;
  if (METHOD_SOURCES[method]) return METHOD_SOURCES[method];
  const m = method.match(SOURCE_WORDS);
  return m ? `${m[1] === 'Imported' ? 'import' : 'device'}:${m[2]}` : `import:${origin}`;
};

/** A glucose reading a Healthfolio export wrote: its `method` names where the reading came from. */
export const isOurGlucoseReading = (o: Observation) => {
  const method = o.method?.text;
  return !!method && (!!METHOD_SOURCES[method] || SOURCE_WORDS.test(method));
};

export const glucoseOrigin = (o: Observation, origin: string) => {
  const note = o.note?.map((n) => n.text ?? '').join('. ') ?? '';
  const timing = note.match(/^Timing: ([a-z_]+)(?:\. )?/);
  const rest = (timing ? note.slice(timing[0].length) : note).trim();
  return { source: sourceOf(o.method?.text, origin), mealContext: timing?.[1] ?? null, notes: rest || null };
};

const partOf = (s: MedicationStatement, code: string) =>
  s.dosage?.[0]?.doseAndRate?.find((d) => ourCode(d.type) === code)?.doseQuantity?.value;
const reasonValue = (s: MedicationStatement, loinc: string) =>
  (s.contained ?? [])
    .filter((c): c is Observation => c.resourceType === 'Observation')
    .find((o) => o.code?.coding?.some((x) => x.system === LOINC && x.code === loinc))?.valueQuantity?.value;

/** An insulin dose as the export wrote it: the total, its meal and correction boluses, the meal, what it was worked out from. */
const insulinData = (s: MedicationStatement, total: number) => {
  const dosage = s.dosage?.[0];
  const data: Record<string, unknown> = {
    glucose_reading: reasonValue(s, '2339-0'),
    carbs: reasonValue(s, '9059-7'),
    meal_type: ourCode(dosage?.timing?.code)?.replace(/^meal-type-/, ''),
    meal_insulin: partOf(s, 'meal-bolus') ?? 0,
    correction_insulin: partOf(s, 'correction-bolus') ?? 0,
    total_insulin: total,
    high_dose_confirmed: dosage?.additionalInstruction?.some((i) => ourCode(i) === 'high-dose-confirmed')
      ? true
      : undefined,
  };
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
};

/**
 * A statement that a medication was taken at one time, with no codes, no period and no dose in words,
 * as the Medication and Insulin trackers log them: an entry. Null for anything else (a medication
 * list's statement, which goes to the health summary).
 */
export const loggedDose = (s: MedicationStatement): PlannedItem | null => {
  const at = instantOf(s.effectiveDateTime);
  const name = s.medicationCodeableConcept?.text;
  if (!at || s.status !== 'completed' || !name || s.medicationCodeableConcept?.coding?.length) return null;
  const notes = s.note?.map((n) => n.text).join('\n') || null;
  const units = s.dosage?.[0]?.doseAndRate?.[0]?.doseQuantity;
  if (name === 'Insulin' && units?.code === '[iU]' && typeof units.value === 'number') {
    const data = TRACKER_DATA.insulin.safeParse(insulinData(s, units.value));
    const least = TRACKER_DATA.insulin.safeParse({
      meal_insulin: 0,
      correction_insulin: 0,
      total_insulin: units.value,
    });
    const valid = data.success ? data.data : least.success ? least.data : null;
    if (!valid) return null;
    return { kind: 'entry', group: 'trackerEntries', tracker: 'insulin', occurredAt: at, data: valid, notes };
  }
  if (s.dosage?.length) return null;
  return {
    kind: 'entry',
    group: 'trackerEntries',
    tracker: 'medication',
    occurredAt: at,
    data: { value: name },
    notes,
  };
};

const FREQUENCIES: Record<string, string> = { d: 'daily', wk: 'weekly', mo: 'monthly' };

/**
 * A medication schedule as a Healthfolio export wrote it (a MedicationRequest marked with the
 * `medication-schedule` code): the schedule to set up again, with its id. Null for any other
 * request (another source's prescriptions stay Health Summary medications).
 */
export const ourSchedule = (m: MedicationRequest): PlannedItem | null => {
  if (!m.id || !m.category?.some((c) => ourCode(c) === 'medication-schedule')) return null;
  const dosage = m.dosageInstruction?.[0];
  const repeat = dosage?.timing?.repeat;
  return {
    kind: 'schedule',
    group: 'medications',
    scheduleId: m.id,
    stopped: m.status === 'stopped',
    schedule: {
      medicationName: m.medicationCodeableConcept?.text,
      dosage: dosage?.text,
      dailyTimes: (repeat?.timeOfDay ?? []).map((t) => t.slice(0, 5)),
      frequency: repeat?.count === 1 ? 'once' : FREQUENCIES[repeat?.periodUnit ?? 'd'],
      startDate: repeat?.boundsPeriod?.start ?? null,
      endDate: repeat?.boundsPeriod?.end ?? null,
      specialInstructions: dosage?.patientInstruction ?? null,
      prescriber: m.requester?.display ?? null,
      prescriptionNumber: m.groupIdentifier?.value ?? null,
      refillDate: m.dispenseRequest?.validityPeriod?.end ?? null,
    },
  };
};

/**
 * A dose taken or skipped, as a Healthfolio export wrote it (a MedicationAdministration whose request
 * is one of the file's schedules): its schedule, when it was due and whether it was taken. Null for
 * any other administration (another source's stay "not imported").
 */
export const ourDose = (m: MedicationAdministration, index: ResourceIndex): PlannedItem | null => {
  const request = resolve(m.request, index);
  const schedule = request?.resourceType === 'MedicationRequest' ? ourSchedule(request) : null;
  const dueAt = instantOf(m.effectiveDateTime);
  if (schedule?.kind !== 'schedule' || !dueAt || (m.status !== 'completed' && m.status !== 'not-done'))
    return null;
  return {
    kind: 'dose',
    group: 'medicationDoses',
    scheduleId: schedule.scheduleId,
    dueAt,
    status: m.status === 'completed' ? 'taken' : 'skipped',
  };
};

/** A URL of Healthfolio's own, under whichever instance wrote the export (record-export/fhir/codes.ts). */
const isOurs = (url: string | undefined, path = HEALTHFOLIO_CODES_PATH) => {
  if (!url) return false;
  try {
    return new URL(url).pathname === path;
  } catch {
    return false;
  }
};
export const ourCode = (c: CodeableConcept | undefined) => c?.coding?.find((x) => isOurs(x.system))?.code;

/** The resource's Healthfolio extensions of that name (record-export/fhir/codes.ts `healthfolioExtension`). */
export const ourExtensions = (r: { extension?: Extension[] }, name: string) =>
  (r.extension ?? []).filter((e) => isOurs(e.url, `${HEALTHFOLIO_EXTENSIONS_PATH}${name}`));

/**
 * A meal or a journal entry as a Healthfolio export wrote it: the tracker and its data (not yet
 * checked against the tracker's rules), or null for any other observation.
 */
export const mealOrJournal = (
  o: Observation,
): { tracker: 'meal' | 'journal'; data: Record<string, unknown> } | null => {
  const code = ourCode(o.code);
  if (code === 'journal-entry') return { tracker: 'journal', data: { value: o.valueString } };
  if (code !== 'meal') return null;
  const data: Record<string, unknown> = {};
  for (const c of o.component ?? []) {
    const part = ourCode(c.code) ?? c.code?.coding?.find((x) => x.system === LOINC)?.code;
    if (part === 'meal-type') data.mealType = ourCode(c.valueCodeableConcept)?.replace(/^meal-type-/, '');
    if (part === '9052-2') data.calories = c.valueQuantity?.value;
    if (part === '9059-7') data.carbs = c.valueQuantity?.value;
  }
  if (o.valueString) data.value = o.valueString;
  return { tracker: 'meal', data };
};
