import { HIGH_DOSE_ABOVE_UNITS, VERY_HIGH_DOSE_ABOVE_UNITS } from './insulin';
import {
  DIA_MAX_HOURS,
  DIA_MIN_HOURS,
  INSULIN_ACTION_DEFAULTS,
  INSULIN_CURVES,
  type InsulinActionSettings,
} from './insulin-on-board';

/** Below 70 mg/dL (3.9 mmol/L) is low: no dose is suggested, the low is treated first. */
export const LOW_GLUCOSE_BELOW_MGDL = 70;
/** Below 54 mg/dL (3.0 mmol/L) is urgently low (level 2 hypoglycaemia): the first alert is urgent. */
export const URGENT_LOW_GLUCOSE_BELOW_MGDL = 54;

/** The rule of 15: 15 g of fast-acting carbohydrate, then re-check in 15 minutes. */
export const TREAT_LOW_CARBS_GRAMS = 15;
export const RECHECK_AFTER_MINUTES = 15;

/** The per-user maximum single dose when none is set: the spec's red threshold. */
export const DEFAULT_MAX_SINGLE_DOSE_UNITS = VERY_HIGH_DOSE_ABOVE_UNITS;

export const isLowGlucose = (mgdl: number) => mgdl < LOW_GLUCOSE_BELOW_MGDL;
export const isUrgentLowGlucose = (mgdl: number) => mgdl < URGENT_LOW_GLUCOSE_BELOW_MGDL;

export const TREAT_LOW_FIRST_MESSAGE = `Treat the low first: take ${TREAT_LOW_CARBS_GRAMS} g of fast-acting carbs (juice, glucose tablets) and re-check in ${RECHECK_AFTER_MINUTES} minutes.`;
export const ESTIMATE_NOT_ADVICE = 'This is an estimate from your own settings, not medical advice.';

export type DoseCheck =
  /** Within the user's maximum and not above 10 units. */
  | { kind: 'ok' }
  /** Above 10 units ("High Dose Alert"), within the maximum: logged only after an explicit confirmation. */
  | { kind: 'confirm'; maximum: number }
  /** Above the user's maximum single dose: refused. */
  | { kind: 'above_maximum'; maximum: number };

/** What logging `totalUnits` needs, given the user's maximum single dose. */
export function checkDose(totalUnits: number, maximum = DEFAULT_MAX_SINGLE_DOSE_UNITS): DoseCheck {
  if (totalUnits > maximum) return { kind: 'above_maximum', maximum };
  if (totalUnits > HIGH_DOSE_ABOVE_UNITS) return { kind: 'confirm', maximum };
  return { kind: 'ok' };
}

export const doseAboveMaximumMessage = (maximum: number) =>
  `This dose is above your maximum single dose of ${maximum} units. Check your numbers; change the maximum in your insulin settings only with your care team.`;

export interface DosingSettings extends InsulinActionSettings {
  maxSingleDose: number;
}

/**
 * Curve, DIA and maximum single dose from the latest Insulin Settings entry's data (snake_case as
 * stored); the defaults for any the user has not saved (rapid-acting, 5 h, 15 units).
 */
export function dosingSettingsFrom(data: Record<string, unknown> | null | undefined): DosingSettings {
  const curve = INSULIN_CURVES.find((c) => c === data?.insulin_curve) ?? INSULIN_ACTION_DEFAULTS.curve;
  const dia = data?.dia_hours;
  const max = data?.max_single_dose;
  return {
    curve,
    diaHours:
      typeof dia === 'number' && dia >= DIA_MIN_HOURS && dia <= DIA_MAX_HOURS
        ? dia
        : INSULIN_ACTION_DEFAULTS.diaHours,
    maxSingleDose: typeof max === 'number' && max > 0 ? max : DEFAULT_MAX_SINGLE_DOSE_UNITS,
  };
}
