import type { GlucoseUnit } from '@healthfolio/core';
import { glucoseLevel, LOW_STEPS, URGENT_LOW_STEPS } from '@healthfolio/core/glucose/levels';
import { formatGlucoseWithUnit } from '@healthfolio/core/units/glucose-units';
import { toast } from 'sonner';

/**
 * One toast for a low: the log dialog's and the follow-up notification's (live stream) share this id,
 * so the second replaces the first instead of stacking, and nothing sits on top of the alert.
 */
export const LOW_ALERT_TOAST_ID = 'glucose-low-alert';

/** An urgent low stays until the user closes it. */
export const lowAlertToastOptions = (urgent: boolean) => ({
  id: LOW_ALERT_TOAST_ID,
  duration: urgent ? Number.POSITIVE_INFINITY : 30_000,
  closeButton: true,
});

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
