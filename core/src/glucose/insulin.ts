import type { GlucoseUnit } from '../profiles/profile.schema';
import { GLUCOSE_LOG_MAX_MGDL, GLUCOSE_LOG_MIN_MGDL } from '../trackers/entry.schema';
import { formatGlucoseWithUnit, roundGlucoseForDisplay } from '../units/glucose-units';
import { roundTo } from '../units/round';

/** The calculator's settings when the user has saved none (spec §9). */
export const INSULIN_DEFAULTS = { carbRatio: 15, correctionFactor: 50, targetGlucoseMgdl: 120 } as const;

/** A total above this many units shows "High Dose Alert" and is coloured orange (spec §9). */
export const HIGH_DOSE_ABOVE_UNITS = 10;
/** A total above this many units is coloured red. */
export const VERY_HIGH_DOSE_ABOVE_UNITS = 15;

export interface InsulinSettings {
  /** Grams of carbohydrate covered by one unit. */
  carbRatio: number;
  /** mg/dL lowered by one unit. */
  correctionFactor: number;
  targetGlucoseMgdl: number;
}

export interface InsulinInput {
  carbs?: number | null;
  glucoseMgdl?: number | null;
}

export interface InsulinDose {
  mealInsulin: number;
  correctionInsulin: number;
  totalInsulin: number;
}

export type InsulinField = 'glucose' | 'carbs' | 'carbRatio' | 'correctionFactor' | 'targetGlucose';

/**
 * Why the inputs cannot give a dose, in words for the user; empty when they can. A dose from an
 * impossible reading or a zero ratio would be a dangerous number, so the calculator refuses instead.
 */
export function insulinInputErrors(
  input: InsulinInput,
  settings: InsulinSettings,
  unit: GlucoseUnit = 'mg/dL',
): { field: InsulinField; message: string }[] {
  const errors: { field: InsulinField; message: string }[] = [];
  const { glucoseMgdl, carbs } = input;
  // Compared as the user sees it: "1.1 mmol/L" is the stated lower bound even though it is 19.8 mg/dL.
  const shown = (mgdl: number) => roundGlucoseForDisplay(mgdl, unit);
  if (
    glucoseMgdl != null &&
    !(
      Number.isFinite(glucoseMgdl) &&
      shown(glucoseMgdl) >= shown(GLUCOSE_LOG_MIN_MGDL) &&
      shown(glucoseMgdl) <= shown(GLUCOSE_LOG_MAX_MGDL)
    )
  ) {
    errors.push({
      field: 'glucose',
      message: `Glucose must be between ${formatGlucoseWithUnit(GLUCOSE_LOG_MIN_MGDL, unit)} and ${formatGlucoseWithUnit(GLUCOSE_LOG_MAX_MGDL, unit)}`,
    });
  }
  if (carbs != null && !(carbs >= 0 && Number.isFinite(carbs))) {
    errors.push({ field: 'carbs', message: 'Carbs cannot be negative' });
  }
  if (!(settings.carbRatio > 0 && Number.isFinite(settings.carbRatio))) {
    errors.push({ field: 'carbRatio', message: 'Carb ratio must be above 0' });
  }
  if (!(settings.correctionFactor > 0 && Number.isFinite(settings.correctionFactor))) {
    errors.push({ field: 'correctionFactor', message: 'Correction factor must be above 0' });
  }
  if (!Number.isFinite(settings.targetGlucoseMgdl) || settings.targetGlucoseMgdl <= 0) {
    errors.push({ field: 'targetGlucose', message: 'Target glucose must be above 0' });
  }
  return errors;
}

/**
 * Meal insulin = carbs / carb ratio; correction = (glucose − target) / correction factor, only when
 * glucose is above target; each rounded to 0.1 unit, the total being the sum of the rounded parts
 * (so the three numbers on screen always add up). Throws RangeError for inputs insulinInputErrors refuses.
 */
export function calculateInsulinDose(
  input: InsulinInput,
  settings: InsulinSettings,
  unit: GlucoseUnit = 'mg/dL',
): InsulinDose {
  const errors = insulinInputErrors(input, settings, unit);
  if (errors.length > 0) throw new RangeError(errors.map((e) => e.message).join('; '));
  const carbs = input.carbs ?? 0;
  const mealInsulin = roundTo(carbs / settings.carbRatio, 1);
  const glucose = input.glucoseMgdl;
  const correctionInsulin =
    glucose != null && glucose > settings.targetGlucoseMgdl
      ? roundTo((glucose - settings.targetGlucoseMgdl) / settings.correctionFactor, 1)
      : 0;
  return { mealInsulin, correctionInsulin, totalInsulin: roundTo(mealInsulin + correctionInsulin, 1) };
}

/** Above 15 units "very_high" (red), above 10 "high" (orange, with the alert), else "normal" (green). */
export type InsulinDoseLevel = 'very_high' | 'high' | 'normal';

export function insulinDoseLevel(totalUnits: number): InsulinDoseLevel {
  if (totalUnits > VERY_HIGH_DOSE_ABOVE_UNITS) return 'very_high';
  if (totalUnits > HIGH_DOSE_ABOVE_UNITS) return 'high';
  return 'normal';
}

export function isHighInsulinDose(totalUnits: number): boolean {
  return totalUnits > HIGH_DOSE_ABOVE_UNITS;
}

/** A glucose accepted at a display bound (1.1 mmol/L = 19.8 mg/dL) stored within the entry's 20–600 mg/dL. */
export function clampLoggedGlucose(mgdl: number): number {
  return Math.min(GLUCOSE_LOG_MAX_MGDL, Math.max(GLUCOSE_LOG_MIN_MGDL, mgdl));
}
