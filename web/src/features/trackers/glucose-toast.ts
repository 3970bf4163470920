import type { GlucoseUnit } from '@healthfolio/core';
import type { Whose } from '@healthfolio/core/text/whose';
import { toast } from 'sonner';
import { lowAlertWords } from './log-alert-words';
import { lowAlertToastOptions } from './low-alert-toast';

/**
 * After a glucose reading is saved: a low or urgent low is told as the alert it is, with what to
 * do now (for whose record it is), instead of "Saved Blood Glucose". Returns false (nothing shown)
 * for any other level.
 */
export function toastLowAfterSave(mgdl: number, unit: GlucoseUnit, w: Whose): boolean {
  const words = lowAlertWords(mgdl, unit, w);
  if (!words) return false;
  toast.error(words.title, { description: words.description, ...lowAlertToastOptions(words.urgent) });
  return true;
}
