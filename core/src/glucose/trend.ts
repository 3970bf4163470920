import { toEpochMs } from '../units/local-time';
import { isCgmGap } from './cgm-gap';
import type { GlucoseReading } from './time-of-day';

/** Direction of the arrow beside the current glucose: the UI shows up in red, down in green. */
export type GlucoseTrend = 'up' | 'down' | 'none';

export function glucoseTrend(latestMgdl: number, previousMgdl: number): GlucoseTrend {
  if (latestMgdl > previousMgdl) return 'up';
  if (latestMgdl < previousMgdl) return 'down';
  return 'none';
}

/**
 * Trend from the two most recent readings by time, whatever order they arrive in; 'none' with
 * fewer than two readings, as there is nothing to compare against, and across a gap in the data
 * (a reading of last week says nothing of where glucose is heading now).
 */
export function latestGlucoseTrend(readings: readonly GlucoseReading[]): GlucoseTrend {
  let latest: { ms: number; mgdl: number } | undefined;
  let previous: { ms: number; mgdl: number } | undefined;
  for (const reading of readings) {
    const current = { ms: toEpochMs(reading.at), mgdl: reading.mgdl };
    if (!latest || current.ms > latest.ms) {
      previous = latest;
      latest = current;
    } else if (!previous || current.ms > previous.ms) {
      previous = current;
    }
  }
  return latest && previous && !isCgmGap(previous.ms, latest.ms)
    ? glucoseTrend(latest.mgdl, previous.mgdl)
    : 'none';
}
