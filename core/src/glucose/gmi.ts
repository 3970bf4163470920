/** Glucose Management Indicator (%) from mean glucose in mg/dL (Bergenstal 2018). */
export function glucoseManagementIndicator(meanMgdl: number): number {
  return 3.31 + 0.02392 * meanMgdl;
}

/** Estimated A1C (%) from mean glucose, the inverse of the ADAG eAG formula (Nathan 2008). */
export function estimatedA1c(meanMgdl: number): number {
  return (meanMgdl + 46.7) / 28.7;
}

/** The consensus asks for 14 days of CGM data with at least 70% of possible readings before GMI. */
export const GMI_MIN_DAYS = 14;
export const GMI_MIN_WEAR_PERCENT = 70;
/** Readings are expected every 5 minutes (Dexcom, Libre 3 and most current sensors). */
export const CGM_INTERVAL_MS = 5 * 60_000;

const MS_PER_DAY = 86_400_000;

export interface GmiSufficiency {
  sufficient: boolean;
  /** Days the data spans: first to last reading plus one interval (14 full days = 14). */
  coveredDays: number;
  /** Readings a sensor worn the whole period would have produced. */
  expectedReadings: number;
  readings: number;
  /** % of time CGM is active over the period (Battelino 2019): readings present out of expected, capped at 100. */
  wearPercent: number;
}

/**
 * Whether GMI may be shown for a reporting period of `periodMs`: at least 14 days of data and 70% of
 * the period's expected readings (AGP). The days count the last reading's own 5-minute slot, so data
 * from 00:00 on day 1 to 23:55 on day 14 counts as 14 days, not 13.99. Pass CGM readings only:
 * fingersticks in the same window would inflate the wear estimate.
 */
export function gmiSufficiency(
  periodMs: number,
  firstMs: number,
  lastMs: number,
  readings: number,
): GmiSufficiency {
  const expectedReadings = Math.max(0, Math.floor(periodMs / CGM_INTERVAL_MS));
  if (readings === 0) {
    return { sufficient: false, coveredDays: 0, expectedReadings, readings: 0, wearPercent: 0 };
  }
  const coveredDays = (lastMs - firstMs + CGM_INTERVAL_MS) / MS_PER_DAY;
  const wearPercent = percentTimeCgmActive(readings, periodMs);
  return {
    sufficient: coveredDays >= GMI_MIN_DAYS && wearPercent >= GMI_MIN_WEAR_PERCENT,
    coveredDays,
    expectedReadings,
    readings,
    wearPercent,
  };
}

/** Why GMI is withheld, in words: the days of data and the share of expected readings the period has. */
export function gmiCoverageSentence(s: GmiSufficiency): string {
  if (s.readings === 0) return 'There are no readings in this period.';
  return `This period has ${cgmCoverageWords(s)}.`;
}

/** "less than a day of CGM data, less than 1% of the expected readings": the screen's and the packet's words. */
export function cgmCoverageWords(s: GmiSufficiency): string {
  const days = Math.floor(s.coveredDays);
  const span = days < 1 ? 'less than a day' : days === 1 ? '1 day' : `${days} days`;
  const pct = s.wearPercent > 0 && s.wearPercent < 1 ? 'less than 1%' : `${Math.floor(s.wearPercent)}%`;
  return `${span} of CGM data, ${pct} of the expected readings`;
}

/** % of time the CGM was active: sensor readings present out of those a whole window of wear gives, capped at 100. */
export function percentTimeCgmActive(sensorReadings: number, windowMs: number): number {
  const expected = Math.floor(windowMs / CGM_INTERVAL_MS);
  return expected > 0 ? Math.min(100, (100 * sensorReadings) / expected) : 0;
}
