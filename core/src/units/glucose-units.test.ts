import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatGlucose,
  formatGlucoseWithUnit,
  glucoseInUnit,
  MGDL_PER_MMOLL,
  mgdlToMmol,
  mmolToMgdl,
  parseGlucoseInput,
  roundGlucoseForDisplay,
} from './glucose-units';

describe('glucose unit conversion', () => {
  it('uses the factor 18.0156', () => {
    expect(MGDL_PER_MMOLL).toBe(18.0156);
    expect(mgdlToMmol(180.156)).toBeCloseTo(10, 10);
    expect(mmolToMgdl(5.5)).toBeCloseTo(99.0858, 10);
  });

  it('shows the clinical thresholds as users know them in mmol/L', () => {
    expect(formatGlucose(54, 'mmol/L')).toBe('3.0');
    expect(formatGlucose(70, 'mmol/L')).toBe('3.9');
    expect(formatGlucose(180, 'mmol/L')).toBe('10.0');
    expect(formatGlucose(250, 'mmol/L')).toBe('13.9');
    expect(formatGlucoseWithUnit(120, 'mmol/L')).toBe('6.7 mmol/L');
  });

  it('shows mg/dL as whole numbers', () => {
    expect(formatGlucose(120.4, 'mg/dL')).toBe('120');
    expect(formatGlucose(120.5, 'mg/dL')).toBe('121');
    expect(formatGlucoseWithUnit(99, 'mg/dL')).toBe('99 mg/dL');
    expect(roundGlucoseForDisplay(99.0858, 'mg/dL')).toBe(99);
  });

  it('keeps chart values unrounded in the chosen unit', () => {
    expect(glucoseInUnit(220, 'mg/dL')).toBe(220);
    expect(glucoseInUnit(220, 'mmol/L')).toBeCloseTo(12.2118, 3);
  });

  it('parses what the user typed in their unit back to mg/dL', () => {
    expect(parseGlucoseInput('120', 'mg/dL')).toBe(120);
    expect(parseGlucoseInput(' 6.7 ', 'mmol/L')).toBeCloseTo(120.70452, 5);
    expect(parseGlucoseInput('6,7', 'mmol/L')).toBeCloseTo(120.70452, 5);
    expect(parseGlucoseInput(5.5, 'mmol/L')).toBeCloseTo(99.0858, 5);
  });

  it('refuses empty, malformed and negative input', () => {
    for (const bad of ['', '  ', 'abc', '12abc', '-5', '1e3', '1.2.3', 'NaN', 'Infinity']) {
      expect(parseGlucoseInput(bad, 'mg/dL'), bad).toBeNull();
    }
    expect(parseGlucoseInput(Number.NaN, 'mmol/L')).toBeNull();
    expect(parseGlucoseInput(-1, 'mmol/L')).toBeNull();
  });
});

describe('glucose unit round trips', () => {
  const mgdl = fc.double({ min: 10, max: 700, noNaN: true });

  it('mg/dL → mmol/L → mg/dL is exact up to floating point', () => {
    fc.assert(fc.property(mgdl, (v) => Math.abs(mmolToMgdl(mgdlToMmol(v)) - v) < 1e-9));
  });

  it('a displayed value typed back in shows the same text again (both units)', () => {
    fc.assert(
      fc.property(mgdl, fc.constantFrom('mg/dL' as const, 'mmol/L' as const), (v, unit) => {
        const shown = formatGlucose(v, unit);
        const stored = parseGlucoseInput(shown, unit);
        expect(stored).not.toBeNull();
        expect(formatGlucose(stored ?? Number.NaN, unit)).toBe(shown);
      }),
    );
  });

  it('typing the displayed value back loses at most the display rounding', () => {
    fc.assert(
      fc.property(mgdl, (v) => {
        const viaMmol = parseGlucoseInput(formatGlucose(v, 'mmol/L'), 'mmol/L') ?? Number.NaN;
        const viaMgdl = parseGlucoseInput(formatGlucose(v, 'mg/dL'), 'mg/dL') ?? Number.NaN;
        // Half of the last shown digit: 0.05 mmol/L, 0.5 mg/dL.
        expect(Math.abs(viaMmol - v)).toBeLessThanOrEqual(0.05 * MGDL_PER_MMOLL + 1e-9);
        expect(Math.abs(viaMgdl - v)).toBeLessThanOrEqual(0.5 + 1e-9);
      }),
    );
  });
});
