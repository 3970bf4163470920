import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bandOf, bandRangeInUnit, GLUCOSE_BAND_IDS, GLUCOSE_BANDS, roundedBandPercentages } from './bands';
import { glucoseStatistics } from './statistics';

describe('consensus glucose bands', () => {
  it('puts whole mg/dL values in the published bands <54, 54–69, 70–180, 181–250, >250', () => {
    expect([53, 54, 69, 70, 180, 181, 250, 251].map(bandOf)).toEqual([
      'very_low',
      'low',
      'low',
      'in_range',
      'in_range',
      'high',
      'high',
      'very_high',
    ]);
  });

  it('puts fractional values between the published edges in exactly one band', () => {
    expect(bandOf(53.99)).toBe('very_low');
    expect(bandOf(69.5)).toBe('low');
    expect(bandOf(180.4)).toBe('high');
    expect(bandOf(250.01)).toBe('very_high');
  });

  it('carries the consensus targets', () => {
    expect(GLUCOSE_BANDS.map((b) => [b.id, b.range, b.target.comparison, b.target.percent])).toEqual([
      ['very_low', '<54', 'less_than', 1],
      ['low', '54–69', 'less_than', 4],
      ['in_range', '70–180', 'greater_than', 70],
      ['high', '181–250', 'less_than', 25],
      ['very_high', '>250', 'less_than', 5],
    ]);
  });

  const readings = fc.array(fc.double({ min: 20, max: 600, noNaN: true }), { minLength: 1, maxLength: 300 });

  it('band percentages always add up to 100 and agree with the threshold percentages', () => {
    fc.assert(
      fc.property(readings, (values) => {
        const s = glucoseStatistics(values);
        if (!s) throw new Error('expected statistics');
        const p = s.bandPercentages;
        expect(GLUCOSE_BAND_IDS.reduce((sum, id) => sum + s.bandCounts[id], 0)).toBe(values.length);
        expect(p.very_low + p.low + p.in_range + p.high + p.very_high).toBeCloseTo(100, 9);
        expect(p.very_low).toBeCloseTo(s.percentBelow54, 9);
        expect(p.very_low + p.low).toBeCloseTo(s.percentBelow70, 9);
        expect(p.in_range).toBeCloseTo(s.percentInRange, 9);
        expect(p.high + p.very_high).toBeCloseTo(s.percentAbove180, 9);
        expect(p.very_high).toBeCloseTo(s.percentAbove250, 9);
      }),
    );
  });

  it('rounded band percentages shown to users add up to exactly 100', () => {
    fc.assert(
      fc.property(readings, (values) => {
        const s = glucoseStatistics(values);
        if (!s) throw new Error('expected statistics');
        const rounded = roundedBandPercentages(s.bandCounts);
        expect(GLUCOSE_BAND_IDS.reduce((sum, id) => sum + rounded[id], 0)).toBe(100);
        for (const id of GLUCOSE_BAND_IDS) {
          expect(Math.abs(rounded[id] - s.bandPercentages[id])).toBeLessThan(1);
        }
      }),
    );
  });

  it('rounds thirds to 34/33/33 rather than 33/33/33', () => {
    expect(roundedBandPercentages({ very_low: 0, low: 1, in_range: 1, high: 1, very_high: 0 })).toEqual({
      very_low: 0,
      low: 34,
      in_range: 33,
      high: 33,
      very_high: 0,
    });
    expect(roundedBandPercentages({ very_low: 0, low: 0, in_range: 0, high: 0, very_high: 0 }).in_range).toBe(
      0,
    );
  });

  it('writes the band limits in the user unit as the consensus prints them', () => {
    expect(GLUCOSE_BAND_IDS.map((id) => bandRangeInUnit(id, 'mg/dL'))).toEqual(
      GLUCOSE_BANDS.map((b) => b.range),
    );
    expect(GLUCOSE_BAND_IDS.map((id) => bandRangeInUnit(id, 'mmol/L'))).toEqual([
      '<3.0',
      '3.0–3.8',
      '3.9–10.0',
      '10.1–13.9',
      '>13.9',
    ]);
  });
});
