import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mmolToMgdl } from '../../units/glucose-units';
import { roundTo } from '../../units/round';
import { toTenths } from './reading-collector';

describe('toTenths (the fast rounding used per reading)', () => {
  it('agrees with roundTo(…, 1) on mg/dL values and on converted mmol/L values', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 700, noNaN: true }), (v) => toTenths(v) === roundTo(v, 1)),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 400 }), (tenths) => {
        const mgdl = mmolToMgdl(tenths / 10);
        return toTenths(mgdl) === roundTo(mgdl, 1);
      }),
    );
  });

  it('rounds exact halves away from zero like roundTo', () => {
    for (const v of [100.05, 1.15, 99.25, 120]) expect(toTenths(v)).toBe(roundTo(v, 1));
  });
});
