import { CGM_INTERVAL_MS, type GmiSufficiency, gmiSufficiency } from './gmi';
import { type GlucoseStatistics, glucoseStatistics } from './statistics';
import {
  type AgpBin,
  agpProfile,
  type GlucoseReading,
  type HourlyAverage,
  hourlyAverages,
  localizeReadings,
} from './time-of-day';

export interface GlucoseAnalysisOptions {
  /** IANA zone of the user: AGP bins and hourly averages are local clock times. */
  timeZone: string;
  /** AGP bin width in minutes (must divide 1440); 60 gives 24 hourly bins. */
  agpBinMinutes?: number;
  /** Length of the reporting period GMI's wear is counted over; without it, the readings' own span. */
  periodMs?: number;
}

export interface GlucoseAnalysis {
  /** Null when there are no readings. */
  statistics: GlucoseStatistics | null;
  firstAt: number | null;
  lastAt: number | null;
  gmiSufficiency: GmiSufficiency;
  /** GMI only when the data is sufficient, so screens cannot show it by mistake. */
  gmi: number | null;
  agp: AgpBin[];
  hourly: HourlyAverage[];
}

/**
 * Everything the glucose screens show for a window of readings, from one pass over the readings
 * into typed columns; a year of 5-minute data takes a few tens of milliseconds.
 */
export function analyzeGlucose(
  readings: readonly GlucoseReading[],
  options: GlucoseAnalysisOptions,
): GlucoseAnalysis {
  const local = localizeReadings(readings, options.timeZone);
  let firstAt = Number.POSITIVE_INFINITY;
  let lastAt = Number.NEGATIVE_INFINITY;
  for (const ms of local.epochMs) {
    if (ms < firstAt) firstAt = ms;
    if (ms > lastAt) lastAt = ms;
  }
  const statistics = glucoseStatistics(local.mgdl);
  const empty = readings.length === 0;
  const periodMs = options.periodMs ?? (empty ? 0 : lastAt - firstAt + CGM_INTERVAL_MS);
  const sufficiency = gmiSufficiency(periodMs, firstAt, lastAt, readings.length);
  return {
    statistics,
    firstAt: empty ? null : firstAt,
    lastAt: empty ? null : lastAt,
    gmiSufficiency: sufficiency,
    gmi: sufficiency.sufficient && statistics ? statistics.gmi : null,
    agp: agpProfile(local, options.agpBinMinutes),
    hourly: hourlyAverages(local),
  };
}
