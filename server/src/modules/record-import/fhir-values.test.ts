import { describe, expect, it } from 'vitest';
import { fhirDate, instantOf } from './fhir-values';

describe('instantOf: the instant a FHIR or converted C-CDA time names, its offset applied', () => {
  it.each([
    // HL7 v3 TS 200803190830-0800, as Medplum's converter passes it on (no seconds).
    ['2008-03-19T08:30:-0800', '2008-03-19T16:30:00.000Z'],
    ['2008-03-19T08:30:15-0800', '2008-03-19T16:30:15.000Z'],
    ['2008-03-19T08:30:15.250+0530', '2008-03-19T03:00:15.250Z'],
    ['2008-03-19T08:30:+0000', '2008-03-19T08:30:00.000Z'],
    ['2008-03-19T08:30:00-08:00', '2008-03-19T16:30:00.000Z'],
    ['2008-03-19T08:30-08:00', '2008-03-19T16:30:00.000Z'],
    ['2008-03-19T08:30:00Z', '2008-03-19T08:30:00.000Z'],
    ['2008-03-19', '2008-03-19T12:00:00.000Z'],
    ['2008-03', '2008-03-15T12:00:00.000Z'],
    ['2008', '2008-07-01T12:00:00.000Z'],
  ])('%s is %s', (raw, instant) => {
    expect(instantOf(raw)).toBe(instant);
  });

  it.each([
    '2008-03-19T08:30:00', // no offset: a wall clock, not an instant
    '2008-02-30T08:30:00Z',
    '2008-02-30',
    '2008-13',
    '2008-03-19T25:30:00Z',
    '2008-03-19T08:-0:800', // the converter's reading of 2008031908-0800
    'yesterday',
    '',
  ])('%s is not one', (raw) => {
    expect(instantOf(raw)).toBeNull();
  });
});

describe('fhirDate: a summary date as written, its offset with its colon', () => {
  it.each([
    ['2012-09-25T11:30:-0500', '2012-09-25T11:30:00-05:00'],
    ['2012-09-25T11:30:00Z', '2012-09-25T11:30:00Z'],
    ['2012-09-25', '2012-09-25'],
    ['2012-09', '2012-09'],
    ['1967', '1967'],
  ])('%s is kept as %s', (raw, kept) => {
    expect(fhirDate(raw)).toBe(kept);
  });

  it('is null for what is not a date', () => {
    expect(fhirDate('2001-30-31T00:00:00Z')).toBeNull();
  });
});
