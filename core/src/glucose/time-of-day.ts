import { createLocalClock, type Instant, localMinuteOfDay, toEpochMs } from '../units/local-time';
import { percentileOfSorted } from './percentile';
import { assertGlucoseValue } from './statistics';

/** A glucose reading; `at` as epoch ms is the fast path (no Date objects in the loop). */
export interface GlucoseReading {
  at: Instant;
  mgdl: number;
}

/** Readings flattened into typed columns with each reading's local minute of the day. */
export interface LocalizedReadings {
  epochMs: Float64Array;
  /** Minute of the user's local day, 0–1439. */
  minuteOfDay: Uint16Array;
  mgdl: Float64Array;
}

export function localizeReadings(readings: readonly GlucoseReading[], timeZone: string): LocalizedReadings {
  const n = readings.length;
  const out: LocalizedReadings = {
    epochMs: new Float64Array(n),
    minuteOfDay: new Uint16Array(n),
    mgdl: new Float64Array(n),
  };
  const toLocal = createLocalClock(timeZone);
  for (let i = 0; i < n; i++) {
    const reading = readings[i] as GlucoseReading;
    const ms = typeof reading.at === 'number' ? reading.at : toEpochMs(reading.at);
    assertGlucoseValue(reading.mgdl);
    out.epochMs[i] = ms;
    out.minuteOfDay[i] = localMinuteOfDay(toLocal(ms));
    out.mgdl[i] = reading.mgdl;
  }
  return out;
}

export const AGP_PERCENTILES = [5, 25, 50, 75, 95] as const;

export interface AgpBin {
  /** First local minute of the day the bin covers (0 = midnight). */
  startMinute: number;
  count: number;
  p5: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p95: number | null;
}

const MINUTES_PER_DAY = 1440;

/**
 * Ambulatory Glucose Profile: the 5th–95th percentiles of all readings that fall in each
 * time-of-day bin, across every day of the window (type 7 percentiles, see percentile.ts).
 */
export function agpProfile(local: LocalizedReadings, binMinutes = 60): AgpBin[] {
  if (!Number.isInteger(binMinutes) || binMinutes <= 0 || MINUTES_PER_DAY % binMinutes !== 0) {
    throw new RangeError(`AGP bin width must divide a day evenly: ${binMinutes}`);
  }
  const bins = MINUTES_PER_DAY / binMinutes;
  const n = local.mgdl.length;
  // Counting sort by bin, then one numeric sort per bin slice of a shared buffer.
  const starts = new Uint32Array(bins + 1);
  for (let i = 0; i < n; i++) {
    const bin = Math.floor((local.minuteOfDay[i] as number) / binMinutes);
    starts[bin + 1] = (starts[bin + 1] as number) + 1;
  }
  for (let b = 0; b < bins; b++) starts[b + 1] = (starts[b + 1] as number) + (starts[b] as number);
  const fill = starts.slice(0, bins);
  const grouped = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const bin = Math.floor((local.minuteOfDay[i] as number) / binMinutes);
    grouped[fill[bin] as number] = local.mgdl[i] as number;
    fill[bin] = (fill[bin] as number) + 1;
  }
  const result: AgpBin[] = [];
  for (let b = 0; b < bins; b++) {
    const start = starts[b] as number;
    const end = starts[b + 1] as number;
    grouped.subarray(start, end).sort();
    const at = (p: number) => percentileOfSorted(grouped, p, start, end);
    result.push({
      startMinute: b * binMinutes,
      count: end - start,
      p5: at(5),
      p25: at(25),
      p50: at(50),
      p75: at(75),
      p95: at(95),
    });
  }
  return result;
}

export interface HourlyAverage {
  /** Local hour, 0–23. */
  hour: number;
  count: number;
  /** Mean mg/dL of the readings in that hour across all days; null when there are none. */
  mean: number | null;
}

export function hourlyAverages(local: LocalizedReadings): HourlyAverage[] {
  const sums = new Float64Array(24);
  const counts = new Uint32Array(24);
  for (let i = 0; i < local.mgdl.length; i++) {
    const hour = Math.floor((local.minuteOfDay[i] as number) / 60);
    sums[hour] = (sums[hour] as number) + (local.mgdl[i] as number);
    counts[hour] = (counts[hour] as number) + 1;
  }
  return Array.from({ length: 24 }, (_, hour) => {
    const count = counts[hour] as number;
    return { hour, count, mean: count === 0 ? null : (sums[hour] as number) / count };
  });
}
