import { describe, expect, it } from 'vitest';
import { parseGlucoseInput } from '../units/glucose-units';
import { bandRangeInUnit } from './bands';
import { describeGlucose, GLUCOSE_LEVELS, glucoseLevel, URGENT_LOW_STEPS } from './levels';

const word = (mgdl: number) => glucoseLevel(mgdl).word;
const typedMmol = (text: string) => {
  const mgdl = parseGlucoseInput(text, 'mmol/L');
  if (mgdl === null) throw new Error(`not a number: ${text}`);
  return mgdl;
};

describe('glucose levels (Battelino 2019)', () => {
  it('labels whole mg/dL readings at every boundary', () => {
    expect([45, 53, 54, 69, 70, 180, 181, 250, 251, 450].map(word)).toEqual([
      'Urgent low',
      'Urgent low',
      'Low',
      'Low',
      'In range',
      'In range',
      'High',
      'High',
      'Very high',
      'Very high',
    ]);
  });

  it('labels a reading typed in mmol/L with the word its printed range promises', () => {
    const cases: [string, string][] = [
      ['2.5', 'Urgent low'],
      ['2.9', 'Urgent low'],
      ['3.0', 'Low'],
      ['3.8', 'Low'],
      ['3.9', 'In range'],
      ['10.0', 'In range'],
      ['10.1', 'High'],
      ['13.9', 'High'],
      ['14.0', 'Very high'],
    ];
    expect(cases.map(([text]) => [text, word(typedMmol(text))])).toEqual(cases);
    // …and those are the limits the time-in-range list prints.
    expect(bandRangeInUnit('in_range', 'mmol/L')).toBe('3.9–10.0');
    expect(bandRangeInUnit('high', 'mmol/L')).toBe('10.1–13.9');
  });

  it('writes a reading with its unit and level, in either unit', () => {
    expect(describeGlucose(45, 'mg/dL')).toBe('45 mg/dL, Urgent low');
    expect(describeGlucose(45, 'mmol/L')).toBe('2.5 mmol/L, Urgent low');
    expect(describeGlucose(typedMmol('13.9'), 'mmol/L')).toBe('13.9 mmol/L, High');
  });

  it('gives every level its own icon, and asks for action only on lows', () => {
    const levels = Object.values(GLUCOSE_LEVELS);
    expect(new Set(levels.map((l) => l.icon)).size).toBe(levels.length);
    expect(levels.filter((l) => l.actNow).map((l) => l.word)).toEqual(['Urgent low', 'Low']);
  });

  it('tells what to do after an urgent low: fast carbs, a re-check, then glucagon or emergency help', () => {
    expect(URGENT_LOW_STEPS).toContain('15 g of fast-acting carbs');
    expect(URGENT_LOW_STEPS).toContain('re-check in 15 minutes');
    expect(URGENT_LOW_STEPS).toMatch(/glucagon or call emergency services/);
  });
});
