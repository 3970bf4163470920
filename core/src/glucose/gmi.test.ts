import { describe, expect, it } from 'vitest';
import {
  CGM_INTERVAL_MS,
  estimatedA1c,
  glucoseManagementIndicator,
  gmiSufficiency,
  percentTimeCgmActive,
} from './gmi';

const DAY = 86_400_000;
const start = Date.parse('2024-03-01T00:00:00Z');

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
  const fullDays = (days: number) => days * (DAY / CGM_INTERVAL_MS);
  const lastOf = (days: number) => start + days * DAY - CGM_INTERVAL_MS;

  it('accepts 14 complete days of 5-minute data', () => {
    const s = gmiSufficiency(start, lastOf(14), fullDays(14));
    expect(s).toMatchObject({ sufficient: true, coveredDays: 14, expectedReadings: 4032, wearPercent: 100 });
  });

  it('refuses 13 days and 23 hours of perfect data', () => {
    expect(gmiSufficiency(start, lastOf(14) - 3_600_000, fullDays(14) - 12).sufficient).toBe(false);
  });

  it('accepts exactly 70% of expected readings and refuses one fewer', () => {
    // 70% of 4,320 (15 days) is exactly 3,024.
    expect(gmiSufficiency(start, lastOf(15), 3024)).toMatchObject({ sufficient: true, wearPercent: 70 });
    expect(gmiSufficiency(start, lastOf(15), 3023).sufficient).toBe(false);
  });

  it('says nothing is sufficient without readings', () => {
    expect(gmiSufficiency(Number.NaN, Number.NaN, 0)).toEqual({
      sufficient: false,
      coveredDays: 0,
      expectedReadings: 0,
      readings: 0,
      wearPercent: 0,
    });
  });
});

describe('% time CGM active', () => {
  it('is the sensor readings out of a whole window of 5-minute readings, capped at 100', () => {
    expect(percentTimeCgmActive(14 * 288 * 0.5, 14 * DAY)).toBe(50);
    expect(percentTimeCgmActive(99_999, 14 * DAY)).toBe(100);
  });
});
