import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentileOfSorted } from './percentile';

describe('percentiles (linear interpolation, type 7)', () => {
  it('interpolates between closest ranks like R quantile() and numpy', () => {
    const sorted = [100, 110, 120, 130, 140];
    expect([5, 25, 50, 75, 95].map((p) => percentileOfSorted(sorted, p))).toEqual([102, 110, 120, 130, 138]);
    expect(percentileOfSorted([100, 200], 50)).toBe(150);
    expect(percentileOfSorted([42], 95)).toBe(42);
    expect(percentileOfSorted([], 50)).toBeNull();
  });

  it('reads a slice of a shared buffer without copying', () => {
    expect(percentileOfSorted([1, 2, 100, 200, 300, 9, 9], 50, 2, 5)).toBe(200);
  });

  it('stays between the minimum and maximum and grows with p', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 40, max: 400 }), { minLength: 1 }), (values) => {
        const sorted = [...values].sort((a, b) => a - b);
        const ps = [0, 5, 25, 50, 75, 95, 100].map((p) => percentileOfSorted(sorted, p) as number);
        expect(ps[0]).toBe(sorted[0]);
        expect(ps.at(-1)).toBe(sorted.at(-1));
        for (let i = 1; i < ps.length; i++) expect(ps[i]).toBeGreaterThanOrEqual(ps[i - 1] as number);
      }),
    );
  });
});
