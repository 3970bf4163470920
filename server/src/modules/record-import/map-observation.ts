import {
  datePrecisionOf,
  findLabTest,
  LAB_FLAGS,
  type LabFlag,
  labTestName,
  mmolToMgdl,
  TRACKER_DATA,
} from '@healthfolio/core';
import type { Observation, ObservationComponent, Quantity } from '@medplum/fhirtypes';
import {
  codesOf,
  conceptText,
  floatingTimeOf,
  instantOf,
  LOINC,
  type ResourceIndex,
  referenceText,
} from './fhir-values';
import { glucoseOrigin, isOurGlucoseReading, mealOrJournal } from './healthfolio-export';
import type { PlannedItem } from './import-plan';
import { ourInsulinSettings } from './map-insulin-settings';
import { mealExtras, mealFoods } from './map-meal';
import {
  BLOOD_PRESSURE_PANELS,
  BODY_WEIGHTS,
  categoriesOf,
  isVitalSign,
  PAIN_SCORE,
  vitalNotKept,
} from './vital-signs';

const CGM_SUMMARY = 'http://hl7.org/fhir/uv/cgm/CodeSystem/cgm-summary-codes-temporary';
const GLUCOSE = new Set(['2339-0', '15074-8', '99504-3']);
/** Glucose in interstitial fluid: a sensor's (CGM), never a lab's. */
const INTERSTITIAL_GLUCOSE = '99504-3';
const SCORE_FIELDS: Record<string, string> = {
  Mood: 'mood',
  Energy: 'energy',
  Stress: 'stress',
  'Sleep quality': 'sleepQuality',
};
const MOOD_WORDS: Record<string, string> = {
  Activity: 'activity',
  'Dietary context': 'dietaryContext',
  'Social context': 'socialContext',
  'Mood triggers': 'moodTriggers',
};
const PAIN_WORDS: Record<string, string> = {
  'Pain type': 'painType',
  Duration: 'painDuration',
  Triggers: 'painTriggers',
  'Relief methods': 'reliefMethods',
  'Activity limitation': 'activityLimitation',
};
/** The pain log records pain from 1 (PainData); a 0 on the record's 0-10 scale is told as what it is. */
const NO_PAIN = 'A pain score of 0 (no pain): the pain log records pain from 1 to 10.';
const LISTS = new Set(['moodTriggers', 'painTriggers', 'reliefMethods']);
const INTERPRETATION: Record<string, LabFlag> = {
  L: 'low',
  LL: 'critical',
  N: 'normal',
  H: 'high',
  HH: 'critical',
  AA: 'critical',
};

export type ObservationOutcome = PlannedItem | { skip: string; what: string } | null;

const unitOf = (q: Quantity | undefined) => (q?.code ?? q?.unit ?? null)?.trim() || null;
export const numberOf = (q: Quantity | undefined) =>
  typeof q?.value === 'number' && Number.isFinite(q.value) ? q.value : null;
export const notesOf = (o: Observation) =>
  o.note
    ?.map((n) => n.text)
    .filter(Boolean)
    .join('\n') || null;
const rawWhenOf = (o: Observation) =>
  o.effectiveDateTime ?? o.effectivePeriod?.start ?? o.effectiveInstant ?? o.issued;
/**
 * When it was taken: an instant, or a wall clock (`YYYY-MM-DDTHH:MM`) when the record gave no offset,
 * read in the person's zone as it is written (write-plan.ts).
 */
export const whenOf = (o: Observation) => instantOf(rawWhenOf(o)) ?? floatingTimeOf(rawWhenOf(o));
/** The record dated it only by year, month or day: kept so (core's date-precision.ts). */
const precisionOf = (o: Observation) => datePrecisionOf(rawWhenOf(o));

/** An entry's data, if its tracker takes it (else with only the fields it must have, else nothing). */
const checked = (tracker: keyof typeof TRACKER_DATA, data: Record<string, unknown>, required: string[]) => {
  const whole = TRACKER_DATA[tracker].safeParse(data);
  if (whole.success) return whole.data as Record<string, unknown>;
  const least = TRACKER_DATA[tracker].safeParse(Object.fromEntries(required.map((k) => [k, data[k]])));
  return least.success ? (least.data as Record<string, unknown>) : null;
};

const fromComponents = (components: ObservationComponent[] | undefined, words: Record<string, string>) => {
  const data: Record<string, unknown> = {};
  for (const c of components ?? []) {
    const label = c.code?.text ?? '';
    if (SCORE_FIELDS[label] && numberOf(c.valueQuantity) !== null)
      data[SCORE_FIELDS[label]] = c.valueQuantity?.value;
    const key = words[label];
    if (key && c.valueString) data[key] = LISTS.has(key) ? c.valueString.split(', ') : c.valueString;
  }
  return data;
};

