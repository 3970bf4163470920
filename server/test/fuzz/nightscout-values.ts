import fc from 'fast-check';
import { anyHostile } from './hostile-values';

/**
 * Nightscout upload bodies (entries, treatments, device status, profiles) as the phone apps send them,
 * with any field now and then replaced by a hostile value. Their routes are registered by hand, so the
 * API document has no body schema to derive these from.
 */
const recent = fc.integer({ min: Date.now() - 30 * 86_400_000, max: Date.now() - 60_000 });
const sometimesHostile = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: arb as fc.Arbitrary<unknown>, weight: 6 }, anyHostile);

export const nightscoutEntry = fc.record(
  {
    type: sometimesHostile(fc.constantFrom('sgv', 'mbg', 'cal')),
    sgv: sometimesHostile(fc.integer({ min: 39, max: 401 })),
    mbg: sometimesHostile(fc.integer({ min: 20, max: 600 })),
    date: sometimesHostile(recent),
    dateString: sometimesHostile(recent.map((t) => new Date(t).toISOString())),
    direction: sometimesHostile(fc.constantFrom('Flat', 'FortyFiveUp', 'SingleDown', 'NOT COMPUTABLE')),
    device: sometimesHostile(fc.constantFrom('xDrip-DexcomG6', 'AndroidAPS')),
    noise: sometimesHostile(fc.integer({ min: 0, max: 4 })),
  },
  { requiredKeys: ['type', 'date'] },
);

export const nightscoutTreatment = fc.record(
  {
    eventType: sometimesHostile(
      fc.constantFrom(
        'Meal Bolus',
        'Correction Bolus',
        'Carb Correction',
        'Temp Basal',
        'Note',
        'Site Change',
      ),
    ),
    created_at: sometimesHostile(recent.map((t) => new Date(t).toISOString())),
    date: sometimesHostile(recent),
    insulin: sometimesHostile(fc.double({ min: 0, max: 30, noNaN: true })),
    carbs: sometimesHostile(fc.integer({ min: 0, max: 200 })),
    duration: sometimesHostile(fc.integer({ min: 0, max: 720 })),
    absolute: sometimesHostile(fc.double({ min: 0, max: 10, noNaN: true })),
    rate: sometimesHostile(fc.double({ min: 0, max: 10, noNaN: true })),
    notes: sometimesHostile(fc.string({ maxLength: 40 })),
    enteredBy: sometimesHostile(fc.constantFrom('AndroidAPS', 'xDrip', 'Loop')),
    identifier: sometimesHostile(fc.uuid()),
    _id: sometimesHostile(fc.stringMatching(/^[0-9a-f]{24}$/)),
  },
  { requiredKeys: ['eventType'] },
);

export const nightscoutDeviceStatus = fc.record(
  {
    device: sometimesHostile(fc.constantFrom('openaps://phone', 'loop://iPhone')),
    created_at: sometimesHostile(recent.map((t) => new Date(t).toISOString())),
    uploaderBattery: sometimesHostile(fc.integer({ min: 0, max: 100 })),
    pump: sometimesHostile(
      fc.record({
        reservoir: fc.double({ min: 0, max: 300, noNaN: true }),
        battery: fc.record({ percent: fc.nat(100) }),
      }),
    ),
    openaps: sometimesHostile(
      fc.record({
        iob: fc.record({
          iob: fc.double({ min: -5, max: 30, noNaN: true }),
          time: recent.map((t) => new Date(t).toISOString()),
        }),
        suggested: fc.record({ eventualBG: fc.integer({ min: 39, max: 400 }), reason: fc.string() }),
      }),
    ),
    loop: sometimesHostile(
      fc.record({ iob: fc.record({ iob: fc.double({ min: -5, max: 30, noNaN: true }) }) }),
    ),
  },
  { requiredKeys: [] },
);

export const nightscoutProfile = fc.record({
  defaultProfile: sometimesHostile(fc.constant('Default')),
  startDate: sometimesHostile(recent.map((t) => new Date(t).toISOString())),
  units: sometimesHostile(fc.constantFrom('mg/dl', 'mmol')),
  store: sometimesHostile(
    fc.record({
      Default: fc.record({
        dia: fc.integer({ min: 2, max: 8 }),
        basal: fc.array(
          fc.record({ time: fc.constant('00:00'), value: fc.double({ min: 0, max: 5, noNaN: true }) }),
          {
            maxLength: 3,
          },
        ),
      }),
    }),
  ),
});

const oneOrMany = <T>(arb: fc.Arbitrary<T>) =>
  fc.oneof(arb as fc.Arbitrary<unknown>, fc.array(arb, { maxLength: 5 }));

/** Any Nightscout upload body, or a hostile value where one was expected. */
export const nightscoutPayload: fc.Arbitrary<unknown> = fc.oneof(
  oneOrMany(nightscoutEntry),
  oneOrMany(nightscoutTreatment),
  oneOrMany(nightscoutDeviceStatus),
  nightscoutProfile,
  anyHostile,
);
