import { describe, expect, it } from 'vitest';
import { readReferenceFile } from '../reference-data.fixture';
import { parseGlucoseFile } from './parse-glucose-file';

const CLARITY = 'cgmquantify_test_file_dexcom_clarity.csv';

/** EGV rows counted without the importer: a plain split on lines and the Event Type column. */
function countEgvRows(text: string): number {
  const [header = '', ...lines] = text.split(/\r?\n/);
  const typeCol = header.split(',').indexOf('Event Type');
  return lines.filter((line) => line.split(',')[typeCol] === 'EGV').length;
}

describe('Dexcom Clarity export (reference file)', () => {
  const text = readReferenceFile(CLARITY);
  const parsed = parseGlucoseFile(text, { timeZone: 'America/New_York' });

  it('imports exactly the EGV rows: 2,148, counted by hand and by a plain split', () => {
    expect(countEgvRows(text)).toBe(2148);
    expect(parsed.format).toBe('dexcom-clarity');
    expect(parsed.readings).toHaveLength(countEgvRows(text));
    expect(parsed.readings).toHaveLength(2148);
    expect(parsed.unit).toBe('mg/dL');
    expect(parsed.clipped).toBe(0);
  });

  it('reads local timestamps in the given zone (EDT in late October 2016)', () => {
    expect(parsed.readings[0]).toEqual({ at: Date.parse('2016-10-24T15:24:17Z'), mgdl: 103 });
    expect(parsed.readings.at(-1)).toEqual({ at: Date.parse('2016-11-01T13:19:02Z'), mgdl: 108 });
    expect(parsed.firstAt).toBe(Date.parse('2016-10-24T15:24:17Z'));
    expect(parsed.lastAt).toBe(Date.parse('2016-11-01T13:19:02Z'));
    const tokyo = parseGlucoseFile(text, { timeZone: 'Asia/Tokyo' });
    expect(tokyo.firstAt).toBe(Date.parse('2016-10-24T02:24:17Z'));
  });

  it('skips the patient, device and alert rows with their event type, and counts every row', () => {
    expect(parsed.skipped).toHaveLength(11);
    expect(parsed.skipped[0]).toEqual({ line: 2, reason: 'Not a glucose reading (event type FirstName)' });
    expect(parsed.skipped[4]).toEqual({ line: 6, reason: 'Not a glucose reading (event type Alert)' });
    expect(parsed.rowsFound).toBe(2159);
    expect(parsed.rowsFound).toBe(parsed.readings.length + parsed.skipped.length);
  });

  it('keeps the readings in time order and never repeats an instant', () => {
    const ats = parsed.readings.map((r) => r.at);
    expect(ats).toEqual([...ats].sort((a, b) => a - b));
    expect(new Set(ats).size).toBe(ats.length);
  });
});

const HEADER =
  'Index,Timestamp (YYYY-MM-DDThh:mm:ss),Event Type,Event Subtype,Patient Info,Device Info,Source Device ID,Glucose Value (mg/dL),Insulin Value (u),Carb Value (grams),Duration (hh:mm:ss),Glucose Rate of Change (mg/dL/min)';
const egv = (index: number, at: string, value: string) => `${index},${at},EGV,,,,iPhone G6,${value},,,,`;

describe('Dexcom Clarity export (synthetic rows)', () => {
  it('maps Low and High to the reporting limits 40 and 400 mg/dL and counts them as clipped', () => {
    const text = [
      HEADER,
      egv(1, '2023-06-15T08:00:00', 'Low'),
      egv(2, '2023-06-15T08:05:00', '41'),
      egv(3, '2023-06-15T08:10:00', 'High'),
    ].join('\r\n');
    const parsed = parseGlucoseFile(text, { timeZone: 'UTC' });
    expect(parsed.readings.map((r) => r.mgdl)).toEqual([40, 41, 400]);
    expect(parsed.clipped).toBe(2);
    expect(parsed.skipped).toEqual([]);
  });

  it('reads a mmol/L export, converting to mg/dL at 0.1 precision', () => {
    const text = [
      HEADER.replace('Glucose Value (mg/dL)', 'Glucose Value (mmol/L)'),
      egv(1, '2023-06-15T08:00:00', '5.5'),
      egv(2, '2023-06-15T08:05:00', '10.0'),
      egv(3, '2023-06-15T08:10:00', 'Low'),
    ].join('\n');
    const parsed = parseGlucoseFile(text, { timeZone: 'UTC' });
    expect(parsed.unit).toBe('mmol/L');
    expect(parsed.readings.map((r) => r.mgdl)).toEqual([99.1, 180.2, 40]);
  });

  it('gives a reason for each EGV row it cannot use', () => {
    const text = [
      HEADER,
      egv(1, '2023-06-15T08:00:00', ''),
      egv(2, '', '100'),
      egv(3, '2023-13-15T08:00:00', '100'),
      egv(4, '2023-06-15T08:10:00', '5'),
      egv(5, '2023-06-15T08:15:00', 'abc'),
      egv(6, '2023-06-15T08:20:00', '120'),
      egv(7, '2023-06-15T08:20:00', '121'),
      '8,2023-06-15T08:25:00,Calibration,,,,iPhone G6,118,,,,',
    ].join('\n');
    const parsed = parseGlucoseFile(text, { timeZone: 'UTC' });
    expect(parsed.readings).toEqual([{ at: Date.parse('2023-06-15T08:20:00Z'), mgdl: 120 }]);
    expect(parsed.skipped).toEqual([
      { line: 2, reason: 'No glucose value' },
      { line: 3, reason: 'No timestamp' },
      { line: 4, reason: 'Timestamp not understood: 2023-13-15T08:00:00' },
      { line: 5, reason: 'Value out of range (5 mg/dL)' },
      { line: 6, reason: 'Value not understood: abc' },
      { line: 8, reason: 'Duplicate timestamp (same as line 7)' },
      { line: 9, reason: 'Not a glucose reading (event type Calibration)' },
    ]);
    expect(parsed.rowsFound).toBe(8);
  });
});