const entry = (
  group: 'vitalSigns' | 'trackerEntries',
  tracker: Extract<PlannedItem, { kind: 'entry' }>['tracker'],
  o: Observation,
  at: string,
  data: Record<string, unknown> | null,
  notes = notesOf(o),
): ObservationOutcome =>
  data
    ? { kind: 'entry', group, tracker, occurredAt: at, occurredPrecision: precisionOf(o), data, notes }
    : { what: 'Measurements', skip: 'A value outside what Healthfolio accepts for this measurement.' };

/** A blood pressure entry from its two pressures in mmHg (whole numbers, as the tracker keeps them). */
export const bloodPressureEntry = (
  o: Observation,
  at: string,
  pressures: [number | null, number | null],
  notes = notesOf(o),
): ObservationOutcome => {
  const [systolic, diastolic] = pressures.map((v) => (v === null ? null : Math.round(v)));
  return entry(
    'vitalSigns',
    'blood-pressure',
    o,
    at,
    checked('blood-pressure', { systolic, diastolic }, []),
    notes,
  );
};

const labResult = (o: Observation, loinc: string, at: string): ObservationOutcome => {
  const value = numberOf(o.valueQuantity);
  const valueText = value === null ? (o.valueString ?? conceptText(o.valueCodeableConcept) ?? null) : null;
  if (value === null && !valueText) return { what: 'Lab results', skip: 'A lab result with no value.' };
  const unit = value === null ? null : unitOf(o.valueQuantity);
  const range = o.referenceRange?.[0];
  const flag = (o.interpretation ?? [])
    .flatMap((i) => i.coding ?? [])
    .map((c) => INTERPRETATION[c.code ?? ''])
    .find((f): f is LabFlag => !!f && LAB_FLAGS.includes(f));
  const documentRefs = (o.derivedFrom ?? []).flatMap((r) =>
    typeof r.reference === 'string' ? [r.reference] : [],
  );
  return {
    kind: 'lab',
    group: 'labResults',
    ...(documentRefs.length ? { documentRefs } : {}),
    result: {
      testName: labTestName(conceptText(o.code), loinc).slice(0, 200),
      loinc,
      value,
      valueText: valueText?.slice(0, 200) ?? null,
      unit,
      referenceLow: numberOf(range?.low),
      referenceHigh: numberOf(range?.high),
      referenceText: range?.text?.slice(0, 200) ?? null,
      flag: flag ?? null,
      effectiveAt: at,
      effectivePrecision: precisionOf(o),
      labName: referenceText(o.performer?.[0])?.slice(0, 200) ?? null,
      note: notesOf(o)?.slice(0, 1000) ?? null,
    },
  };
};

/**
 * An observation as Healthfolio keeps it: glucose readings (2339-0, 15074-8, 99504-3; a laboratory's
 * blood glucose from another source is a lab result), the blood
 * pressure panel (85354-9) and body weight (29463-7, 3141-9, 3142-7) as entries, pain scores (72514-3)
 * the pain log can hold and a Healthfolio export's mood ratings, meals and journal entries as entries,
 * other vital signs reported as not kept (vital-signs.ts), and lab results (laboratory observations
 * only). A separate systolic and diastolic are read together (map-pressures.ts).
 */
