import { OWN_RECORD, type Whose } from '../text/whose';
import { highDoseAboveUnits, type InsulinSettings } from './insulin';
import {
  DIA_MAX_HOURS,
  DIA_MIN_HOURS,
  INSULIN_CURVES,
  type InsulinActionSettings,
  MAX_SINGLE_DOSE_LIMIT_UNITS,
} from './insulin-on-board';
import { GLUCOSE_LEVELS, glucoseLevel } from './levels';

/** Below 70 mg/dL (3.9 mmol/L) is low: no dose is suggested, the low is treated first. */
export const LOW_GLUCOSE_BELOW_MGDL = 70;
/** Below 54 mg/dL (3.0 mmol/L) is urgently low (level 2 hypoglycaemia): the first alert is urgent. */
export const URGENT_LOW_GLUCOSE_BELOW_MGDL = 54;

import { RECHECK_AFTER_MINUTES, TREAT_LOW_CARBS_GRAMS } from './rule-of-15';

export { RECHECK_AFTER_MINUTES, TREAT_LOW_CARBS_GRAMS };

export const isLowGlucose = (mgdl: number) => mgdl < LOW_GLUCOSE_BELOW_MGDL;
export const isUrgentLowGlucose = (mgdl: number) => mgdl < URGENT_LOW_GLUCOSE_BELOW_MGDL;

/**
 * The heading of the calculator's low guard, in the level word every screen labels the reading with:
 * "Urgent low glucose: no dose suggested" below 54 mg/dL (3.0 mmol/L), otherwise "Low glucose: …".
 */
export const lowGuardHeading = (mgdl: number) => {
  const level = glucoseLevel(mgdl);
  return `${level.id === 'very_low' ? level.word : GLUCOSE_LEVELS.low.word} glucose: no dose suggested`;
};

export const TREAT_LOW_FIRST_MESSAGE = `Treat the low first: take ${TREAT_LOW_CARBS_GRAMS} g of fast-acting carbs (juice, glucose tablets) and re-check in ${RECHECK_AFTER_MINUTES} minutes.`;
/*
 * The dosing words speak of whose record it is (text/whose.ts): the account's own unless told, or,
 * while a guardian acts for a ward, the ward's, named. Only the person named changes, never what a
 * sentence asks of the reader.
 */
export const estimateNotAdvice = (w: Whose = OWN_RECORD) =>
  `This is an estimate from ${w.your} own settings, not medical advice.`;
export const ESTIMATE_NOT_ADVICE = estimateNotAdvice();

export type DoseCheck =
  /** Within the user's maximum and not above the High Dose Alert's threshold. */
  | { kind: 'ok' }
  /** Above the High Dose Alert's threshold, within the maximum: logged only after an explicit confirmation. */
  | { kind: 'confirm'; maximum: number; alertAbove: number }
  /** Above the user's maximum single dose: refused. */
  | { kind: 'above_maximum'; maximum: number };

/** What logging `totalUnits` needs, given the user's maximum single dose. */
export function checkDose(totalUnits: number, maximum: number): DoseCheck {
  if (!(totalUnits <= maximum)) return { kind: 'above_maximum', maximum };
  const alertAbove = highDoseAboveUnits(maximum);
  if (totalUnits > alertAbove) return { kind: 'confirm', maximum, alertAbove };
  return { kind: 'ok' };
}

export const doseAboveMaximumMessage = (maximum: number, w: Whose = OWN_RECORD) =>
  `This dose is above ${w.your} maximum single dose of ${maximum} units. Check ${w.name ? 'the' : 'your'} numbers; change the maximum in ${w.your} insulin settings only with ${w.your} care team.`;

/**
 * How long logged doses and insulin settings read from the server are good for a suggestion.
 * Insulin on board counts every dose of the last hours: one logged since on another device, or
 * uploaded by a pump, would be missing from older data and the suggestion too high. Online they are
 * read again while the calculator is open; offline (the app opened from what the device saved) they
 * age past this and no dose is suggested. 15 minutes is the shortest "no recent readings" window of
 * the glucose alarms (alarms.ts): three missed CGM readings or loop uploads.
 */
