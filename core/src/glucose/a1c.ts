import type { GlucoseUnit } from '../profiles/profile.schema';
import { roundGlucoseForDisplay } from '../units/glucose-units';
import { toEpochMs } from '../units/local-time';
import { roundTo } from '../units/round';

export type A1cStatus = 'Normal' | 'Prediabetes' | 'Diabetes';

/** ADA diagnostic cut-offs: under 5.7% normal, under 6.5% prediabetes. */
export function a1cStatus(a1cPercent: number): A1cStatus {
  if (a1cPercent < 5.7) return 'Normal';
  if (a1cPercent < 6.5) return 'Prediabetes';
  return 'Diabetes';
}

/** The usual adult goal; the tracker shows whether a reading is under it. */
export const A1C_TARGET_PERCENT = 7.0;
export const A1C_CHART_MIN = 4;
export const A1C_CHART_MAX = 12;

export function meetsA1cTarget(a1cPercent: number): boolean {
  return a1cPercent < A1C_TARGET_PERCENT;
}

/** Estimated average glucose (ADAG, Nathan 2008), unrounded mg/dL. */
export function estimatedAverageGlucoseMgdl(a1cPercent: number): number {
  return 28.7 * a1cPercent - 46.7;
}

/**
 * Estimated average glucose as shown: whole mg/dL, or one-decimal mmol/L converted from the
 * unrounded value (rounding to mg/dL first would shift some mmol/L values by 0.1).
 */
export function estimatedAverageGlucose(a1cPercent: number, unit: GlucoseUnit = 'mg/dL'): number {
  return roundGlucoseForDisplay(estimatedAverageGlucoseMgdl(a1cPercent), unit);
}

export type A1cTrend = 'stable' | 'up' | 'down';

export interface A1cReading {
  value: number;
  /** The test date (YYYY-MM-DD or an instant); the trend follows test dates, not entry order. */
  testDate: string | Date;
}

/** A change smaller than this (percentage points) between the latest two tests is "stable". */
export const A1C_STABLE_BELOW = 0.1;

export function a1cChange(latest: number, previous: number): A1cTrend {
  // Lab values carry one decimal; rounding the difference keeps 7.1 − 7.0 (0.0999…) from reading stable.
  const difference = roundTo(latest - previous, 6);
  if (Math.abs(difference) < A1C_STABLE_BELOW) return 'stable';
  return difference > 0 ? 'up' : 'down';
}

/** Trend of the two most recent tests; null with fewer than two. */
export function a1cTrend(readings: readonly A1cReading[]): A1cTrend | null {
  const byDate = readings
    .map((reading, index) => ({ reading, index, ms: toEpochMs(reading.testDate) }))
    // Same-day tests keep their given order, the later one counting as the latest.
    .sort((a, b) => a.ms - b.ms || a.index - b.index);
  const latest = byDate.at(-1);
  const previous = byDate.at(-2);
  return latest && previous ? a1cChange(latest.reading.value, previous.reading.value) : null;
}
