import { describe, expect, it } from 'vitest';
import {
  CGM_INTERVAL_MS,
  cgmCoverageWords,
  estimatedA1c,
  glucoseManagementIndicator,
  gmiCoverageSentence,
  gmiSufficiency,
  percentTimeCgmActive,
} from './gmi';
import { analyzeGlucose } from './metrics';

const DAY = 86_400_000;
const start = Date.parse('2024-03-01T00:00:00Z');
const fullDays = (days: number) => days * (DAY / CGM_INTERVAL_MS);
const lastOf = (days: number) => start + days * DAY - CGM_INTERVAL_MS;

describe('GMI and estimated A1C', () => {
  it('uses GMI (%) = 3.31 + 0.02392 × mean mg/dL', () => {
    expect(glucoseManagementIndicator(154)).toBeCloseTo(6.99368, 10);
    expect(glucoseManagementIndicator(100)).toBeCloseTo(5.702, 10);
  });

  it('uses eA1C = (mean + 46.7) / 28.7, so 154 mg/dL is 7%', () => {
    expect(estimatedA1c(154)).toBeCloseTo(6.993, 3);
    expect(estimatedA1c(28.7 * 7 - 46.7)).toBeCloseTo(7, 10);
  });
});

describe('GMI sufficiency (14 days, 70% of 5-minute readings)', () => {
  it('accepts 14 complete days of 5-minute data', () => {
    const s = gmiSufficiency(14 * DAY, start, lastOf(14), fullDays(14));
    expect(s).toMatchObject({ sufficient: true, coveredDays: 14, expectedReadings: 4032, wearPercent: 100 });
  });

  it('refuses 13 days and 23 hours of perfect data', () => {
    expect(gmiSufficiency(14 * DAY, start, lastOf(14) - 3_600_000, fullDays(14) - 12).sufficient).toBe(false);
  });

  it('accepts exactly 70% of expected readings and refuses one fewer', () => {
    // 70% of 4,320 (15 days) is exactly 3,024.
    expect(gmiSufficiency(15 * DAY, start, lastOf(15), 3024)).toMatchObject({
      sufficient: true,
      wearPercent: 70,
    });
    expect(gmiSufficiency(15 * DAY, start, lastOf(15), 3023).sufficient).toBe(false);
  });

  it('says nothing is sufficient without readings', () => {
    expect(gmiSufficiency(30 * DAY, Number.NaN, Number.NaN, 0)).toEqual({
      sufficient: false,
      coveredDays: 0,
      expectedReadings: 8640,
      readings: 0,
      wearPercent: 0,
    });
  });
});

describe('GMI sufficiency over the period asked for', () => {
  // 13 readings over one hour in a 30-day period (walk report: Mia's Trends).
  const hour = Array.from({ length: 13 }, (_, i) => start + 20 * DAY + i * CGM_INTERVAL_MS);

  it('counts 13 readings in 30 days as a sliver of the expected 8,640, spanning about an hour', () => {
    const s = gmiSufficiency(30 * DAY, hour[0]!, hour.at(-1)!, hour.length);
    expect(s).toMatchObject({ sufficient: false, expectedReadings: 8640, readings: 13 });
    expect(s.wearPercent).toBeCloseTo((100 * 13) / 8640, 10);
    expect(s.coveredDays).toBeCloseTo(65 / 1440, 10);
    expect(gmiCoverageSentence(s)).toBe(
      'This period has less than a day of CGM data, less than 1% of the expected readings.',
    );
  });

  it('withholds GMI from 15 complete days in a 30-day period: half the expected readings', () => {
    const s = gmiSufficiency(30 * DAY, start, lastOf(15), fullDays(15));
    expect(s).toMatchObject({ sufficient: false, coveredDays: 15, wearPercent: 50 });
    expect(gmiCoverageSentence(s)).toBe('This period has 15 days of CGM data, 50% of the expected readings.');
    // The visit packet's line says the same, never "0.0 days".
    expect(cgmCoverageWords(s)).toBe('15 days of CGM data, 50% of the expected readings');
  });

  it('withholds GMI from the analysis of the same hour asked for over 30 days', () => {
    const a = analyzeGlucose(
      hour.map((at) => ({ at, mgdl: 120 })),
      { timeZone: 'UTC', periodMs: 30 * DAY },
    );
    expect(a.gmi).toBeNull();
    expect(a.gmiSufficiency.wearPercent).toBeCloseTo((100 * 13) / 8640, 10);
  });
});

describe('% time CGM active', () => {
  it('is the sensor readings out of a whole window of 5-minute readings, capped at 100', () => {
    expect(percentTimeCgmActive(14 * 288 * 0.5, 14 * DAY)).toBe(50);
    expect(percentTimeCgmActive(99_999, 14 * DAY)).toBe(100);
  });
});
