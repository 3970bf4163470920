import { countOf } from '@healthfolio/core/text/count-words';
import { formatGlucoseWithUnit } from '@healthfolio/core/units/glucose-units';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { CardDescription } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { bpText, isCrisisEntry } from './entry-format';
import { PressureCrisisTag } from './pressure-crisis-tag';
import { useEntryRange, useTrackerStats } from './use-entries';

const PressureTrendChart = lazy(() =>
  import('./trend-chart').then((m) => ({ default: m.PressureTrendChart })),
);

function Small<T>({
  query,
  what,
  children,
}: {
  query: UseQueryResult<T>;
  what: string;
  children: (d: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={`Loading ${what}`} />;
  if (query.isLoadingError)
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm">
        <span>
          Could not load {what}: {errorMessage(query.error, 'the server did not answer.')}
        </span>
        <Button variant="outline" size="sm" onClick={() => query.refetch()}>
          Try again
        </Button>
      </div>
    );
  return <>{children(query.data)}</>;
}

/** The home card "Glucose 7-Day Average": the server's mean of the last 7 days, in the user's unit. */
export function GlucoseAverageBody({ empty }: { empty: string }) {
  const { glucoseUnit } = useDashboardContext().profile;
  const stats = useTrackerStats('blood-glucose');
  return (
    <Small query={stats} what="the glucose average">
      {(s) =>
        s.average7d === null ? (
          <CardDescription>{empty}</CardDescription>
        ) : (
          <p className="flex flex-col">
            <span className="text-2xl font-semibold tabular-nums">
              {formatGlucoseWithUnit(s.average7d, glucoseUnit)}
            </span>
            <span className="text-sm text-muted-foreground">
              Average of {countOf(s.average7dReadings, 'reading')} in the last 7 days
            </span>
          </p>
        )
      }
    </Small>
  );
}

/** The home card "Blood Pressure Trend": a small chart of the last 30 days. */
export function PressureTrendBody({ empty }: { empty: string }) {
  const { profile } = useDashboardContext();
  const range = useEntryRange('blood-pressure', 30);
  return (
    <Small query={range} what="blood pressure readings">
      {(entries) => {
        const latest = entries.at(-1);
        if (!latest) return <CardDescription>{empty}</CardDescription>;
        return (
          <div className="flex flex-col gap-2">
            <p className="text-sm">
              Latest: <span className="font-semibold">{bpText(latest)}</span>
              <span className="text-muted-foreground"> · {entries.length} in 30 days</span>
            </p>
            {isCrisisEntry(latest) && <PressureCrisisTag />}
            <Suspense fallback={<Spinner label="Loading chart" className="h-[120px]" />}>
              <div aria-hidden="true">
                <PressureTrendChart entries={entries} profile={profile} />
              </div>
            </Suspense>
            <p className="text-xs text-muted-foreground">
              Solid line: systolic · dashed line: diastolic (mmHg)
            </p>
          </div>
        );
      }}
    </Small>
  );
}
