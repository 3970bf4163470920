import { describe, expect, it } from 'vitest';
import {
  a1cChange,
  a1cStatus,
  a1cTrend,
  estimatedAverageGlucose,
  estimatedAverageGlucoseMgdl,
  meetsA1cTarget,
} from './a1c';

describe('A1C status', () => {
  it('switches exactly at 5.7 and 6.5', () => {
    expect(a1cStatus(5.6)).toBe('Normal');
    expect(a1cStatus(5.69)).toBe('Normal');
    expect(a1cStatus(5.7)).toBe('Prediabetes');
    expect(a1cStatus(6.4)).toBe('Prediabetes');
    expect(a1cStatus(6.5)).toBe('Diabetes');
    expect(a1cStatus(9.2)).toBe('Diabetes');
  });

  it('meets the target only under 7.0%', () => {
    expect(meetsA1cTarget(6.9)).toBe(true);
    expect(meetsA1cTarget(7.0)).toBe(false);
  });
});

describe('estimated average glucose', () => {
  it('is 28.7 × A1C − 46.7, rounded to whole mg/dL', () => {
    expect(estimatedAverageGlucoseMgdl(7)).toBeCloseTo(154.2, 10);
    expect(estimatedAverageGlucose(7)).toBe(154);
    expect(estimatedAverageGlucose(6)).toBe(126); // 125.5 rounds up
    expect(estimatedAverageGlucose(5.7)).toBe(117); // 116.89
  });

  it('shows one decimal in mmol/L, converted from the unrounded value', () => {
    expect(estimatedAverageGlucose(7, 'mmol/L')).toBe(8.6); // 154.2 / 18.0156 = 8.559
    expect(estimatedAverageGlucose(6, 'mmol/L')).toBe(7); // 125.5 / 18.0156 = 6.966
  });
});

describe('A1C trend', () => {
  it('is stable under a 0.1 change and up or down from 0.1', () => {
    expect(a1cChange(7.09, 7.0)).toBe('stable');
    expect(a1cChange(7.0, 7.0)).toBe('stable');
    expect(a1cChange(7.1, 7.0)).toBe('up');
    expect(a1cChange(6.9, 7.0)).toBe('down');
    expect(a1cChange(6.91, 7.0)).toBe('stable');
    expect(a1cChange(8.3, 6.1)).toBe('up');
  });

  it('compares the two latest tests by test date, not by the order they were entered', () => {
    const readings = [
      { value: 6.2, testDate: '2024-09-01' },
      { value: 8.0, testDate: '2024-01-15' },
      { value: 6.8, testDate: '2024-05-20' },
    ];
    expect(a1cTrend(readings)).toBe('down');
    expect(a1cTrend([{ value: 7.5, testDate: new Date('2024-12-01T00:00:00Z') }, ...readings])).toBe('up');
  });

  it('has no trend with fewer than two tests', () => {
    expect(a1cTrend([])).toBeNull();
    expect(a1cTrend([{ value: 6, testDate: '2024-01-01' }])).toBeNull();
  });
});
