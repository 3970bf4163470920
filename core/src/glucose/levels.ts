import type { GlucoseUnit } from '../profiles/profile.schema';
import { OWN_RECORD, type Whose } from '../text/whose';
import { formatGlucoseWithUnit } from '../units/glucose-units';
import { bandOf, GLUCOSE_BANDS, type GlucoseBandId } from './bands';
import { RECHECK_AFTER_MINUTES, TREAT_LOW_CARBS_GRAMS } from './rule-of-15';

/**
 * The level of one reading, in the consensus words (Battelino 2019): the one rule every screen,
 * list, notification, caregiver view and visit packet uses to label a reading.
 * The ids are the bands' ids, so a label and the time-in-range figures never disagree on a band.
 */
export type GlucoseLevelId = GlucoseBandId;

export interface GlucoseLevel {
  id: GlucoseLevelId;
  /** The word shown with every reading ("Urgent low"). */
  word: string;
  /** Which icon goes with the word: a level is never told by colour alone. */
  icon: 'alert-octagon' | 'arrow-down' | 'check' | 'arrow-up' | 'alert-triangle';
  /** Low and urgent low ask the user to act now. */
  actNow: boolean;
}

const ICONS: Record<GlucoseLevelId, GlucoseLevel['icon']> = {
  very_low: 'alert-octagon',
  low: 'arrow-down',
  in_range: 'check',
  high: 'arrow-up',
  very_high: 'alert-triangle',
};

export const GLUCOSE_LEVELS = Object.fromEntries(
  GLUCOSE_BANDS.map((b) => [
    b.id,
    { id: b.id, word: b.label, icon: ICONS[b.id], actNow: b.id === 'very_low' || b.id === 'low' },
  ]),
) as Record<GlucoseLevelId, GlucoseLevel>;

/**
 * The level of a stored mg/dL reading. It is judged on the whole mg/dL value, so a reading typed in
 * mmol/L gets the word its printed range promises (10.0 mmol/L is 180.2 mg/dL: "In range", as
 * "3.9–10.0" says; 13.9 is "High"; 3.0 is "Low"; 2.9 is "Urgent low").
 */
export function glucoseLevel(mgdl: number): GlucoseLevel {
  return GLUCOSE_LEVELS[bandOf(Math.round(mgdl))];
}

/** "45 mg/dL, Urgent low" / "2.5 mmol/L, Urgent low": a reading as text (notifications, PDF, toasts). */
export function describeGlucose(mgdl: number, unit: GlucoseUnit): string {
  return `${formatGlucoseWithUnit(mgdl, unit)}, ${glucoseLevel(mgdl).word}`;
}

/** The consensus limits (mg/dL) drawn as lines on glucose charts. */
export const GLUCOSE_LEVEL_LINES_MGDL = { urgentLow: 54, low: 70, high: 180, veryHigh: 250 } as const;

/**
 * What to do now after a low (the rule of 15) and after an urgent low (level 2 hypoglycaemia: then
 * glucagon or emergency help). The same words on the toast after logging and in the notification.
 * For the account's own record they speak to the person; while a guardian acts for a ward they tell
 * the guardian what to do for the ward, named ("Give Mia 15 g ...").
 */
export const lowSteps = (urgent: boolean, w: Whose = OWN_RECORD) => {
  const carbs = `${TREAT_LOW_CARBS_GRAMS} g of fast-acting carbs now (juice, glucose tablets) and re-check in ${RECHECK_AFTER_MINUTES} minutes.`;
  const steps = w.name ? `Give ${w.you} ${carbs}` : `Take ${carbs}`;
  if (!urgent) return steps;
  return w.name
    ? `${steps} If ${w.you} cannot eat or drink, or it does not improve, give glucagon or call emergency services.`
    : `${steps} If you cannot eat or drink, or it does not improve, use glucagon or call emergency services.`;
};
export const LOW_STEPS = lowSteps(false);
export const URGENT_LOW_STEPS = lowSteps(true);
