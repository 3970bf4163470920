import type { GlucoseUnit } from '@healthfolio/core';
import { glucoseLevel, LOW_STEPS, URGENT_LOW_STEPS } from '@healthfolio/core/glucose/levels';
import { formatGlucoseWithUnit } from '@healthfolio/core/units/glucose-units';
import { toast } from 'sonner';
import { lowAlertToastOptions } from './low-alert-toast';

/**
 * After a glucose reading is saved: a low or urgent low is told as the alert it is, with what to
 * do now, instead of "Saved Blood Glucose". Returns false (nothing shown) for any other level.
 */
export function toastLowAfterSave(mgdl: number, unit: GlucoseUnit): boolean {
  const level = glucoseLevel(mgdl);
  if (!level.actNow) return false;
  const urgent = level.id === 'very_low';
  toast.error(`${level.word}: ${formatGlucoseWithUnit(mgdl, unit)}`, {
    description: `Saved. ${urgent ? URGENT_LOW_STEPS : LOW_STEPS}`,
    ...lowAlertToastOptions(urgent),
  });
  return true;
}
