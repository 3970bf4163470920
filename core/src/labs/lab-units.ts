import { roundTo } from '../units/round';
import { findLabTest, type LabReferenceRange, type LabUnit } from './loinc-subset';

export const LAB_FLAGS = ['low', 'normal', 'high', 'critical'] as const;
export type LabFlag = (typeof LAB_FLAGS)[number];

/** The words a flag badge shows (never colour alone). */
export const LAB_FLAG_LABELS: Record<LabFlag, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  critical: 'Critical',
};

const unitOf = (loinc: string, ucum: string): LabUnit | undefined =>
  findLabTest(loinc)?.units.find((u) => u.ucum === ucum);

/** Whether UCUM lets this test's value move between the two units (same unit, or both in the subset's list). */
export function canConvertLabUnit(loinc: string, from: string, to: string): boolean {
  return from === to || (unitOf(loinc, from) !== undefined && unitOf(loinc, to) !== undefined);
}

/** A value of the test in unit `to`, unrounded; null when the units are not convertible for this test. */
export function convertLabValue(loinc: string, value: number, from: string, to: string): number | null {
  if (from === to) return value;
  const a = unitOf(loinc, from);
  const b = unitOf(loinc, to);
  if (!a || !b) return null;
  return (value * a.toMain) / b.toMain;
}

/** Decimal places a converted value keeps: enough for the unit's usual precision. */
export const labDecimals = (value: number) => (Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2);

/** A converted value rounded as a lab would print it. */
export const roundLabValue = (value: number) => roundTo(value, labDecimals(value));

/** The subset's reference range for a test, written in `ucum` (converted when needed); null when none. */
export function defaultReferenceRange(loinc: string, ucum: string): LabReferenceRange | null {
  const test = findLabTest(loinc);
  const main = test?.units[0];
  if (!test?.range || !main) return null;
  const conv = (v: number | null) => {
    if (v === null) return null;
    const c = convertLabValue(loinc, v, main.ucum, ucum);
    return c === null ? null : roundLabValue(c);
  };
  const low = conv(test.range.low);
  const high = conv(test.range.high);
  if (main.ucum !== ucum && low === null && high === null) return null;
  return { low, high, text: test.range.text };
}

/**
 * The flag of a numeric result against its reference range (both in the result's unit): below low is
 * low, above high is high, else normal; null without a range to compare with. Never critical: that
 * comes only from the result's source.
 */
export function flagFromRange(
  value: number | null,
  low: number | null | undefined,
  high: number | null | undefined,
): Exclude<LabFlag, 'critical'> | null {
  if (value === null || (low == null && high == null)) return null;
  if (low != null && value < low) return 'low';
  if (high != null && value > high) return 'high';
  return 'normal';
}

/** The flag a result is stored with: the one its source gave, else computed from its range. */
export const resolveLabFlag = (r: {
  flag: LabFlag | null;
  value: number | null;
  referenceLow: number | null;
  referenceHigh: number | null;
}): LabFlag | null => r.flag ?? flagFromRange(r.value, r.referenceLow, r.referenceHigh);
