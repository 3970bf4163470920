import type { DosingSettings } from '@healthfolio/core/glucose/dosing-guards';
import { INSULIN_CURVE_LABELS, type IobAdjustedDose } from '@healthfolio/core/glucose/insulin-on-board';
import { useWhose } from '@/features/household/whose';

const units = (n: number) => `${n.toFixed(1)} units`;

/**
 * The same dose with the correction reduced by insulin still active from logged doses, beside the
 * plain result, labelled so the two are never confused.
 */
export function IobResult({ adjusted, dosing }: { adjusted: IobAdjustedDose; dosing: DosingSettings }) {
  const w = useWhose();
  return (
    <section aria-label="Adjusted for insulin on board" className="rounded-lg border p-4">
      <h3 className="text-sm font-semibold">Adjusted for insulin on board</h3>
      <p className="mt-1 text-xs text-muted-foreground">
        Insulin still active from {w.name ? `${w.your} logged doses` : 'the doses you logged'} (
        {INSULIN_CURVE_LABELS[dosing.curve].toLowerCase()}, acting {dosing.diaHours} hours) is taken off the
        correction only, never below zero. The result above is the plain formula, which does not count it.
      </p>
      <dl className="mt-3 grid grid-cols-3 gap-3 text-center">
        <div>
          <dt className="text-sm text-muted-foreground">Insulin on board</dt>
          <dd className="text-lg font-semibold tabular-nums">{units(adjusted.iob)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Correction after IOB</dt>
          <dd className="text-lg font-semibold tabular-nums">{units(adjusted.correctionAfterIob)}</dd>
        </div>
        <div>
          <dt className="text-sm text-muted-foreground">Total after IOB</dt>
          <dd className="text-lg font-semibold tabular-nums">{units(adjusted.totalAfterIob)}</dd>
        </div>
      </dl>
    </section>
  );
}
