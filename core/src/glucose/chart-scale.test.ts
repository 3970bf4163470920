import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { containingDomain, glucoseChartScale } from './chart-scale';

const MMOL = 18.0156;

describe('glucose chart scale', () => {
  it('keeps a 45 mg/dL reading inside the axis and shows the 54 line', () => {
    const s = glucoseChartScale([45, 120, 150], 'mg/dL', [60, 220]);
    expect(s.domain[0]).toBeLessThan(45);
    expect(s.domain).toEqual([40, 220]);
    expect(s.lines.map((l) => l.mgdl)).toEqual([54, 70, 180]);
    expect(s.ticks).toEqual([40, 54, 70, 180, 220]);
  });

  it('keeps a 450 mg/dL reading inside the axis and shows the 250 line', () => {
    const s = glucoseChartScale([110, 450], 'mg/dL', [60, 220]);
    expect(s.domain[1]).toBeGreaterThan(450);
    expect(s.lines.map((l) => l.mgdl)).toEqual([70, 180, 250]);
    // 60 sits too close to 70 on a 60–470 axis to carry its own label.
    expect(s.ticks).toEqual([70, 180, 250, s.domain[1]]);
  });

  it('gives a single reading the whole target range, not a sliver around it', () => {
    expect(glucoseChartScale([45], 'mg/dL').domain).toEqual([40, 180]);
    expect(glucoseChartScale([120], 'mg/dL').domain).toEqual([70, 180]);
  });

  it('works in mmol/L: a 2.5 mmol/L reading is inside, lines at 3.0/3.9/10.0', () => {
    const s = glucoseChartScale([45, 120], 'mmol/L', [60, 220]);
    expect(s.domain[0]).toBe(2);
    expect(s.domain[0]).toBeLessThan(45 / MMOL);
    expect(s.domain[1]).toBe(12.5);
    expect(s.lines.map((l) => l.value.toFixed(1))).toEqual(['3.0', '3.9', '10.0']);
  });

  it('keeps the base range when every point is inside it', () => {
    expect(glucoseChartScale([100, 150], 'mg/dL', [40, 300]).domain).toEqual([40, 300]);
  });

  it('always contains every point and the base range', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: 10, max: 700, noNaN: true }), { minLength: 1, maxLength: 50 }),
        fc.constantFrom('mg/dL' as const, 'mmol/L' as const),
        (values, unit) => {
          const { domain, ticks } = glucoseChartScale(values, unit);
          const f = unit === 'mmol/L' ? MMOL : 1;
          for (const v of [...values, 70, 180]) {
            expect(domain[0]).toBeLessThanOrEqual(v / f + 1e-9);
            expect(domain[1]).toBeGreaterThanOrEqual(v / f - 1e-9);
          }
          for (const t of ticks) expect(t >= domain[0] && t <= domain[1]).toBe(true);
        },
      ),
    );
  });

  it("draws a person's own range where 70 and 180 would be; 54 and 250 stay the consensus lines", () => {
    const s = glucoseChartScale([50, 260], 'mg/dL', [40, 300], { low: 80, high: 160 });
    expect(s.lines.map((l) => [l.mgdl, l.high])).toEqual([
      [54, false],
      [80, false],
      [160, true],
      [250, true],
    ]);
    expect(s.ticks).toContain(80);
    expect(s.ticks).toContain(160);
    expect(s.ticks).not.toContain(70);
    // A range whose low end is the urgent low draws one line there.
    const same = glucoseChartScale([100], 'mg/dL', [40, 300], { low: 54, high: 180 });
    expect(same.lines.map((l) => l.mgdl)).toEqual([54, 180, 250]);
  });

  it('a generic domain snaps outwards and never goes below zero', () => {
    expect(containingDomain([3.2, 13.4], [4, 12], 1)).toEqual([2, 14]);
    expect(containingDomain([6.8], [4, 12], 1)).toEqual([4, 12]);
    expect(containingDomain([0.1], [4, 12], 1)).toEqual([0, 12]);
  });
});
