import type { Whose } from '@healthfolio/core/text/whose';
import { toast } from 'sonner';
import { crisisAlertWords } from './log-alert-words';

/**
 * After a reading is saved: a crisis level is told as the alert it is, what to do now before the
 * figure (for whose record it is), and it stays until the user closes it. Returns false (nothing
 * shown) below that level. (The tag beside a listed reading is in pressure-crisis-tag.tsx, so lists
 * do not load these words.)
 */
export function toastCrisisAfterSave(systolic: number, diastolic: number, w: Whose): boolean {
  const words = crisisAlertWords(systolic, diastolic, w);
  if (!words) return false;
  toast.error(words.title, {
    id: 'pressure-crisis-alert',
    description: words.description,
    duration: Number.POSITIVE_INFINITY,
    closeButton: true,
  });
  return true;
}
