import type { StackingWarning } from '@healthfolio/core/glucose/insulin-on-board';
import { Layers } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { useGlucoseFormat } from '@/features/diabetes/format';
import { useWhose } from '@/features/household/whose';

const ago = (minutes: number) => {
  if (minutes < 60) return `${minutes} min ago`;
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m ? `${h} h ${m} min ago` : `${h} h ago`;
};

/** A correction now would stack on a previous one still acting: name it and what is left of it. */
export function StackingAlert({ warning }: { warning: StackingWarning }) {
  const fmt = useGlucoseFormat();
  const w = useWhose();
  return (
    <Alert role="alert" className="flex gap-2 border-orange-600/50">
      <Layers className="size-5 shrink-0 text-orange-700 dark:text-orange-400" aria-hidden="true" />
      <div>
        <p className="font-semibold">Insulin stacking warning</p>
        <p>
          {w.name
            ? `${w.Your} dose of ${warning.dose.units.toFixed(1)} units including a correction was logged at`
            : `You logged ${warning.dose.units.toFixed(1)} units including a correction at`}{' '}
          {fmt.time(warning.dose.at)} ({ago(warning.minutesAgo)}); {warning.iob.toFixed(1)} units of it are
          still on board. Another correction now adds to it: use the dose adjusted for insulin on board, or
          wait and re-check.
        </p>
      </div>
    </Alert>
  );
}