export const DOSE_DATA_FRESH_MINUTES = 15;

/** Whether data read at `readAt` (epoch ms; 0: never read) may still be dosed from at `now`. */
export const doseDataFresh = (readAt: number, now: number) =>
  readAt > 0 && now - readAt <= DOSE_DATA_FRESH_MINUTES * 60_000;

export const staleDoseDataTitle = (w: Whose = OWN_RECORD) =>
  `No dose suggested: ${w.your} insulin data is out of date`;
export const STALE_DOSE_DATA_TITLE = staleDoseDataTitle();
export const unreadDoseDataMessage = (w: Whose = OWN_RECORD) =>
  `${w.Your} logged doses and insulin settings have not loaded on this device, so the insulin still working is not known. Connect to load them, or follow the plan ${w.your} care team gave you.`;
export const UNREAD_DOSE_DATA_MESSAGE = unreadDoseDataMessage();
export const staleDoseDataMessage = (readAtShown: string, w: Whose = OWN_RECORD) =>
  `${w.Your} logged doses and insulin settings were last updated at ${readAtShown}. A dose logged since, on another device or by ${w.your} pump, would change the insulin still working. Connect to update them, or follow the plan ${w.your} care team gave you.`;

export interface DosingSettings extends InsulinActionSettings {
  maxSingleDose: number;
}

/** Everything a dose is worked out and checked from: only ever values the user saved. */
export type SavedInsulinSettings = InsulinSettings & DosingSettings;

export const insulinSettingsRequiredMessage = (w: Whose = OWN_RECORD) =>
  `Save ${w.your} insulin settings first: the carb ratio, correction factor, target, maximum single dose, insulin type and duration of action ${w.your} care team gave you.`;
export const INSULIN_SETTINGS_REQUIRED_MESSAGE = insulinSettingsRequiredMessage();

/** The latest settings came from an imported record: in force only once the person saved them. */
export const insulinSettingsReviewMessage = (w: Whose = OWN_RECORD) =>
  `${w.Your} insulin settings came from an imported record. Check them against what ${w.your} care team gave you and save them: no dose is suggested until you do.`;
export const INSULIN_SETTINGS_REVIEW_MESSAGE = insulinSettingsReviewMessage();

/** Whether the latest settings came from an imported record and were not saved by the person since. */
export const insulinSettingsNeedReview = (data: Record<string, unknown> | null | undefined) =>
  data?.needs_review === true;

const positive = (v: unknown, max = Number.POSITIVE_INFINITY): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= max;

/**
 * The settings from the latest Insulin Settings entry's data (snake_case as stored), or null unless
 * every one of them was saved and is valid: no dose is ever suggested or accepted from a default, nor
 * from settings an import brought back that the person has not saved since (`needs_review`).
 */
export function savedInsulinSettings(
  data: Record<string, unknown> | null | undefined,
): SavedInsulinSettings | null {
  if (!data || insulinSettingsNeedReview(data)) return null;
  const curve = INSULIN_CURVES.find((c) => c === data.insulin_curve);
  const { carb_ratio: ratio, correction_factor: factor, target_glucose: target } = data;
  const { dia_hours: dia, max_single_dose: max } = data;
  if (!curve || !positive(ratio) || !positive(factor) || !positive(target)) return null;
  if (!positive(max, MAX_SINGLE_DOSE_LIMIT_UNITS)) return null;
  if (typeof dia !== 'number' || !(dia >= DIA_MIN_HOURS && dia <= DIA_MAX_HOURS)) return null;
  return {
    carbRatio: ratio,
    correctionFactor: factor,
    targetGlucoseMgdl: target,
    curve,
    diaHours: dia,
    maxSingleDose: max,
  };
}
