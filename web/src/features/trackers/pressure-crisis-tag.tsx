import { BLOOD_PRESSURE_CATEGORY_TEXT } from '@healthfolio/core/trackers/blood-pressure-category';
import { TriangleAlert } from 'lucide-react';

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
