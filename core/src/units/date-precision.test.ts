import { describe, expect, it } from 'vitest';
import {
  datePrecisionOf,
  partialDateInstant,
  partialDateIso,
  partialDateWords,
  recordDateIso,
  recordDay,
} from './date-precision';
import { isPartialDateNotInFuture, partialDateMiddle } from './partial-date-future';

describe('A date of a year, a month or a day', () => {
  it('is told from a FHIR date as written', () => {
    expect(datePrecisionOf('2019')).toBe('year');
    expect(datePrecisionOf('2019-03')).toBe('month');
    expect(datePrecisionOf('2019-03-15')).toBe('day');
    expect(datePrecisionOf('2019-03-15T07:00:00-05:00')).toBeNull();
    expect(datePrecisionOf(undefined)).toBeNull();
  });

  it('is shown as the record gave it, on its own day in every time zone', () => {
    expect(partialDateWords('2019-07-01T12:00:00.000Z', 'year', 'en-US')).toBe('2019');
    expect(partialDateWords('2019-03-15T12:00:00.000Z', 'month', 'en-US')).toBe('Mar 2019');
    expect(partialDateWords('2019-03-15T12:00:00.000Z', 'day', 'en-US')).toBe('Mar 15, 2019');
  });
});

describe('A date of a year, a month or a day written out', () => {
  it('is the FHIR date of its precision, as the record wrote it', () => {
    expect(partialDateIso('2019-07-01T12:00:00.000Z', 'year')).toBe('2019');
    expect(partialDateIso(new Date('2019-03-15T12:00:00.000Z'), 'month')).toBe('2019-03');
    expect(partialDateIso('2019-03-14T12:00:00.000Z', 'day')).toBe('2019-03-14');
  });

  it('is on its own day in a zone twelve or more hours ahead, where a time would be on the next', () => {
    expect(recordDay('2019-03-14T12:00:00.000Z', 'day', 'Pacific/Kiritimati')).toBe('2019-03-14');
    expect(recordDay('2019-03-14T12:00:00.000Z', null, 'Pacific/Kiritimati')).toBe('2019-03-15');
    expect(recordDateIso('2019-03-15T12:00:00.000Z', 'month', 'Pacific/Kiritimati')).toBe('2019-03');
    expect(recordDateIso('2019-03-14T12:00:00.000Z', null, 'Pacific/Kiritimati')).toBe('2019-03-15');
  });
});

describe('a date typed without a time', () => {
  it('is stored at the middle of its day, month or year; a date no calendar has is none', () => {
    expect(partialDateInstant('2026-03-15')).toBe('2026-03-15T12:00:00.000Z');
    expect(partialDateInstant('2026-03')).toBe('2026-03-15T12:00:00.000Z');
    expect(partialDateInstant('2026')).toBe('2026-07-01T12:00:00.000Z');
    expect(partialDateInstant('2026-02-30')).toBeNull();
    expect(partialDateInstant('2026-13')).toBeNull();
    expect(partialDateInstant('2026-03-15T10:00:00Z')).toBeNull();
    expect(partialDateMiddle('2026-03-15T23:59:00Z', 'day')).toBe('2026-03-15T12:00:00.000Z');
  });

  it("may be today in the person's own zone, at either end of the day line, and not tomorrow", () => {
    // 11:30 UTC on Jan 10: already 00:30 on Jan 11 in Auckland, still 01:30 on Jan 10 in Honolulu.
    const now = Date.parse('2026-01-10T11:30:00Z');
    const ok = (date: string, zone: string) =>
      isPartialDateNotInFuture(partialDateInstant(date)!, 'day', zone, now);
    expect(ok('2026-01-11', 'Pacific/Auckland')).toBe(true);
    expect(ok('2026-01-12', 'Pacific/Auckland')).toBe(false);
    expect(ok('2026-01-10', 'Pacific/Honolulu')).toBe(true);
    expect(ok('2026-01-11', 'Pacific/Honolulu')).toBe(false);
    // This month and this year count, the next do not.
    expect(isPartialDateNotInFuture('2026-01-15T12:00:00.000Z', 'month', 'Pacific/Honolulu', now)).toBe(true);
    expect(isPartialDateNotInFuture('2026-02-15T12:00:00.000Z', 'month', 'Pacific/Auckland', now)).toBe(
      false,
    );
    expect(isPartialDateNotInFuture('2027-07-01T12:00:00.000Z', 'year', 'Pacific/Auckland', now)).toBe(false);
  });
});
