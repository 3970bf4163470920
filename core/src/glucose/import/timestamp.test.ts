import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLocalToUtc } from './local-to-utc';
import { createTimestampParser, detectDateOrder } from './timestamp';

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

describe('local time to UTC across DST (America/New_York)', () => {
  const parse = createTimestampParser('America/New_York', 'MDY');

  it('reads ordinary winter and summer times with their offsets', () => {
    expect(iso(parse('2023-01-15T08:00:00'))).toBe('2023-01-15T13:00:00.000Z');
    expect(iso(parse('2023-07-15T08:00:00'))).toBe('2023-07-15T12:00:00.000Z');
  });

  it('shifts a wall time in the spring-forward gap forward by the gap (02:30 → 03:30 EDT)', () => {
    expect(iso(parse('2023-03-12T01:59:00'))).toBe('2023-03-12T06:59:00.000Z');
    expect(iso(parse('2023-03-12T02:00:00'))).toBe('2023-03-12T07:00:00.000Z');
    expect(iso(parse('2023-03-12T02:30:00'))).toBe('2023-03-12T07:30:00.000Z');
    expect(iso(parse('2023-03-12T03:30:00'))).toBe('2023-03-12T07:30:00.000Z');
  });

  it('takes the first occurrence of a repeated fall-back time (01:30 EDT, not EST)', () => {
    expect(iso(parse('2023-11-05T00:59:00'))).toBe('2023-11-05T04:59:00.000Z');
    expect(iso(parse('2023-11-05T01:30:00'))).toBe('2023-11-05T05:30:00.000Z');
    expect(iso(parse('2023-11-05T02:00:00'))).toBe('2023-11-05T07:00:00.000Z');
  });

  it('maps every instant back from its wall clock (the earlier one when the wall time repeats)', () => {
    const toUtc = createLocalToUtc('America/New_York');
    const formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    const wall = (ms: number) => {
      const f: Record<string, number> = {};
      for (const p of formatter.formatToParts(ms)) f[p.type] = Number(p.value);
      return Date.UTC(f.year ?? 0, (f.month ?? 0) - 1, f.day, f.hour, f.minute, f.second);
    };
    fc.assert(
      fc.property(
        fc.integer({
          min: Date.parse('2019-01-01T00:00:00Z') / 1000,
          max: Date.parse('2027-01-01T00:00:00Z') / 1000,
        }),
        (seconds) => {
          const ms = seconds * 1000;
          const back = toUtc(wall(ms));
          // A repeated hour's second pass maps to the first, one hour earlier, with the same wall clock.
          expect(back === ms || (back === ms - 3_600_000 && wall(back) === wall(ms))).toBe(true);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('createTimestampParser', () => {
  const utc = createTimestampParser('UTC', 'MDY');

  it('uses an explicit Z or offset as is, whatever the zone', () => {
    const tokyo = createTimestampParser('Asia/Tokyo', 'MDY');
    expect(iso(tokyo('2023-06-15T08:05:00Z'))).toBe('2023-06-15T08:05:00.000Z');
    expect(iso(tokyo('2023-06-15T08:05:00+02:00'))).toBe('2023-06-15T06:05:00.000Z');
    expect(iso(tokyo('2023-06-15 08:05:00.250-0530'))).toBe('2023-06-15T13:35:00.250Z');
    expect(iso(tokyo('2023-06-15T08:05:00'))).toBe('2023-06-14T23:05:00.000Z');
  });

  it('reads numeric dates in the file order, with 12- or 24-hour clocks', () => {
    const dmy = createTimestampParser('UTC', 'DMY');
    expect(iso(utc('06-15-2023 08:05'))).toBe('2023-06-15T08:05:00.000Z');
    expect(iso(utc('06/07/2023 12:05 AM'))).toBe('2023-06-07T00:05:00.000Z');
    expect(iso(utc('6/7/2023 12:05 PM'))).toBe('2023-06-07T12:05:00.000Z');
    expect(iso(utc('06-07-2023 01:05:30 p.m.'))).toBe('2023-06-07T13:05:30.000Z');
    expect(iso(dmy('06-07-2023 13:05'))).toBe('2023-07-06T13:05:00.000Z');
    expect(iso(dmy('15.06.2023 08:05'))).toBe('2023-06-15T08:05:00.000Z');
  });

  it('refuses impossible or unrecognised timestamps', () => {
    for (const text of [
      '31/31/2020 08:00',
      '02-30-2023 08:00',
      '2023-02-29T08:00',
      '2023-06-15',
      '13:00 PM',
    ]) {
      expect(utc(text), text).toBeNull();
    }
    expect(utc('06-15-2023 13:05 PM')).toBeNull();
    expect(utc('2023-06-15T24:00:00')).toBeNull();
    expect(iso(utc('2024-02-29T08:00'))).toBe('2024-02-29T08:00:00.000Z');
  });
});

describe('detectDateOrder', () => {
  it('decides per file from a day or month above 12, defaulting to month-first', () => {
    expect(detectDateOrder(['06-07-2023 08:00', '13-07-2023 08:00'])).toBe('DMY');
    expect(detectDateOrder(['06-07-2023 08:00', '06-13-2023 08:00'])).toBe('MDY');
    expect(detectDateOrder(['06-07-2023 08:00'])).toBe('MDY');
    expect(detectDateOrder(['2023-06-07T08:00:00'])).toBe('MDY');
    expect(detectDateOrder(['13-07-2023 08:00', '06-13-2023 08:00'])).toBe('MDY');
  });

  it('reads dotted dates day-first', () => {
    expect(detectDateOrder(['06.07.2023 08:00'])).toBe('DMY');
  });
});
