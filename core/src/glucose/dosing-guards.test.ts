import { describe, expect, it } from 'vitest';
import { parseGlucoseInput } from '../units/glucose-units';
import {
  checkDose,
  DEFAULT_MAX_SINGLE_DOSE_UNITS,
  dosingSettingsFrom,
  isLowGlucose,
  isUrgentLowGlucose,
} from './dosing-guards';

describe('low glucose guards', () => {
  it('is low below 70 mg/dL: 69 is low, 70 is not', () => {
    expect(isLowGlucose(69)).toBe(true);
    expect(isLowGlucose(69.9)).toBe(true);
    expect(isLowGlucose(70)).toBe(false);
  });

  it('is urgently low below 54 mg/dL: 53 is, 54 is not', () => {
    expect(isUrgentLowGlucose(53)).toBe(true);
    expect(isUrgentLowGlucose(54)).toBe(false);
    expect(isLowGlucose(54)).toBe(true);
  });

  it('follows the mmol/L the user typed: 3.8 is low, 3.9 is not', () => {
    expect(isLowGlucose(parseGlucoseInput('3.8', 'mmol/L')!)).toBe(true);
    expect(isLowGlucose(parseGlucoseInput('3.9', 'mmol/L')!)).toBe(false);
  });
});

describe('dose check', () => {
  it('needs a confirmation above 10 units and refuses above the maximum (default 15)', () => {
    expect(DEFAULT_MAX_SINGLE_DOSE_UNITS).toBe(15);
    expect(checkDose(10)).toEqual({ kind: 'ok' });
    expect(checkDose(10.1)).toEqual({ kind: 'confirm', maximum: 15 });
    expect(checkDose(15)).toEqual({ kind: 'confirm', maximum: 15 });
    expect(checkDose(15.1)).toEqual({ kind: 'above_maximum', maximum: 15 });
  });

  it('uses the user maximum, also below 10 units', () => {
    expect(checkDose(8, 8)).toEqual({ kind: 'ok' });
    expect(checkDose(8.1, 8)).toEqual({ kind: 'above_maximum', maximum: 8 });
    expect(checkDose(20, 25)).toEqual({ kind: 'confirm', maximum: 25 });
  });
});

describe('dosing settings', () => {
  it('reads the saved curve, DIA and maximum, with defaults for what is missing or invalid', () => {
    expect(dosingSettingsFrom(undefined)).toEqual({ curve: 'rapid-acting', diaHours: 5, maxSingleDose: 15 });
    expect(dosingSettingsFrom({ insulin_curve: 'ultra-rapid', dia_hours: 6.5, max_single_dose: 12 })).toEqual(
      { curve: 'ultra-rapid', diaHours: 6.5, maxSingleDose: 12 },
    );
    expect(dosingSettingsFrom({ insulin_curve: 'nph', dia_hours: 3 })).toEqual({
      curve: 'rapid-acting',
      diaHours: 5,
      maxSingleDose: 15,
    });
  });
});
