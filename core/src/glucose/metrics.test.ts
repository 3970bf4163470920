import { describe, expect, it } from 'vitest';
import { analyzeGlucose } from './metrics';
import { readIgluCsv, readReferenceFile } from './reference-data.fixture';
import { glucoseStatistics } from './statistics';

const igluRows = readIgluCsv('example_data_5_subject.csv');
const subjects = [...new Set(igluRows.map((r) => r.id))];
const valuesOf = (id: string) => igluRows.filter((r) => r.id === id).map((r) => r.mgdl);

/** The published definitions written as plainly as possible, as an independent oracle. */
function plainReference(values: number[]) {
  const n = values.length;
  const mean = values.reduce((sum, v) => sum + v, 0) / n;
  const sd = Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / (n - 1));
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(n / 2);
  const median =
    n % 2 ? (sorted[middle] as number) : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
  const pct = (keep: (v: number) => boolean) => (100 * values.filter(keep).length) / n;
  return {
    count: n,
    mean,
    median,
    sd,
    cv: (100 * sd) / mean,
    gmi: 3.31 + 0.02392 * mean,
    eA1c: (mean + 46.7) / 28.7,
    percentBelow54: pct((v) => v < 54),
    percentBelow70: pct((v) => v < 70),
    percentInRange: pct((v) => v >= 70 && v <= 180),
    percentAbove180: pct((v) => v > 180),
    percentAbove250: pct((v) => v > 250),
  };
}

describe('glucose statistics on the iglu example subjects', () => {
  it('reads all five subjects from the reference file', () => {
    expect(subjects).toEqual(['Subject 1', 'Subject 2', 'Subject 3', 'Subject 4', 'Subject 5']);
    expect(igluRows).toHaveLength(13_866);
  });

  it.each(subjects)('%s matches the published definitions', (id) => {
    const values = valuesOf(id);
    const stats = glucoseStatistics(values);
    const expected = plainReference(values);
    for (const [key, value] of Object.entries(expected)) {
      expect(stats?.[key as keyof typeof expected], key).toBeCloseTo(value, 9);
    }
  });

  it('Subject 1 gives the hand-checked values (python3 statistics module)', () => {
    // python3: statistics.mean/median/stdev over the 2,915 Subject 1 values.
    const stats = glucoseStatistics(valuesOf('Subject 1'));
    expect(stats?.count).toBe(2915);
    expect(stats?.mean).toBeCloseTo(123.665523, 6);
    expect(stats?.median).toBe(112);
    expect(stats?.sd).toBeCloseTo(33.268076, 6);
    expect(stats?.cv).toBeCloseTo(26.901658, 6);
    expect(stats?.gmi).toBeCloseTo(6.268079, 6);
    expect(stats?.eA1c).toBeCloseTo(5.936081, 6);
    expect(stats?.percentBelow54).toBe(0);
    expect(stats?.percentBelow70).toBeCloseTo((100 * 4) / 2915, 9);
    expect(stats?.percentInRange).toBeCloseTo(91.663808, 6);
    expect(stats?.percentAbove180).toBeCloseTo(8.198971, 6);
    expect(stats?.percentAbove250).toBeCloseTo(0.377358, 6);
  });

  it('Subject 4 has readings below 54 and Subject 5 the highest variability', () => {
    expect(glucoseStatistics(valuesOf('Subject 4'))?.percentBelow54).toBeCloseTo((100 * 2) / 3664, 9);
    expect(glucoseStatistics(valuesOf('Subject 5'))?.cv).toBeCloseTo(33.547554, 6);
  });
});

describe('glucose statistics on the Tidepool vector', () => {
  // The file has no header: its first line is the first value.
  const values = readReferenceFile('tidepool_dsm_bg_array.csv').trim().split(/\s+/).map(Number);

  it('matches the plain definitions and the hand-checked values', () => {
    expect(values).toHaveLength(100);
    expect(values[0]).toBe(100);
    const stats = glucoseStatistics(values);
    const expected = plainReference(values);
    for (const [key, value] of Object.entries(expected)) {
      expect(stats?.[key as keyof typeof expected], key).toBeCloseTo(value, 9);
    }
    expect(stats).toMatchObject({
      count: 100,
      median: 83.5,
      percentBelow54: 1,
      percentBelow70: 2,
      percentInRange: 96,
      percentAbove180: 2,
      percentAbove250: 1,
      bandCounts: { very_low: 1, low: 1, in_range: 96, high: 1, very_high: 1 },
    });
    expect(stats?.mean).toBeCloseTo(88.75, 10);
    expect(stats?.sd).toBeCloseTo(22.34458106634141, 10);
  });
});

describe('glucose statistics edge cases', () => {
  it('has nothing to say without readings, and no SD for one reading', () => {
    expect(glucoseStatistics([])).toBeNull();
    expect(glucoseStatistics([120])).toMatchObject({ count: 1, mean: 120, median: 120, sd: null, cv: null });
  });

  it('refuses impossible values instead of averaging them in', () => {
    expect(() => glucoseStatistics([120, Number.NaN])).toThrow(RangeError);
    expect(() => glucoseStatistics([120, -5])).toThrow(RangeError);
  });
});

describe('glucose analysis of a window', () => {
  const subject = (id: string) =>
    igluRows.filter((r) => r.id === id).map((r) => ({ at: r.atMs, mgdl: r.mgdl }));

  it('withholds GMI from Subject 1 (12.7 days) and Subject 2 (59% of readings)', () => {
    const one = analyzeGlucose(subject('Subject 1'), { timeZone: 'UTC' });
    expect(one.gmiSufficiency.coveredDays).toBeCloseTo(12.6765, 3);
    expect(one.gmiSufficiency.sufficient).toBe(false);
    expect(one.gmi).toBeNull();
    const two = analyzeGlucose(subject('Subject 2'), { timeZone: 'UTC' });
    expect(two.gmiSufficiency.coveredDays).toBeGreaterThan(14);
    expect(two.gmiSufficiency.wearPercent).toBeCloseTo(58.91, 2);
    expect(two.gmi).toBeNull();
    expect(two.statistics?.gmi).toBeCloseTo(8.535391, 6);
  });

  it('agrees with the plain statistics for the same readings', () => {
    const readings = subject('Subject 3');
    const analysis = analyzeGlucose(readings, { timeZone: 'UTC' });
    expect(analysis.statistics).toEqual(glucoseStatistics(readings.map((r) => r.mgdl)));
    expect(analysis.firstAt).toBe(Math.min(...readings.map((r) => r.at)));
    expect(analysis.lastAt).toBe(Math.max(...readings.map((r) => r.at)));
  });

  it('gives AGP percentiles per local hour matching Python (statistics.quantiles, inclusive)', () => {
    const { agp } = analyzeGlucose(subject('Subject 1'), { timeZone: 'UTC' });
    expect(agp).toHaveLength(24);
    const three = agp[3];
    expect(three).toMatchObject({ startMinute: 180, count: 156, p5: 85, p25: 94, p50: 102.5 });
    expect(three?.p75).toBeCloseTo(115.25, 10);
    expect(three?.p95).toBeCloseTo(194.25, 10);
  });

  it('is empty but well formed without readings', () => {
    const a = analyzeGlucose([], { timeZone: 'Europe/Berlin' });
    expect(a).toMatchObject({ statistics: null, firstAt: null, lastAt: null, gmi: null });
    expect(a.gmiSufficiency.sufficient).toBe(false);
    expect(a.agp.every((bin) => bin.count === 0 && bin.p50 === null)).toBe(true);
    expect(a.hourly.every((h) => h.count === 0 && h.mean === null)).toBe(true);
  });
});
