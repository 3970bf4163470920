import type { GlucoseUnit } from '@healthfolio/core';
import { glucoseChartScale } from '@healthfolio/core/glucose/chart-scale';
import { formatGlucose, glucoseInUnit } from '@healthfolio/core/units/glucose-units';
import { describe, expect, it } from 'vitest';
import type { GlucoseFormat } from '@/features/diabetes/format';
import { seriesPoints } from './series-points';

const format = (unit: GlucoseUnit) =>
  ({
    unit,
    value: (mgdl: number) => formatGlucose(mgdl, unit),
    toUnit: (mgdl: number) => glucoseInUnit(mgdl, unit),
  }) as GlucoseFormat;

// Two 90-minute periods: the first averages 110 mg/dL but holds an urgent low of 45; the second a 400.
const averaged = {
  bucketMinutes: 90,
  points: [
    { at: '2026-11-28T00:00:00Z', mean: 110, min: 45, max: 160, count: 18 },
    { at: '2026-11-28T01:30:00Z', mean: 210, min: 150, max: 400, count: 18 },
  ],
};

describe('a glucose series on a chart', () => {
  it('keeps the lows and highs an average hides: a band, an axis that reaches them, and words', () => {
    const { points, valuesMgdl, caption } = seriesPoints(averaged, format('mg/dL'));
    expect(points[0]).toMatchObject({ value: 110, range: [45, 160] });
    const scale = glucoseChartScale(valuesMgdl, 'mg/dL', [40, 300]);
    expect(scale.domain[0]).toBeLessThanOrEqual(45);
    expect(scale.domain[1]).toBeGreaterThanOrEqual(400);
    expect(scale.lines.map((l) => l.mgdl)).toContain(54);
    expect(caption).toBe(
      'Averages of 90-minute periods, shaded from each period’s lowest to highest reading (lowest 45, highest 400)',
    );
    expect(seriesPoints(averaged, format('mmol/L')).caption).toContain('(lowest 2.5, highest 22.2)');
  });

  it('draws single readings as they are', () => {
    const single = {
      bucketMinutes: 0,
      points: [{ at: '2026-11-28T00:00:00Z', mean: 45, min: 45, max: 45, count: 1 }],
    };
    const { points, caption } = seriesPoints(single, format('mg/dL'));
    expect(points).toEqual([{ at: Date.parse('2026-11-28T00:00:00Z'), value: 45 }]);
    expect(caption).toBe('Each reading');
  });
});
