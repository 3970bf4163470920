import { describe, expect, it } from 'vitest';
import {
  datePrecisionOf,
  partialDateIso,
  partialDateWords,
  recordDateIso,
  recordDay,
} from './date-precision';

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
