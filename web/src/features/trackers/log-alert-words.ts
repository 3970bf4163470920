import type { EntryCreateRequest, GlucoseUnit } from '@healthfolio/core';
import { glucoseLevel, lowSteps } from '@healthfolio/core/glucose/levels';
import { OWN_RECORD, type Whose } from '@healthfolio/core/text/whose';
import {
  BLOOD_PRESSURE_CATEGORY_TEXT,
  isCrisisPressure,
} from '@healthfolio/core/trackers/blood-pressure-category';
import { crisisPressureSteps } from '@healthfolio/core/trackers/pressure-crisis-words';
import { formatGlucoseWithUnit } from '@healthfolio/core/units/glucose-units';

/**
 * What the log screens say after a save, for whose record it is (core's rule, text/whose.ts): to the
 * account's own person, or, while a guardian acts for a ward, of the ward by name ("If Mia has chest
 * pain ...", "Give Mia 15 g ..."). The advice itself is core's, the same words the assistant and the
 * notifications use.
 */
export interface AlertWords {
  title: string;
  description: string;
}

/** "Urgent low: 45 mg/dL" / "Urgent low for Mia: 45 mg/dL", with what to do now; null above a low. */
export const lowAlertWords = (
  mgdl: number,
  unit: GlucoseUnit,
  w: Whose = OWN_RECORD,
): (AlertWords & { urgent: boolean }) | null => {
  const level = glucoseLevel(mgdl);
  if (!level.actNow) return null;
  const urgent = level.id === 'very_low';
  return {
    title: `${level.word}${w.name ? ` for ${w.name}` : ''}: ${formatGlucoseWithUnit(mgdl, unit)}`,
    description: `Saved. ${lowSteps(urgent, w)}`,
    urgent,
  };
};

/** A crisis-level pressure: what to do now before the figure; null below that level. */
export const crisisAlertWords = (
  systolic: number,
  diastolic: number,
  w: Whose = OWN_RECORD,
): AlertWords | null => {
  if (!isCrisisPressure(systolic, diastolic)) return null;
  return {
    title: `${BLOOD_PRESSURE_CATEGORY_TEXT.crisis.name}${w.name ? ` for ${w.name}` : ''}: what to do now`,
    description: `${crisisPressureSteps(w)} Saved: ${systolic}/${diastolic} mmHg.`,
  };
};

/** The plain "Saved" toast's words: "Your meal was recorded." / "Mia’s entry was recorded." */
export const savedWords = (payload: EntryCreateRequest, w: Whose = OWN_RECORD) => {
  if (payload.tracker === 'mood-energy') {
    const { mood, energy, stress } = payload.data;
    return `Mood: ${mood ?? '-'}/5, Energy: ${energy ?? '-'}/5, Stress: ${stress ?? '-'}/5`;
  }
  return `${w.Your} ${payload.tracker === 'meal' ? 'meal' : 'entry'} was recorded.`;
};
