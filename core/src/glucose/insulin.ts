import type { GlucoseUnit } from '../profiles/profile.schema';
import { formatGlucoseWithUnit, roundGlucoseForDisplay } from '../units/glucose-units';
import { roundTo } from '../units/round';
import { GLUCOSE_LOG_MAX_MGDL, GLUCOSE_LOG_MIN_MGDL } from './log-range';

/**
 * The High Dose Alert starts above two thirds of the user's maximum single dose: above 10 units for
 * the spec's 15-unit red line, and lower or higher with the maximum the care team set (a fixed 10
 * would never fire under a maximum of 8, and fire on every usual dose under a maximum of 40).
 */
export const HIGH_DOSE_FRACTION_OF_MAXIMUM = 2 / 3;
export const highDoseAboveUnits = (maximum: number) => roundTo(maximum * HIGH_DOSE_FRACTION_OF_MAXIMUM, 1);

/** A meal's carbs the calculator accepts: more than 300 g in one meal is a typing slip, not a meal. */
export const CARBS_MAX_GRAMS = 300;

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
  if (carbs != null && !(carbs >= 0 && carbs <= CARBS_MAX_GRAMS && Number.isFinite(carbs))) {
    errors.push({ field: 'carbs', message: `Carbs must be between 0 and ${CARBS_MAX_GRAMS} g` });
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

/**
 * Above the user's maximum single dose "above_maximum" (red, refused), above the High Dose Alert's
 * threshold "high" (orange, with the alert), else "normal" (green).
 */
export type InsulinDoseLevel = 'above_maximum' | 'high' | 'normal';

export function insulinDoseLevel(totalUnits: number, maximum: number): InsulinDoseLevel {
  if (totalUnits > maximum) return 'above_maximum';
  if (totalUnits > highDoseAboveUnits(maximum)) return 'high';
  return 'normal';
}

/** A glucose accepted at a display bound (1.1 mmol/L = 19.8 mg/dL) stored within the entry's 20–600 mg/dL. */
export function clampLoggedGlucose(mgdl: number): number {
  return Math.min(GLUCOSE_LOG_MAX_MGDL, Math.max(GLUCOSE_LOG_MIN_MGDL, mgdl));
}
