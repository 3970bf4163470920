import { type DeductibleProgress, deductibleProgress } from '@healthfolio/core/insurance/analytics';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import type { Open } from './dialog-state';
import type { PlanResponse } from './insurance-api';
import { formatDay, useInsuranceLocale } from './insurance-format';
import { planYearLeft } from './insurance-words';

/** Deductible progress of the active primary plan: met, total and the time left in its plan year. */
export function DeductibleCard({ plans, open }: { plans: readonly PlanResponse[]; open: Open }) {
  const { money, today } = useInsuranceLocale();
  const primary = plans.find((p) => p.type === 'primary' && p.status === 'active');
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Deductible Progress</CardTitle>
        <CardDescription>{primary ? primary.name : 'Your active primary plan'}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm">
        {primary ? (
          <DeductibleBody plan={primary} money={money} today={today} />
        ) : (
          <>
            <p className="text-muted-foreground">
              No active primary plan. Add one to follow your deductible.
            </p>
            <Button variant="outline" className="self-start" onClick={() => open({ kind: 'plan' })}>
              Add Insurance
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function DeductibleMet({ d, money }: { d: DeductibleProgress; money: (c: number) => string }) {
  return (
    <>
      <p>
        <span className="text-lg font-semibold tabular-nums">{money(d.currentCents)}</span> of{' '}
        <span className="tabular-nums">{money(d.totalCents)}</span> met ({d.percentage}%)
      </p>
      <Progress
        label="Deductible met"
        value={d.currentCents}
        max={d.totalCents}
        valueText={`${money(d.currentCents)} of ${money(d.totalCents)}`}
      />
      <p className="text-muted-foreground">
        {money(d.remainingCents)} to go · {planYearLeft(d)} left in the plan year (renews{' '}
        {formatDay(d.planYearEnd)})
      </p>
    </>
  );
}

function DeductibleBody({
  plan,
  money,
  today,
}: {
  plan: PlanResponse;
  money: (c: number) => string;
  today: string;
}) {
  const d = deductibleProgress(plan, today);
  const oop = Math.min(plan.outOfPocketMetCents, plan.outOfPocketMaxCents);
  return (
    <>
      {d.totalCents > 0 ? (
        <DeductibleMet d={d} money={money} />
      ) : (
        // A deductible of 0 was left empty: "$0.00 of $0.00 met (100%)" would be a figure nobody gave.
        <p>No deductible entered. Edit the plan to follow what you have paid towards it.</p>
      )}
      {plan.outOfPocketMaxCents > 0 && (
        <>
          <p className="mt-2">
            Out-of-pocket: <span className="tabular-nums">{money(oop)}</span> of{' '}
            <span className="tabular-nums">{money(plan.outOfPocketMaxCents)}</span>
          </p>
          <Progress
            label="Out-of-pocket maximum met"
            value={oop}
            max={plan.outOfPocketMaxCents}
            valueText={`${money(oop)} of ${money(plan.outOfPocketMaxCents)}`}
          />
        </>
      )}
    </>
  );
}
