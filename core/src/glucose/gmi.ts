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
  /** Time covered by the data: first to last reading plus one interval (14 full days = 14). */
  coveredDays: number;
  /** Readings a sensor worn the whole covered time would have produced. */
  expectedReadings: number;
  readings: number;
  /** Share of expected readings present, capped at 100. */
  wearPercent: number;
}

/**
 * Whether GMI may be shown. The covered time counts the last reading's own 5-minute slot, so 14 days
 * of data from 00:00 on day 1 to 23:55 on day 14 counts as 14 days, not 13.99. Pass CGM readings
 * only: fingersticks in the same window would inflate the wear estimate.
 */
export function gmiSufficiency(firstMs: number, lastMs: number, readings: number): GmiSufficiency {
  if (readings === 0) {
    return { sufficient: false, coveredDays: 0, expectedReadings: 0, readings: 0, wearPercent: 0 };
  }
  const coveredMs = lastMs - firstMs + CGM_INTERVAL_MS;
  const expectedReadings = Math.floor(coveredMs / CGM_INTERVAL_MS);
  const wearPercent = Math.min(100, (100 * readings) / expectedReadings);
  const coveredDays = coveredMs / MS_PER_DAY;
  return {
    sufficient: coveredDays >= GMI_MIN_DAYS && wearPercent >= GMI_MIN_WEAR_PERCENT,
    coveredDays,
    expectedReadings,
    readings,
    wearPercent,
  };
}

/** % of time the CGM was active: sensor readings present out of those a whole window of wear gives, capped at 100. */
export function percentTimeCgmActive(sensorReadings: number, windowMs: number): number {
  const expected = Math.floor(windowMs / CGM_INTERVAL_MS);
  return expected > 0 ? Math.min(100, (100 * sensorReadings) / expected) : 0;
}
