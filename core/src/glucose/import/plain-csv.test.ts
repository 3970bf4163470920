import { describe, expect, it } from 'vitest';
import { readIgluCsv, readReferenceFile } from '../reference-data.fixture';
import { parseGlucoseFile } from './parse-glucose-file';

const parse = (text: string, timeZone = 'UTC') => parseGlucoseFile(text, { timeZone });
const at = (iso: string) => Date.parse(iso);

describe('plain CSV', () => {
  it('reads mg/dL with a unit column, row by row', () => {
    const parsed = parse(
      'timestamp,value,unit\n2023-06-15T08:00:00Z,120,mg/dL\n2023-06-15T08:05:00Z,6.5,mmol/L\n',
    );
    expect(parsed.format).toBe('csv');
    expect(parsed.readings).toEqual([
      { at: at('2023-06-15T08:00:00Z'), mgdl: 120 },
      { at: at('2023-06-15T08:05:00Z'), mgdl: 117.1 },
    ]);
  });

  it('reads mmol/L from a unit column and reports the unit most rows use', () => {
    const parsed = parse('Time;Glucose;Units\n15.06.2023 08:00;5,5;mmol/L\n15.06.2023 08:05;6,1;mmol/L\n');
    expect(parsed.unit).toBe('mmol/L');
    expect(parsed.readings.map((r) => r.mgdl)).toEqual([99.1, 109.9]);
  });

  it('takes the unit from the value column name', () => {
    expect(parse('date,Glucose (mmol/L)\n2023-06-15 08:00,7\n').readings[0]?.mgdl).toBe(126.1);
    expect(parse('date,Glucose mg/dL\n2023-06-15 08:00,7\n').skipped[0]?.reason).toBe(
      'Value out of range (7 mg/dL)',
    );
  });

  it('guesses mmol/L when every value is below 35, else mg/dL', () => {
    const mmol = parse('time,gl\n2023-06-15 08:00,4.2\n2023-06-15 08:05,34.9\n');
    expect(mmol.unit).toBe('mmol/L');
    expect(mmol.readings.map((r) => r.mgdl)).toEqual([75.7]);
    expect(mmol.skipped).toEqual([{ line: 3, reason: 'Value out of range (34.9 mmol/L)' }]);
    const mgdl = parse('time,gl\n2023-06-15 08:00,30\n2023-06-15 08:05,35\n');
    expect(mgdl.unit).toBe('mg/dL');
    expect(mgdl.readings.map((r) => r.mgdl)).toEqual([30, 35]);
  });

  it('joins separate date and time columns and reads local time in the zone', () => {
    const parsed = parse('Date,Time,SGV\n06/15/2023,8:05 PM,140\n', 'America/Los_Angeles');
    expect(parsed.readings).toEqual([{ at: at('2023-06-16T03:05:00Z'), mgdl: 140 }]);
  });

  it('skips rows with reasons a user can act on', () => {
    const parsed = parse(
      [
        'timestamp,value,unit',
        '31/31/2020 08:00,100,mg/dL',
        '2023-06-15 08:00,,mg/dL',
        '2023-06-15 08:05,100,furlongs',
        '2023-06-15 08:10,700,mg/dL',
        '2023-06-15 08:15,-5,mg/dL',
        '2023-06-15 08:20,100,mg/dL',
        '2023-06-15T08:20:00Z,101,mg/dL',
      ].join('\n'),
    );
    expect(parsed.skipped).toEqual([
      { line: 2, reason: 'Timestamp not understood: 31/31/2020 08:00' },
      { line: 3, reason: 'No glucose value' },
      { line: 4, reason: 'Unit not understood: furlongs' },
      { line: 5, reason: 'Value out of range (700 mg/dL)' },
      { line: 6, reason: 'Value not understood: -5' },
      { line: 8, reason: 'Duplicate timestamp (same as line 7)' },
    ]);
    expect(parsed.readings).toHaveLength(1);
    expect(parsed.rowsFound).toBe(7);
  });

  it('keeps the 20 and 600 mg/dL limits and skips just beyond them', () => {
    const parsed = parse(
      'time,value\n2023-01-01 00:00,20\n2023-01-01 00:05,600\n2023-01-01 00:10,19.9\n2023-01-01 00:15,600.1',
    );
    expect(parsed.readings.map((r) => r.mgdl)).toEqual([20, 600]);
    expect(parsed.skipped.map((s) => s.line)).toEqual([4, 5]);
  });

  it('reads an iglu reference export (id, time, gl) like the reference loader does', () => {
    const name = 'example_data_1_subject.csv';
    const expected = readIgluCsv(name);
    const parsed = parse(readReferenceFile(name));
    expect(parsed.readings).toHaveLength(2915);
    expect(parsed.readings).toEqual(expected.map((r) => ({ at: r.atMs, mgdl: r.mgdl })));
  });

  it('reports nothing found for a header with no rows', () => {
    const parsed = parse('timestamp,value\n');
    expect(parsed).toMatchObject({ rowsFound: 0, readings: [], firstAt: null, lastAt: null, unit: 'mg/dL' });
  });
});

describe('DST in America/New_York, through the whole parser', () => {
  it('spring forward: the 02:xx rows that cannot exist move forward an hour', () => {
    const parsed = parse(
      'timestamp,value\n2023-03-12 01:55,100\n2023-03-12 02:30,101\n2023-03-12 03:05,102\n',
      'America/New_York',
    );
    expect(parsed.readings.map((r) => new Date(r.at).toISOString())).toEqual([
      '2023-03-12T06:55:00.000Z',
      '2023-03-12T07:05:00.000Z',
      '2023-03-12T07:30:00.000Z',
    ]);
  });

  it('fall back: a repeated wall time is the first pass; the second pass is reported as a duplicate', () => {
    const parsed = parse(
      'timestamp,value\n2023-11-05 01:30,100\n2023-11-05 01:30,101\n2023-11-05 01:30-05:00,102\n',
      'America/New_York',
    );
    expect(parsed.readings).toEqual([
      { at: at('2023-11-05T05:30:00Z'), mgdl: 100 },
      { at: at('2023-11-05T06:30:00Z'), mgdl: 102 },
    ]);
    expect(parsed.skipped).toEqual([{ line: 3, reason: 'Duplicate timestamp (same as line 2)' }]);
  });
});
