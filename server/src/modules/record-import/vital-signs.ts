import type { Observation } from '@medplum/fhirtypes';

/**
 * Vital signs (FHIR's `vital-signs` category, or their LOINC codes when a record gives no category):
 * which of them Healthfolio keeps, and the words for those it does not. None is a lab result.
 */
export const BLOOD_PRESSURE_PANELS = ['85354-9', '55284-4'];
export const SYSTOLIC = '8480-6';
export const DIASTOLIC = '8462-4';
/** Body weight, measured (3141-9, as C-CDA writes it) and stated (3142-7). */
export const BODY_WEIGHTS = ['29463-7', '3141-9', '3142-7'];
export const PAIN_SCORE = '72514-3';

/** The vital signs Healthfolio has no place for, in the words of "Healthfolio does not keep … yet". */
const NOT_KEPT: Record<string, string> = {
  '8302-2': 'body height',
  '8306-3': 'body length',
  '39156-5': 'body mass index',
  '59576-9': 'body mass index percentiles',
  '8310-5': 'body temperature',
  '8331-1': 'body temperature',
  '8867-4': 'heart rate',
  '9279-1': 'respiratory rate',
  '2708-6': 'oxygen saturation',
  '59408-5': 'oxygen saturation',
  '9843-4': 'head circumference',
  '8287-5': 'head circumference',
};

const VITAL_CODES = new Set([
  ...BLOOD_PRESSURE_PANELS,
  SYSTOLIC,
  DIASTOLIC,
  ...BODY_WEIGHTS,
  PAIN_SCORE,
  ...Object.keys(NOT_KEPT),
]);

export const categoriesOf = (o: Observation) =>
  (o.category ?? []).flatMap((c) => c.coding ?? []).map((x) => x.code ?? '');

/** A vital sign: so categorised, or, unless the record calls it a laboratory test, so coded. */
export const isVitalSign = (o: Observation, loincCodes: string[]) => {
  const categories = categoriesOf(o);
  if (categories.includes('vital-signs')) return true;
  return !categories.includes('laboratory') && loincCodes.some((c) => VITAL_CODES.has(c));
};

/** Why a vital sign the app has no place for is not imported. */
export const vitalNotKept = (loincCodes: string[]) => {
  const noun = loincCodes.map((c) => NOT_KEPT[c]).find(Boolean);
  return {
    what: 'Vital signs',
    skip: noun ? `Healthfolio does not keep ${noun} yet.` : 'Healthfolio does not keep this vital sign yet.',
  };
};
