import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatGlucose } from '../../units/glucose-units';
import { type ImportedReading, parseGlucoseFile } from './index';

// Readings as the importer produces them: whole-second instants and mg/dL at 0.1 within 20–600.
const reading = fc.record({
  at: fc
    .integer({
      min: Date.parse('2000-01-01T00:00:00Z') / 1000,
      max: Date.parse('2025-12-31T00:00:00Z') / 1000,
    })
    .map((s) => s * 1000),
  mgdl: fc.integer({ min: 200, max: 6000 }).map((tenths) => tenths / 10),
});
const readings = fc.uniqueArray(reading, { selector: (r) => r.at, minLength: 1, maxLength: 50 });
const byTime = (list: ImportedReading[]) => [...list].sort((a, b) => a.at - b.at);

describe('round trip through plain CSV', () => {
  it('gives back the same instants and values (UTC timestamps, mg/dL unit column)', () => {
    fc.assert(
      fc.property(readings, fc.constantFrom('\n', '\r\n'), (list, eol) => {
        const rows = list.map((r) => `${new Date(r.at).toISOString()},${r.mgdl},mg/dL`);
        const parsed = parseGlucoseFile(['timestamp,value,unit', ...rows].join(eol), {
          timeZone: 'Asia/Tokyo',
        });
        expect(parsed.skipped).toEqual([]);
        expect(parsed.readings).toEqual(byTime(list));
      }),
    );
  });

  it('gives back the same instants from offset timestamps in any zone, values within mmol/L rounding', () => {
    fc.assert(
      fc.property(readings, fc.integer({ min: -12 * 4, max: 14 * 4 }), (list, quarterHours) => {
        const sign = quarterHours < 0 ? '-' : '+';
        const minutes = Math.abs(quarterHours) * 15;
        const offset = `${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
        const local = (ms: number) =>
          new Date(ms + (quarterHours < 0 ? -minutes : minutes) * 60_000).toISOString().slice(0, 19);
        const rows = list.map(
          (r) => `${local(r.at)}${offset};${formatGlucose(r.mgdl, 'mmol/L').replace('.', ',')}`,
        );
        const parsed = parseGlucoseFile(['Time;Glucose (mmol/L)', ...rows].join('\n'), { timeZone: 'UTC' });
        const expected = byTime(list).filter((r) => parsed.readings.some((p) => p.at === r.at));
        // A value near 20 or 600 mg/dL may round past the limit in mmol/L; every other row comes back.
        expect(parsed.readings.length + parsed.skipped.length).toBe(list.length);
        expect(parsed.readings.map((r) => r.at)).toEqual(expected.map((r) => r.at));
        parsed.readings.forEach((r, i) => {
          expect(Math.abs(r.mgdl - (expected[i]?.mgdl ?? Number.NaN))).toBeLessThanOrEqual(
            0.05 * 18.0156 + 0.05,
          );
        });
      }),
    );
  });
});
