import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mmolToMgdl } from '../../units/glucose-units';
import { roundTo } from '../../units/round';
import { ReadingCollector, toTenths } from './reading-collector';

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

describe('rows dated in the future', () => {
  it('are skipped with their reason and never become readings', () => {
    const collector = new ReadingCollector((text) => Date.parse(text));
    const future = new Date(Date.now() + 86_400_000).toISOString();
    collector.add({ line: 2, timestamp: '2024-05-01T08:00:00Z', value: '110', unit: 'mg/dL' });
    collector.add({ line: 3, timestamp: future, value: '120', unit: 'mg/dL' });
    const result = collector.finish('csv', 'mg/dL');
    expect(result.readings.map((r) => r.mgdl)).toEqual([110]);
    expect(result.skipped).toEqual([{ line: 3, reason: `Dated in the future: ${future}` }]);
  });
});
