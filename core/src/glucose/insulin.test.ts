import { describe, expect, it } from 'vitest';
import {
  calculateInsulinDose,
  clampLoggedGlucose,
  highDoseAboveUnits,
  insulinDoseLevel,
  insulinInputErrors,
} from './insulin';

/** A user's saved settings (15 g per unit, 50 mg/dL per unit, target 120). */
const defaults = { carbRatio: 15, correctionFactor: 50, targetGlucoseMgdl: 120 };

describe('insulin dose', () => {
  it('is carbs / ratio plus (glucose − target) / factor above target, each rounded to 0.1', () => {
    // 60 / 15 = 4; (220 − 120) / 50 = 2
    expect(calculateInsulinDose({ carbs: 60, glucoseMgdl: 220 }, defaults)).toEqual({
      mealInsulin: 4,
      correctionInsulin: 2,
      totalInsulin: 6,
    });
    // 50 / 15 = 3.333 → 3.3; (175 − 120) / 50 = 1.1
    expect(calculateInsulinDose({ carbs: 50, glucoseMgdl: 175 }, defaults)).toEqual({
      mealInsulin: 3.3,
      correctionInsulin: 1.1,
      totalInsulin: 4.4,
    });
  });

  it('rounds half away from zero at the 0.1 unit', () => {
    // 18.75 / 15 = 1.25 → 1.3
    expect(calculateInsulinDose({ carbs: 18.75, glucoseMgdl: null }, defaults).mealInsulin).toBe(1.3);
  });

  it('gives no correction at or below target', () => {
    expect(calculateInsulinDose({ carbs: 30, glucoseMgdl: 120 }, defaults).correctionInsulin).toBe(0);
    expect(calculateInsulinDose({ carbs: 30, glucoseMgdl: 90 }, defaults)).toEqual({
      mealInsulin: 2,
      correctionInsulin: 0,
      totalInsulin: 2,
    });
  });

  it('works with only glucose or only carbs', () => {
    expect(calculateInsulinDose({ glucoseMgdl: 170 }, defaults).totalInsulin).toBe(1);
    expect(calculateInsulinDose({ carbs: 45 }, defaults).totalInsulin).toBe(3);
    expect(calculateInsulinDose({}, defaults).totalInsulin).toBe(0);
  });

  it('uses the given settings', () => {
    const settings = { carbRatio: 10, correctionFactor: 40, targetGlucoseMgdl: 100 };
    expect(calculateInsulinDose({ carbs: 75, glucoseMgdl: 200 }, settings)).toEqual({
      mealInsulin: 7.5,
      correctionInsulin: 2.5,
      totalInsulin: 10,
    });
  });
});

describe('insulin input checks', () => {
  it('refuses glucose outside 20–600 mg/dL and accepts the bounds', () => {
    expect(insulinInputErrors({ glucoseMgdl: 19 }, defaults)[0]?.field).toBe('glucose');
    expect(insulinInputErrors({ glucoseMgdl: 601 }, defaults)[0]?.message).toBe(
      'Glucose must be between 20 mg/dL and 600 mg/dL',
    );
    expect(insulinInputErrors({ glucoseMgdl: 20 }, defaults)).toEqual([]);
    expect(insulinInputErrors({ glucoseMgdl: 600 }, defaults)).toEqual([]);
  });

  it('states the glucose bounds in the user unit', () => {
    expect(insulinInputErrors({ glucoseMgdl: 10 }, defaults, 'mmol/L')[0]?.message).toBe(
      'Glucose must be between 1.1 mmol/L and 33.3 mmol/L',
    );
  });

  it('accepts the bounds as typed in mmol/L', () => {
    expect(insulinInputErrors({ glucoseMgdl: 1.1 * 18.0156 }, defaults, 'mmol/L')).toEqual([]);
    expect(insulinInputErrors({ glucoseMgdl: 33.3 * 18.0156 }, defaults, 'mmol/L')).toEqual([]);
    expect(insulinInputErrors({ glucoseMgdl: 1.0 * 18.0156 }, defaults, 'mmol/L')).toHaveLength(1);
    expect(insulinInputErrors({ glucoseMgdl: 33.4 * 18.0156 }, defaults, 'mmol/L')).toHaveLength(1);
    expect(clampLoggedGlucose(19.8)).toBe(20);
    expect(clampLoggedGlucose(150)).toBe(150);
  });

  it('refuses negative carbs, more than 300 g in a meal, and a ratio or factor of zero or less', () => {
    expect(insulinInputErrors({ carbs: -1 }, defaults)).toEqual([
      { field: 'carbs', message: 'Carbs must be between 0 and 300 g' },
    ]);
    expect(insulinInputErrors({ carbs: 1000 }, defaults)).toEqual([
      { field: 'carbs', message: 'Carbs must be between 0 and 300 g' },
    ]);
    expect(insulinInputErrors({ carbs: 300.1 }, defaults)).toHaveLength(1);
    expect(insulinInputErrors({ carbs: 300 }, defaults)).toEqual([]);
    expect(insulinInputErrors({ carbs: 0 }, defaults)).toEqual([]);
    expect(() => calculateInsulinDose({ carbs: 1000 }, defaults)).toThrow(RangeError);
    const fields = insulinInputErrors({}, { carbRatio: 0, correctionFactor: -5, targetGlucoseMgdl: 120 }).map(
      (e) => e.field,
    );
    expect(fields).toEqual(['carbRatio', 'correctionFactor']);
    expect(() => calculateInsulinDose({ carbs: 10 }, { ...defaults, carbRatio: 0 })).toThrow(RangeError);
  });
});

describe('insulin dose level', () => {
  it('follows the maximum: above it refused (red), above two thirds of it the alert (orange), else green', () => {
    expect(highDoseAboveUnits(15)).toBe(10);
    expect(insulinDoseLevel(15.1, 15)).toBe('above_maximum');
    expect(insulinDoseLevel(15, 15)).toBe('high');
    expect(insulinDoseLevel(10.1, 15)).toBe('high');
    expect(insulinDoseLevel(10, 15)).toBe('normal');
    // A maximum of 8: the alert starts above 5.3 units, not at a fixed 10 it could never reach.
    expect(highDoseAboveUnits(8)).toBe(5.3);
    expect(insulinDoseLevel(6, 8)).toBe('high');
    expect(insulinDoseLevel(8.1, 8)).toBe('above_maximum');
    // A maximum of 40: 12 units is a usual dose.
    expect(insulinDoseLevel(12, 40)).toBe('normal');
  });
});
