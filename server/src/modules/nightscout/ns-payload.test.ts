import { describe, expect, it } from 'vitest';
import { calculateIdentifier, entryFields, parseEntries, parseTreatments } from './ns-payload';

const NOW = Date.UTC(2026, 10, 24, 12);

describe('Nightscout entries as the apps send them', () => {
  it('reads xDrip+ sgv entries, its "+0000" date strings and a single object body', () => {
    const { readings, skipped } = parseEntries(
      [
        { device: 'xDrip-DexcomG5', date: NOW - 300_000, sgv: 120, direction: 'Flat', type: 'sgv' },
        { device: 'xDrip-DexcomG5', dateString: '2026-11-24T11:00:00.000+0000', sgv: '98', type: 'sgv' },
      ],
      NOW,
    );
    expect(skipped).toBe(0);
    expect(readings).toEqual([
      {
        kind: 'sgv',
        atMs: NOW - 300_000,
        mgdl: 120,
        device: 'xDrip-DexcomG5',
        direction: 'Flat',
        fields: null,
      },
      {
        kind: 'sgv',
        atMs: NOW - 3_600_000,
        mgdl: 98,
        device: 'xDrip-DexcomG5',
        direction: null,
        fields: null,
      },
    ]);
    expect(parseEntries({ type: 'mbg', mbg: 140, date: NOW }, NOW).readings[0]).toMatchObject({
      kind: 'mbg',
      mgdl: 140,
    });
  });

  it('skips sensor error codes, unusable times and junk instead of refusing the batch; a calibration is set apart', () => {
    const { readings, calibrations, skipped } = parseEntries(
      [
        { type: 'cal', date: NOW, slope: 1000 },
        { type: 'sgv', date: NOW, sgv: 5 },
        { type: 'sgv', sgv: 100 },
        { type: 'sgv', date: NOW + 7 * 86_400_000, sgv: 100 },
        'text',
        { type: 'sgv', date: NOW, sgv: 100, device: '<script>x</script>' },
      ],
      NOW,
    );
    expect(skipped).toBe(3);
    expect(readings).toEqual([
      { kind: 'sgv', atMs: NOW, mgdl: 100, device: 'scriptx/script', direction: null, fields: null },
    ]);
    expect(calibrations).toEqual([{ atMs: NOW, device: 'nightscout', fields: { slope: 1000 } }]);
  });
});

describe('the fields an uploader sends beyond the reading', () => {
  it('keeps plain names only: a __proto__ sent in the JSON neither is kept nor changes the kept object', () => {
    const doc = JSON.parse(
      '{"type":"sgv","sgv":120,"date":1,"noise":1,"__proto__":{"polluted":true},"__x":2}',
    );
    const fields = entryFields(doc)!;
    expect(fields).toEqual({ noise: 1 });
    expect(Object.getPrototypeOf(fields)).toBe(Object.prototype);
    expect({ ...fields }).not.toHaveProperty('polluted');
  });
});

describe('Nightscout treatments', () => {
  it('reads carbs and insulin with xDrip+ and AndroidAPS time fields, and skips the rest', () => {
    const { treatments, skipped } = parseTreatments(
      [
        { timestamp: NOW, eventType: '<none>', enteredBy: 'xdrip', carbs: 30, insulin: 0 },
        {
          eventType: 'Meal Bolus',
          created_at: '2026-11-24T11:00:00Z',
          enteredBy: 'openaps://AndroidAPS',
          insulin: 3.5,
          carbs: 45,
        },
        { eventType: 'Temp Basal', created_at: '2026-11-24T11:00:00Z', absolute: 0.5, duration: 30 },
        { eventType: 'Correction Bolus', insulin: 1.2 },
      ],
      NOW,
    );
    expect(skipped).toBe(2);
    expect(treatments).toEqual([
      {
        identifier: calculateIdentifier({ device: 'xdrip', date: NOW, eventType: '<none>' }),
        atMs: NOW,
        device: 'xdrip',
        eventType: '<none>',
        insulin: null,
        carbs: 30,
        notes: null,
      },
      {
        identifier: calculateIdentifier({
          device: 'openaps://AndroidAPS',
          date: NOW - 3_600_000,
          eventType: 'Meal Bolus',
        }),
        atMs: NOW - 3_600_000,
        device: 'openaps://AndroidAPS',
        eventType: 'Meal Bolus',
        insulin: 3.5,
        carbs: 45,
        notes: null,
      },
    ]);
  });
});

describe('Nightscout identifiers and trend arrows', () => {
  it("derives API v3 identifiers exactly as Nightscout's UUID v5 of device_date_eventType", () => {
    // uuid.v5('openaps://AndroidAPS_1700000000000_Meal Bolus', [...Buffer.from('NightscoutRocks!')])
    expect(
      calculateIdentifier({ device: 'openaps://AndroidAPS', date: 1700000000000, eventType: 'Meal Bolus' }),
    ).toBe('31971f52-2852-5ccf-87a7-866aa73442b1');
  });

  it("keeps the direction in Nightscout's words, or reads it from the numeric trend", () => {
    const { readings } = parseEntries(
      [
        { type: 'sgv', sgv: 120, date: NOW, direction: 'FortyFiveUp' },
        { type: 'sgv', sgv: 121, date: NOW - 300_000, trend: 6 },
        { type: 'sgv', sgv: 122, date: NOW - 600_000, direction: 'Sideways"; drop' },
      ],
      NOW,
    );
    expect(readings.map((r) => r.direction)).toEqual(['FortyFiveUp', 'SingleDown', null]);
  });
});
