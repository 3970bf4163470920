import type { GlucoseUnit } from '../profiles/profile.schema';
import { OWN_RECORD, type Whose } from '../text/whose';
import { formatGlucoseWithUnit } from '../units/glucose-units';
import type { PatternId } from './patterns';

/** The levels two of the pattern rules (patterns.ts) look for, and their descriptions name. */
export const PATTERN_SPIKE_MGDL = 200;
export const PATTERN_LOW_MGDL = 70;

/**
 * What a detected pattern means, for whose record it is: "Your glucose ..." for the account's own,
 * "Mia’s glucose ..." while a guardian acts for a ward (the pattern screen and the assistant alike).
 * Zod-free, for light web chunks.
 */
export function patternDescription(id: PatternId, unit: GlucoseUnit, w?: Whose): string;
/** An id from an answer (a string there): undefined for one this version does not know. */
export function patternDescription(id: string, unit: GlucoseUnit, w?: Whose): string | undefined;
export function patternDescription(id: string, unit: GlucoseUnit, w: Whose = OWN_RECORD) {
  switch (id) {
    case 'dawn_phenomenon':
      return `${w.Your} glucose is higher in the early morning (6–8 AM) than late at night (10 PM–2 AM).`;
    case 'post_meal_spikes':
      return `Many of ${w.your} after-meal readings are above ${formatGlucoseWithUnit(PATTERN_SPIKE_MGDL, unit)}.`;
    case 'night_lows':
      return `${w.Your} glucose often drops below ${formatGlucoseWithUnit(PATTERN_LOW_MGDL, unit)} between midnight and 6 AM.`;
    default:
      return undefined;
  }
}
