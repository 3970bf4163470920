import { bandIndex, GLUCOSE_BAND_IDS, type GlucoseBandValues } from './bands';
import { estimatedA1c, glucoseManagementIndicator } from './gmi';
import { percentileOfSorted } from './percentile';

/**
 * Per-reading glucose statistics over a set of mg/dL values (no gap filling, every reading weighs
 * the same), as iglu, cgmquantify and Tidepool define them.
 */
export interface GlucoseStatistics {
  count: number;
  mean: number;
  median: number;
  /** Sample standard deviation (n − 1); null for a single reading. */
  sd: number | null;
  /** Coefficient of variation, 100 · SD / mean (%); null for a single reading. */
  cv: number | null;
  /** Glucose Management Indicator (%); whether it may be shown is gmiSufficiency's call. */
  gmi: number;
  /** Estimated A1C (%) = (mean + 46.7) / 28.7. */
  eA1c: number;
  percentBelow54: number;
  percentBelow70: number;
  /** 70–180 mg/dL inclusive. */
  percentInRange: number;
  percentAbove180: number;
  percentAbove250: number;
  bandCounts: GlucoseBandValues;
  /** Exact band percentages; they sum to 100 (up to floating point). */
  bandPercentages: GlucoseBandValues;
}

/** Refuses values no meter or sensor produces, so one corrupt row cannot skew a whole report. */
export function assertGlucoseValue(mgdl: number): void {
  if (!(mgdl >= 0 && mgdl < 10_000)) throw new RangeError(`Invalid glucose value: ${mgdl} mg/dL`);
}

export function glucoseStatistics(values: ArrayLike<number>): GlucoseStatistics | null {
  const n = values.length;
  if (n === 0) return null;
  const counts = [0, 0, 0, 0, 0];
  // Welford's update: one pass, and no catastrophic cancellation on a year of readings.
  let mean = 0;
  let m2 = 0;
  const sorted = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    assertGlucoseValue(v);
    sorted[i] = v;
    const delta = v - mean;
    mean += delta / (i + 1);
    m2 += delta * (v - mean);
    counts[bandIndex(v)] = (counts[bandIndex(v)] as number) + 1;
  }
  sorted.sort();
  const sd = n > 1 ? Math.sqrt(m2 / (n - 1)) : null;
  return statisticsFromParts({
    count: n,
    mean,
    median: percentileOfSorted(sorted, 50) as number,
    sd,
    counts,
  });
}

/**
 * The statistics from their parts: how many readings, their mean, median and SD, and how many fall in
 * each band (in GLUCOSE_BAND_IDS order). One rule for every way of getting the parts (the readings
 * themselves here, a histogram computed in the database on the server).
 */
export function statisticsFromParts(p: {
  count: number;
  mean: number;
  median: number;
  sd: number | null;
  counts: readonly number[];
}): GlucoseStatistics {
  const { count: n, mean, sd } = p;
  const bandCounts = Object.fromEntries(
    GLUCOSE_BAND_IDS.map((id, i) => [id, p.counts[i] ?? 0]),
  ) as GlucoseBandValues;
  const pct = (count: number) => (100 * count) / n;
  const bandPercentages = Object.fromEntries(
    GLUCOSE_BAND_IDS.map((id) => [id, pct(bandCounts[id])]),
  ) as GlucoseBandValues;

  return {
    count: n,
    mean,
    median: p.median,
    sd,
    cv: sd === null ? null : (100 * sd) / mean,
    gmi: glucoseManagementIndicator(mean),
    eA1c: estimatedA1c(mean),
    percentBelow54: pct(bandCounts.very_low),
    percentBelow70: pct(bandCounts.very_low + bandCounts.low),
    percentInRange: pct(bandCounts.in_range),
    percentAbove180: pct(bandCounts.high + bandCounts.very_high),
    percentAbove250: pct(bandCounts.very_high),
    bandCounts,
    bandPercentages,
  };
}
