import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localIsoWithOffset } from './local-iso';
import {
  addCalendarDays,
  createLocalClock,
  localDate,
  localDayNumber,
  localDayStart,
  localHour,
  localMinuteOfDay,
  timeZoneOffsetMs,
  toEpochMs,
} from './local-time';

const ZONES = [
  'UTC',
  'Asia/Tokyo',
  'America/New_York',
  'Europe/Berlin',
  'Australia/Lord_Howe',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'America/St_Johns',
];

/** Intl's own rendering of the wall clock, as an independent oracle. */
function intlWallClock(ms: number, timeZone: string): { date: string; hour: number; minute: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    hour: Number(get('hour')),
    minute: Number(get('minute')),
  };
}

describe('local time', () => {
  it('puts 23:30 UTC on the next calendar day in Tokyo', () => {
    expect(localDate('2024-05-31T23:30:00Z', 'Asia/Tokyo')).toBe('2024-06-01');
    expect(localDate('2024-05-31T23:30:00Z', 'UTC')).toBe('2024-05-31');
    expect(localDate('2024-06-01T03:30:00Z', 'America/New_York')).toBe('2024-05-31');
  });

  it('follows DST changes in New York and Berlin', () => {
    expect(timeZoneOffsetMs(Date.parse('2024-03-10T06:59:00Z'), 'America/New_York')).toBe(-5 * 3_600_000);
    expect(timeZoneOffsetMs(Date.parse('2024-03-10T07:00:00Z'), 'America/New_York')).toBe(-4 * 3_600_000);
    expect(timeZoneOffsetMs(Date.parse('2024-10-27T00:59:00Z'), 'Europe/Berlin')).toBe(2 * 3_600_000);
    expect(timeZoneOffsetMs(Date.parse('2024-10-27T01:00:00Z'), 'Europe/Berlin')).toBe(1 * 3_600_000);
  });

  it('refuses unparseable instants instead of dropping them', () => {
    expect(() => toEpochMs('not a date')).toThrow(RangeError);
    expect(() => toEpochMs(new Date(Number.NaN))).toThrow(RangeError);
  });

  it('the cached clock agrees with Intl for any instant and zone (DST, half-hour zones)', () => {
    const clocks = new Map(ZONES.map((zone) => [zone, createLocalClock(zone)]));
    fc.assert(
      fc.property(
        fc.integer({ min: Date.parse('2019-01-01T00:00:00Z'), max: Date.parse('2027-01-01T00:00:00Z') }),
        fc.constantFrom(...ZONES),
        (ms, zone) => {
          const local = clocks.get(zone)?.(ms) ?? Number.NaN;
          const oracle = intlWallClock(ms, zone);
          expect(new Date(localDayNumber(local) * 86_400_000).toISOString().slice(0, 10)).toBe(oracle.date);
          expect(localHour(local)).toBe(oracle.hour);
          expect(localMinuteOfDay(local)).toBe(oracle.hour * 60 + oracle.minute);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('the cached clock is exact on every minute around a DST change', () => {
    const clock = createLocalClock('Australia/Lord_Howe');
    // Lord Howe moves by 30 minutes at 02:00 local (15:30 UTC), inside a cache bucket edge.
    const start = Date.parse('2024-04-06T14:00:00Z');
    for (let ms = start; ms < start + 3 * 3_600_000; ms += 60_000) {
      const oracle = intlWallClock(ms, 'Australia/Lord_Howe');
      expect(localMinuteOfDay(clock(ms))).toBe(oracle.hour * 60 + oracle.minute);
    }
  });

  it('finds the instant a local day starts, either side of a DST change, and steps calendar days', () => {
    // New York: EST (−5) until 2 a.m. on 9 March 2025, EDT (−4) after; midnight both days is unambiguous.
    expect(localDayStart('2025-03-09', 'America/New_York')).toBe('2025-03-09T05:00:00.000Z');
    expect(localDayStart('2025-03-10', 'America/New_York')).toBe('2025-03-10T04:00:00.000Z');
    expect(localDayStart('2025-06-01', 'Asia/Kolkata')).toBe('2025-05-31T18:30:00.000Z');
    expect(addCalendarDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addCalendarDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(localDate(localDayStart('2025-11-02', 'America/New_York'), 'America/New_York')).toBe('2025-11-02');
  });
});

describe('localIsoWithOffset', () => {
  it('writes the wall-clock time with the offset in force, on both sides of a DST change', () => {
    expect(localIsoWithOffset('2026-03-29T00:30:00Z', 'Europe/Berlin')).toBe('2026-03-29T01:30:00+01:00');
    expect(localIsoWithOffset('2026-03-29T01:30:00Z', 'Europe/Berlin')).toBe('2026-03-29T03:30:00+02:00');
    expect(localIsoWithOffset('2026-01-05T12:00:00Z', 'America/St_Johns')).toBe('2026-01-05T08:30:00-03:30');
    expect(localIsoWithOffset('2026-01-05T12:00:00Z', 'UTC')).toBe('2026-01-05T12:00:00+00:00');
  });
});