export const mapObservation = (
  o: Observation,
  origin: string,
  index: ResourceIndex = new Map(),
): ObservationOutcome => {
  if (o.status === 'entered-in-error' || o.status === 'cancelled') return null;
  if (o.code?.coding?.some((c) => c.system === CGM_SUMMARY))
    return {
      what: 'Glucose summaries',
      skip: 'A summary of glucose readings: worked out again from the readings.',
    };
  // A panel that only groups its members (a C-CDA result organizer): its members are imported.
  if (o.hasMember?.length && !o.valueQuantity && !o.valueString && !o.component) return null;
  const at = whenOf(o);
  if (!at) return { what: 'Measurements', skip: 'A measurement without a date and time.' };
  const codes = codesOf(o.code, LOINC);
  const loinc = codes[0];
  const glucose = codes.find((c) => GLUCOSE.has(c));
  const categories = categoriesOf(o);
  // A clinic's laboratory glucose (a metabolic panel's) is a lab result, beside its panel; the
  // readings a person or a device took are glucose readings: a Healthfolio export's (laboratory
  // too, but with their source), a sensor's, a meter's (with its device) and any not called laboratory.
  if (
    glucose &&
    glucose !== INTERSTITIAL_GLUCOSE &&
    categories.includes('laboratory') &&
    !isOurGlucoseReading(o) &&
    !o.device
  )
    return labResult(o, glucose, at);
  if (glucose) {
    const value = numberOf(o.valueQuantity);
    const unit = unitOf(o.valueQuantity);
    const mgdl =
      value === null ? null : unit === 'mmol/L' ? mmolToMgdl(value) : unit === 'mg/dL' ? value : null;
    if (mgdl === null || mgdl <= 0 || mgdl >= 2000)
      return {
        what: 'Glucose readings',
        skip: 'A glucose value without a unit Healthfolio reads (mg/dL or mmol/L).',
      };
    return { kind: 'glucose', group: 'glucoseReadings', at, mgdl, ...glucoseOrigin(o, origin) };
  }
  if (codes.some((c) => BLOOD_PRESSURE_PANELS.includes(c))) {
    const part = (code: string) =>
      numberOf(o.component?.find((c) => codesOf(c.code, LOINC).includes(code))?.valueQuantity);
    return bloodPressureEntry(o, at, [part('8480-6'), part('8462-4')]);
  }
  if (codes.some((c) => BODY_WEIGHTS.includes(c))) {
    const unit = unitOf(o.valueQuantity);
    const weightUnit =
      unit === '[lb_av]' || unit === 'lb' || unit === 'lbs' ? 'lbs' : unit === 'kg' ? 'kg' : null;
    if (!weightUnit)
      return { what: 'Weights', skip: 'A weight without a unit Healthfolio reads (kg or lb).' };
    return entry(
      'vitalSigns',
      'weight',
      o,
      at,
      checked('weight', { weight: numberOf(o.valueQuantity), weightUnit }, []),
    );
  }
  if (codes.includes(PAIN_SCORE)) {
    const data = {
      painIntensity: numberOf(o.valueQuantity),
      ...(o.bodySite?.text ? { painLocation: o.bodySite.text } : {}),
      ...fromComponents(o.component, PAIN_WORDS),
    };
    const [value, ...notes] = (o.note ?? []).map((n) => n.text ?? '');
    const withValue = notes.length ? { ...data, value } : data;
    // 0 is a real answer on the 0-10 scale (no pain), not a value out of range: said so.
    if (data.painIntensity === 0) return { what: 'Pain scores', skip: NO_PAIN };
    const pain = checked('pain', withValue, ['painIntensity']);
    if (!pain)
      return {
        what: 'Pain scores',
        skip: 'A pain score the pain log cannot hold: it takes whole numbers from 1 to 10.',
      };
    return entry('trackerEntries', 'pain', o, at, pain, notes.length ? notes.join('\n') : (value ?? null));
  }
  const settings = ourInsulinSettings(o, at);
  if (settings) return settings;
  const ours = mealOrJournal(o);
  if (ours?.tracker === 'meal') {
    const foods = mealFoods(o);
    if (foods.length) ours.data.foods = foods;
  }
  if (ours) {
    // A meal keeps the figures Healthfolio accepts (a calorie count out of range is left out); one
    // with none of them, or a journal entry without text, is not taken.
    const fine = Object.keys(ours.data).filter(
      (k) => TRACKER_DATA[ours.tracker].safeParse({ [k]: ours.data[k] }).success,
    );
    const data = checked(ours.tracker, ours.data, ours.tracker === 'journal' ? ['value'] : fine);
    const meal = ours.tracker === 'meal' ? mealExtras(o, index) : null;
    const out = entry('trackerEntries', ours.tracker, o, at, data && Object.keys(data).length ? data : null);
    return meal && out && 'kind' in out && out.kind === 'entry' ? { ...out, meal } : out;
  }
  if (!loinc && o.code?.text?.startsWith('Mood and energy'))
    return entry(
      'trackerEntries',
      'mood-energy',
      o,
      at,
      checked('mood-energy', fromComponents(o.component, MOOD_WORDS), []),
    );
  if (isVitalSign(o, codes)) return vitalNotKept(codes);
  // Only a laboratory observation is a lab result: so categorised, or, in a record that gives no
  // category, one of the shipped subset's tests or any other LOINC code with a measured value.
  const laboratory =
    categories.includes('laboratory') ||
    (!categories.length && (findLabTest(loinc ?? '') || o.valueQuantity));
  if (loinc && /^\d{1,7}-\d$/.test(loinc) && laboratory) return labResult(o, loinc, at);
  return {
    what: 'Measurements',
    skip: !loinc
      ? 'A measurement without a LOINC code.'
      : o.valueQuantity && !categories.some((c) => c === 'survey' || c === 'social-history')
        ? 'A measurement that is not a lab test: Healthfolio does not import these yet.'
        : 'A questionnaire answer or a measurement without a measured value.',
  };
};
