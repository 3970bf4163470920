import { highDoseAboveUnits, type InsulinDose, insulinDoseLevel } from '@healthfolio/core/glucose/insulin';
import { TriangleAlert } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { useWhose } from '@/features/household/whose';
import { cn } from '@/lib/utils';

// Colour and a word: above the maximum red (refused), above the alert's threshold orange, else green.
const LEVEL = {
  above_maximum: { className: 'text-destructive', word: 'Refused: above your maximum' },
  high: { className: 'text-orange-700 dark:text-orange-400', word: 'High dose' },
  normal: { className: 'text-success', word: 'Usual dose' },
} as const;

const units = (n: number) => `${n.toFixed(1)} units`;

/** Meal, correction and total insulin, announced as they change, with the high dose alert. */
export function DoseResult({ dose, maximum }: { dose: InsulinDose | null; maximum: number }) {
  const kind = dose ? insulinDoseLevel(dose.totalInsulin, maximum) : null;
  const level = kind ? LEVEL[kind] : null;
  const w = useWhose();
  const word = kind === 'above_maximum' && w.name ? `Refused: above ${w.your} maximum` : level?.word;
  return (
    <>
      <section aria-live="polite" aria-label="Calculated dose" className="rounded-lg border bg-muted/40 p-4">
        {dose ? (
          <dl className="grid grid-cols-3 gap-3 text-center">
            <div>
              <dt className="text-sm text-muted-foreground">Meal insulin</dt>
              <dd className="text-xl font-semibold tabular-nums">{units(dose.mealInsulin)}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Correction</dt>
              <dd className="text-xl font-semibold tabular-nums">{units(dose.correctionInsulin)}</dd>
            </div>
            <div>
              <dt className="text-sm text-muted-foreground">Total insulin</dt>
              <dd className={cn('text-2xl font-bold tabular-nums', level?.className)}>
                {units(dose.totalInsulin)}
                <span className="block text-xs font-medium">{word}</span>
              </dd>
            </div>
          </dl>
        ) : (
          <p className="text-sm text-muted-foreground">
            Enter {w.your} glucose, the carbs {w.you} will eat, or both.
          </p>
        )}
      </section>
      {kind === 'high' && (
        <Alert variant="destructive" role="alert" className="flex gap-2">
          <TriangleAlert className="size-5 shrink-0" aria-hidden="true" />
          <div>
            <p className="font-semibold">High Dose Alert</p>
            <p>
              This dose is above {highDoseAboveUnits(maximum)} units (two thirds of {w.your} {maximum}-unit
              maximum).{' '}
              {w.name
                ? 'Double-check the numbers before it is given.'
                : 'Double-check your numbers before you take it.'}
            </p>
          </div>
        </Alert>
      )}
    </>
  );
}
