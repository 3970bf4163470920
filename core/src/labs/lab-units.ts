import { roundTo } from '../units/round';
import { convertSameMeasure } from './lab-unit-measure';
import { findLabTest, type LabReferenceRange } from './loinc-subset';

export const LAB_FLAGS = ['low', 'normal', 'high', 'critical'] as const;
export type LabFlag = (typeof LAB_FLAGS)[number];

/** The words a flag badge shows (never colour alone). */
export const LAB_FLAG_LABELS: Record<LabFlag, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  critical: 'Critical',
};

/**
 * What to do now about a result its source marked critical, shown before its figure wherever the
 * result is shown, and after adding it (DESIGN §10, safety first).
 */
export const LAB_CRITICAL_ADVICE =
  'The lab marked this result critical. Contact your doctor or the lab today; if you feel very unwell, call emergency services.';

/**
 * The test's own unit (from the subset) that is the same measure as `ucum`, and the value in it: how a
 * mass and an amount (mg/dL and mmol/L) meet, only for a test the subset gives a factor for.
 */
const inSubsetUnit = (loinc: string, value: number, ucum: string) => {
  for (const u of findLabTest(loinc)?.units ?? []) {
    const v = convertSameMeasure(value, ucum, u.ucum);
    if (v !== null) return { unit: u, value: v };
  }
  return null;
};

/**
 * A value of the test in unit `to`, unrounded; null when the units are not convertible for this test.
 * Spellings of one measure convert for every test (10*9/L is 10*3/uL, mg/dl is mg/dL, g/L is g/dL
 * × 10); a mass and an amount (mg/dL and mmol/L) only for a test with a known factor (glucose,
 * cholesterol, triglycerides, creatinine…, the subset's units).
 */
export function convertLabValue(
  loinc: string,
  value: number,
  from: string | null,
  to: string | null,
): number | null {
  const same = convertSameMeasure(value, from, to);
  if (same !== null) return same;
  if (from === null || to === null) return null;
  const a = inSubsetUnit(loinc, value, from);
  const b = inSubsetUnit(loinc, 1, to);
  if (!a || !b) return null;
  // In the test's main unit, then in `to`'s own subset unit, then in `to` as written.
  return ((a.value * a.unit.toMain) / b.unit.toMain) * (convertSameMeasure(1, b.unit.ucum, to) ?? 1);
}

/** Whether this test's value can move between the two units (one measure, or a known factor). */
export const canConvertLabUnit = (loinc: string, from: string | null, to: string | null): boolean =>
  convertLabValue(loinc, 1, from, to) !== null;

/** Decimal places a converted value keeps: enough for the unit's usual precision. */
export const labDecimals = (value: number) => (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);

/** A converted value rounded as a lab would print it. */
export const roundLabValue = (value: number) => roundTo(value, labDecimals(value));

/** A converted limit rounded up to the places a lab prints (float noise trimmed first, as roundTo does). */
const ceilLabValue = (value: number) => {
  const factor = 10 ** labDecimals(value);
  return Math.ceil(Number((value * factor).toPrecision(12))) / factor;
};

/** The subset's reference range for a test, written in `ucum` (converted when needed); null when none. */
export function defaultReferenceRange(loinc: string, ucum: string): LabReferenceRange | null {
  const test = findLabTest(loinc);
  const main = test?.units[0];
  if (!test?.range || !main) return null;
  const conv = (v: number | null, round = roundLabValue) => {
    if (v === null) return null;
    const c = convertLabValue(loinc, v, main.ucum, ucum);
    return c === null ? null : round(c);
  };
  const low = conv(test.range.low);
  // An exclusive limit is rounded up: "below 150 mg/dL" is below 1.70 mmol/L, since 1.69 mmol/L
  // (149.7 mg/dL) is still below 150 and must not be flagged.
  const high = conv(test.range.high, test.range.highExclusive ? ceilLabValue : roundLabValue);
  if (main.ucum !== ucum && low === null && high === null) return null;
  return { low, high, highExclusive: test.range.highExclusive, text: test.range.text };
}

/**
 * The flag of a numeric result against its reference range (both in the result's unit): below low is
 * low, above high is high (at or above it when the high end is exclusive: "below 100" flags 100, not
 * 99.4), else normal; null without a range to compare with. Never critical: that comes only from the
 * result's source.
 */
export function flagFromRange(
  value: number | null,
  low: number | null | undefined,
  high: number | null | undefined,
  highExclusive = false,
): Exclude<LabFlag, 'critical'> | null {
  if (value === null || (low == null && high == null)) return null;
  if (low != null && value < low) return 'low';
  if (high != null && (highExclusive ? value >= high : value > high)) return 'high';
  return 'normal';
}

/**
 * Whether the high end in a form is exclusive: only while it is still the limit it came with (the
 * shipped "below 100", or the result's own); a high end the person types is the last normal value,
 * as reports print it.
 */
export const highEndExclusive = (
  from: { high: number | null; highExclusive: boolean } | null | undefined,
  high: number | null,
) => from?.highExclusive === true && high !== null && high === from.high;

type RangeFields = {
  loinc: string;
  unit: string | null;
  referenceLow: number | null;
  referenceHigh: number | null;
  referenceHighExclusive: boolean;
  referenceText: string | null;
};

/**
 * One rule for every result, typed or imported: a result with no range of its own (no ends and no
 * words) gets the subset's guideline range for its test, in its unit ("Below 5.7% (ADA)" for an
 * A1c in %), which then flags it; a result with its own range, or a test or unit without a shipped
 * range, is kept as it is.
 */
export function withShippedRange<T extends RangeFields>(r: T): T {
  if (r.referenceLow !== null || r.referenceHigh !== null || r.referenceText !== null || r.unit === null)
    return r;
  const shipped = defaultReferenceRange(r.loinc, r.unit);
  if (!shipped) return r;
  return {
    ...r,
    referenceLow: shipped.low,
    referenceHigh: shipped.high,
    referenceHighExclusive: shipped.highExclusive,
    referenceText: shipped.text,
  };
}

/** The flag a result is stored with: the one its source gave, else computed from its range. */
export const resolveLabFlag = (r: {
  flag: LabFlag | null;
  value: number | null;
  referenceLow: number | null;
  referenceHigh: number | null;
  referenceHighExclusive: boolean;
}): LabFlag | null =>
  r.flag ?? flagFromRange(r.value, r.referenceLow, r.referenceHigh, r.referenceHighExclusive);
