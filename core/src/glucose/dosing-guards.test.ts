import { describe, expect, it } from 'vitest';
import { parseGlucoseInput } from '../units/glucose-units';
import {
  checkDose,
  doseDataFresh,
  insulinSettingsNeedReview,
  isLowGlucose,
  isUrgentLowGlucose,
  lowGuardHeading,
  savedInsulinSettings,
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

  it('heads an urgent low "Urgent low", as every screen labels it, in either unit', () => {
    expect(lowGuardHeading(45)).toBe('Urgent low glucose: no dose suggested');
    expect(lowGuardHeading(parseGlucoseInput('2.9', 'mmol/L')!)).toBe(
      'Urgent low glucose: no dose suggested',
    );
    expect(lowGuardHeading(54)).toBe('Low glucose: no dose suggested');
    expect(lowGuardHeading(parseGlucoseInput('3.0', 'mmol/L')!)).toBe('Low glucose: no dose suggested');
    expect(lowGuardHeading(69.9)).toBe('Low glucose: no dose suggested');
  });
});

describe('dose check', () => {
  it('with a maximum of 15: a confirmation above 10 units, refused above 15', () => {
    expect(checkDose(10, 15)).toEqual({ kind: 'ok' });
    expect(checkDose(10.1, 15)).toEqual({ kind: 'confirm', maximum: 15, alertAbove: 10 });
    expect(checkDose(15, 15)).toEqual({ kind: 'confirm', maximum: 15, alertAbove: 10 });
    expect(checkDose(15.1, 15)).toEqual({ kind: 'above_maximum', maximum: 15 });
    expect(checkDose(Number.NaN, 15)).toEqual({ kind: 'above_maximum', maximum: 15 });
  });

  it('follows the user maximum, also below 10 units, and moves the alert with it', () => {
    expect(checkDose(5.3, 8)).toEqual({ kind: 'ok' });
    expect(checkDose(8, 8)).toEqual({ kind: 'confirm', maximum: 8, alertAbove: 5.3 });
    expect(checkDose(8.1, 8)).toEqual({ kind: 'above_maximum', maximum: 8 });
    expect(checkDose(12, 40)).toEqual({ kind: 'ok' });
    expect(checkDose(27, 40)).toEqual({ kind: 'confirm', maximum: 40, alertAbove: 26.7 });
  });
});

describe('saved insulin settings', () => {
  const full = {
    carb_ratio: 12,
    correction_factor: 40,
    target_glucose: 110,
    insulin_curve: 'ultra-rapid',
    dia_hours: 6.5,
    max_single_dose: 12,
  };
  it('reads every saved setting', () => {
    expect(savedInsulinSettings(full)).toEqual({
      carbRatio: 12,
      correctionFactor: 40,
      targetGlucoseMgdl: 110,
      curve: 'ultra-rapid',
      diaHours: 6.5,
      maxSingleDose: 12,
    });
  });
  it('is nothing until every one of them is saved and valid: no default stands in', () => {
    expect(savedInsulinSettings(undefined)).toBeNull();
    expect(savedInsulinSettings({ carb_ratio: 15, correction_factor: 50, target_glucose: 120 })).toBeNull();
    for (const key of Object.keys(full))
      expect(savedInsulinSettings({ ...full, [key]: undefined }), key).toBeNull();
    expect(savedInsulinSettings({ ...full, insulin_curve: 'nph' })).toBeNull();
    expect(savedInsulinSettings({ ...full, dia_hours: 3 })).toBeNull();
    expect(savedInsulinSettings({ ...full, max_single_dose: 0 })).toBeNull();
    expect(savedInsulinSettings({ ...full, carb_ratio: -1 })).toBeNull();
  });
  it('is nothing while they came from an imported record the person has not saved since', () => {
    expect(savedInsulinSettings({ ...full, needs_review: true })).toBeNull();
    expect(insulinSettingsNeedReview({ ...full, needs_review: true })).toBe(true);
    expect(insulinSettingsNeedReview(full)).toBe(false);
  });
});

describe('fresh dose data', () => {
  const readAt = Date.parse('2026-03-01T10:42:00Z');
  const minutes = (m: number) => readAt + m * 60_000;
  it('doses from data read up to 15 minutes ago, not a minute later', () => {
    expect(doseDataFresh(readAt, minutes(0))).toBe(true);
    expect(doseDataFresh(readAt, minutes(15))).toBe(true);
    expect(doseDataFresh(readAt, minutes(16))).toBe(false);
    expect(doseDataFresh(readAt, minutes(24 * 60))).toBe(false);
  });
  it('never from data that was never read', () => {
    expect(doseDataFresh(0, minutes(0))).toBe(false);
  });
});
