import {
  type AgpBin,
  bandIndex,
  type GlucoseStatistics,
  type HourlyAverage,
  statisticsFromParts,
} from '@healthfolio/core';
import type { HourValueCount } from './glucose-stats.repository';

/** Distinct values in ascending order with how often each occurs. */
interface Histogram {
  values: number[];
  counts: number[];
  total: number;
}

const histogramOf = (cells: readonly { mgdl: number; count: number }[]): Histogram => {
  const byValue = new Map<number, number>();
  for (const c of cells) byValue.set(c.mgdl, (byValue.get(c.mgdl) ?? 0) + c.count);
  const values = [...byValue.keys()].sort((a, b) => a - b);
  const counts = values.map((v) => byValue.get(v) as number);
  return { values, counts, total: counts.reduce((a, b) => a + b, 0) };
};

/** The value at a 0-based rank of the sorted readings. */
const atRank = (h: Histogram, rank: number): number => {
  let seen = 0;
  for (let i = 0; i < h.values.length; i++) {
    seen += h.counts[i] as number;
    if (rank < seen) return h.values[i] as number;
  }
  return h.values.at(-1) as number;
};

/** Type 7 percentile, the same arithmetic as core's percentileOfSorted on the expanded readings. */
const percentile = (h: Histogram, p: number): number | null => {
  if (h.total === 0) return null;
  const pos = (h.total - 1) * (p / 100);
  const lower = Math.floor(pos);
  const below = atRank(h, lower);
  const above = atRank(h, Math.min(lower + 1, h.total - 1));
  return below + (pos - lower) * (above - below);
};

/**
 * Σ count · (value − shift), compensated (Neumaier): exact for whole-number mg/dL, within an ulp
 * otherwise. Shifting by the smallest value keeps a constant series' mean exactly that value.
 */
const weightedSum = (h: Histogram, shift: number, f: (d: number) => number) => {
  let sum = 0;
  let compensation = 0;
  for (let i = 0; i < h.values.length; i++) {
    const term = (h.counts[i] as number) * f((h.values[i] as number) - shift);
    const t = sum + term;
    compensation += Math.abs(sum) >= Math.abs(term) ? sum - t + term : term - t + sum;
    sum = t;
  }
  return sum + compensation;
};

/** Core's glucoseStatistics from a histogram instead of the readings themselves. */
export function statisticsOfHistogram(h: Histogram): GlucoseStatistics | null {
  const n = h.total;
  if (n === 0) return null;
  const shift = h.values[0] as number;
  const mean = shift + weightedSum(h, shift, (d) => d) / n;
  const sd = n > 1 ? Math.sqrt(weightedSum(h, mean, (d) => d * d) / (n - 1)) : null;
  const counts = [0, 0, 0, 0, 0];
  h.values.forEach((v, i) => {
    counts[bandIndex(v)] = (counts[bandIndex(v)] as number) + (h.counts[i] as number);
  });
  return statisticsFromParts({ count: n, mean, median: percentile(h, 50) as number, sd, counts });
}

export interface HistogramAnalysis {
  statistics: GlucoseStatistics | null;
  agp: AgpBin[];
  hourly: HourlyAverage[];
}

/** Statistics, hourly AGP and hourly means of a window from its (local hour, value) histogram. */
export function analyzeHistogram(cells: readonly HourValueCount[]): HistogramAnalysis {
  const byHour = Array.from({ length: 24 }, () => [] as HourValueCount[]);
  for (const c of cells) byHour[c.hour]?.push(c);
  const agp: AgpBin[] = [];
  const hourly: HourlyAverage[] = [];
  byHour.forEach((hourCells, hour) => {
    const h = histogramOf(hourCells);
    const at = (p: number) => percentile(h, p);
    agp.push({
      startMinute: hour * 60,
      count: h.total,
      p5: at(5),
      p25: at(25),
      p50: at(50),
      p75: at(75),
      p95: at(95),
    });
    hourly.push({
      hour,
      count: h.total,
      mean: h.total === 0 ? null : weightedSum(h, 0, (d) => d) / h.total,
    });
  });
  return { statistics: statisticsOfHistogram(histogramOf(cells)), agp, hourly };
}
