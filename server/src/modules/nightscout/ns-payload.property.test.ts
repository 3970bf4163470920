import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nightscoutEntry, nightscoutPayload } from '../../../test/fuzz/nightscout-values';
import { treatmentRows } from './ns-docs';
import { asDocs, parseEntries, parseTreatments, treatmentDocs } from './ns-payload';
import { readingDoc } from './ns-upload.service';

/**
 * Nightscout upload bodies (issue 37): whatever a phone app posts to entries, treatments, device status
 * or profile, the parsers the routes run skip what they cannot use and never throw (the HTTP side of it,
 * a 4xx for what cannot be stored, is fuzzed through the API in fuzz-api.test.ts); and a reading posted
 * as an sgv entry comes back from the entries the API serves as the same value, time and device.
 */
const NOW = Date.UTC(2026, 10, 28, 12);
const body = fc.oneof(nightscoutPayload, fc.anything({ maxDepth: 3 }), fc.jsonValue({ maxDepth: 4 }));

describe('Nightscout upload bodies', () => {
  it('are parsed without throwing, every document kept or counted as skipped', () => {
    fc.assert(
      fc.property(body, (b) => {
        const docs = asDocs(b);
        const entries = parseEntries(b, NOW);
        expect(entries.readings.length + entries.calibrations.length + entries.skipped).toBe(docs.length);
        const treatments = parseTreatments(b, NOW);
        expect(treatments.treatments.length + treatments.skipped).toBe(docs.length);
        expect(treatmentDocs(b)).toHaveLength(docs.length);
        treatmentRows(b, NOW);
        // Nothing parsed is dated in the future or outside the glucose the app keeps.
        for (const r of entries.readings) {
          expect(r.atMs).toBeLessThanOrEqual(NOW + 5 * 60_000);
          expect(r.mgdl).toBeGreaterThanOrEqual(20);
          expect(r.mgdl).toBeLessThanOrEqual(600);
        }
      }),
      { seed: 37, numRuns: 400 },
    );
  });

  it('give back an sgv reading as the entry it was: value, time and device', () => {
    const sgv = fc.record({
      sgv: fc.integer({ min: 40, max: 400 }),
      date: fc.integer({ min: NOW - 30 * 86_400_000, max: NOW - 60_000 }),
      device: fc.constantFrom('xDrip-DexcomG6', 'AndroidAPS-DexcomG7', 'Loop'),
    });
    fc.assert(
      fc.property(sgv, fc.uuid(), (e, id) => {
        const { readings, skipped } = parseEntries({ type: 'sgv', ...e }, NOW);
        expect(skipped).toBe(0);
        const [r] = readings;
        const served = readingDoc('user', {
          id,
          recorded_at: new Date(r!.atMs),
          value_mgdl: r!.mgdl,
          source: `device:nightscout:${r!.device}`,
          trend: r!.direction,
          created_at: new Date(NOW),
          updated_at: new Date(NOW),
        });
        expect(served).toMatchObject({
          type: 'sgv',
          sgv: e.sgv,
          date: e.date,
          device: e.device,
          identifier: id,
        });
      }),
      { seed: 37, numRuns: 200 },
    );
  });

  it('skip only what they cannot use in a batch of generated entries', () => {
    fc.assert(
      fc.property(fc.array(nightscoutEntry, { maxLength: 20 }), (batch) => {
        const { readings, calibrations, skipped } = parseEntries(batch, NOW);
        expect(readings.length + calibrations.length + skipped).toBe(batch.length);
      }),
      { seed: 37, numRuns: 200 },
    );
  });
});
