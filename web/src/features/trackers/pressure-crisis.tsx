import {
  BLOOD_PRESSURE_CATEGORY_TEXT,
  CRISIS_PRESSURE_STEPS,
  isCrisisPressure,
} from '@healthfolio/core/trackers/blood-pressure-category';
import { TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';

export const CRISIS_WORD = BLOOD_PRESSURE_CATEGORY_TEXT.crisis.name;

/** The word and icon beside a crisis-level reading: never colour alone. */
export function PressureCrisisTag() {
  return (
    <span className="inline-flex items-center gap-1 text-sm font-semibold text-destructive">
      <TriangleAlert className="size-4" aria-hidden="true" />
      {CRISIS_WORD}
    </span>
  );
}

/**
 * After a reading is saved: a crisis level is told as the alert it is, what to do now before the
 * figure, and it stays until the user closes it. Returns false (nothing shown) below that level.
 */
export function toastCrisisAfterSave(systolic: number, diastolic: number): boolean {
  if (!isCrisisPressure(systolic, diastolic)) return false;
  toast.error(`${CRISIS_WORD}: what to do now`, {
    id: 'pressure-crisis-alert',
    description: `${CRISIS_PRESSURE_STEPS} Saved: ${systolic}/${diastolic} mmHg.`,
    duration: Number.POSITIVE_INFINITY,
    closeButton: true,
  });
  return true;
}
