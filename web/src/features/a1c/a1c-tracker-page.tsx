import {
  A1C_TARGET_PERCENT,
  a1cTrend,
  estimatedAverageGlucose,
  meetsA1cTarget,
} from '@healthfolio/core/glucose/a1c';
import { HBA1C_LOINC } from '@healthfolio/core/labs/hba1c';
import { recordDay } from '@healthfolio/core/units/date-precision';
import { ArrowDown, ArrowRight, ArrowUp } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useGlucoseFormat } from '@/features/diabetes/format';
import { useGlucoseStats } from '@/features/diabetes/glucose-api';
import { QueryState } from '@/features/diabetes/glucose-ui';
import { GmiText } from '@/features/glucose-analytics/glucose-summary';
import { useWhose } from '@/features/household/whose';
import { useLabResults } from '@/features/labs/labs-api';
import { recordDate } from '@/lib/entry-when';

// The form (and its form library) loads beside the page, not in its first load.
const A1cForm = lazy(() => import('./a1c-form').then((m) => ({ default: m.A1cForm })));
const A1cChart = lazy(() => import('./a1c-chart').then((m) => ({ default: m.A1cChart })));

/** `testDate` is the day the trend goes by; `date` the test's date as the list writes it. */
type A1cRow = {
  id: string;
  value: number;
  testDate: string;
  date: string;
  lab?: string;
  notes: string | null;
};

const TREND = {
  up: { Icon: ArrowUp, word: 'Rising' },
  down: { Icon: ArrowDown, word: 'Falling' },
  stable: { Icon: ArrowRight, word: 'Stable' },
} as const;

function TrendWord({ trend }: { trend: keyof typeof TREND }) {
  const { Icon, word } = TREND[trend];
  return (
    <>
      <Icon className="size-5" aria-hidden="true" />
      {word}
    </>
  );
}

/** /dashboard/a1c-tracker */
export function A1cTrackerPage() {
  const fmt = useGlucoseFormat();
  // A1C results are lab results (LOINC 4548-4), latest first.
  const entries = useLabResults(HBA1C_LOINC);
  const gmi = useGlucoseStats(90);
  const w = useWhose();
  const rows: A1cRow[] = (entries.data ?? []).flatMap((r) =>
    r.value === null
      ? []
      : [
          {
            id: r.id,
            value: r.value,
            testDate: recordDay(r.effectiveAt, r.effectivePrecision, fmt.timeZone),
            date: recordDate(r.effectiveAt, r.effectivePrecision, fmt.timeZone),
            lab: r.labName ?? undefined,
            notes: r.note,
          },
        ],
  );
  const latest = rows[0];
  const trend = a1cTrend(rows.map((r) => ({ value: r.value, testDate: r.testDate })));
  const eag = (value: number) =>
    `${estimatedAverageGlucose(value, fmt.unit).toFixed(fmt.unit === 'mmol/L' ? 1 : 0)} ${fmt.unit}`;
  const chart = [...rows].reverse().map((r) => ({
    at: Date.parse(`${r.testDate}T00:00:00Z`),
    date: r.date,
    value: r.value,
    eag: eag(r.value),
  }));

  return (
    <div className="grid max-w-6xl gap-6 lg:grid-cols-2">
      <div className="flex flex-col gap-6">
        <Suspense fallback={<Spinner label="Loading the form" />}>
          <A1cForm />
        </Suspense>
        <Card>
          <CardHeader>
            <CardTitle>GMI from {w.your} CGM data</CardTitle>
            <CardDescription>
              Glucose Management Indicator over the last 90 days, for comparison with lab A1C.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <QueryState query={gmi} what={`${w.your} CGM statistics`}>
              {gmi.data && <GmiText stats={gmi.data} />}
            </QueryState>
          </CardContent>
        </Card>
      </div>
      <QueryState query={entries} what={`${w.your} A1C readings`}>
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle>Latest A1C</CardTitle>
              <CardDescription>Target: under {A1C_TARGET_PERCENT.toFixed(1)}%</CardDescription>
            </CardHeader>
            <CardContent>
              {latest ? (
                <dl className="grid grid-cols-2 gap-4">
                  <div>
                    <dt className="text-sm text-muted-foreground">A1C</dt>
                    <dd className="text-3xl font-semibold tabular-nums">{latest.value.toFixed(1)}%</dd>
                    <dd className="text-sm text-muted-foreground">{latest.date}</dd>
                  </div>
                  <div>
                    <dt className="text-sm text-muted-foreground">Target</dt>
                    <dd className="text-lg font-semibold">
                      {meetsA1cTarget(latest.value) ? 'Under the 7.0% target' : 'At or above the 7.0% target'}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-sm text-muted-foreground">Estimated average glucose</dt>
                    <dd className="text-lg font-semibold tabular-nums">{eag(latest.value)}</dd>
                  </div>
                  <div>
                    <dt className="text-sm text-muted-foreground">Trend</dt>
                    <dd className="flex items-center gap-1 text-lg font-semibold">
                      {trend ? (
                        <TrendWord trend={trend} />
                      ) : (
                        <span className="text-sm font-normal text-muted-foreground">Needs two readings</span>
                      )}
                    </dd>
                  </div>
                </dl>
              ) : (
                <p className="text-muted-foreground">No A1C readings yet. Add {w.your} first lab result.</p>
              )}
            </CardContent>
          </Card>
          {rows.length > 0 && (
            <Card>
              <CardHeader>
                <CardTitle>A1C over time</CardTitle>
              </CardHeader>
              <CardContent>
                <figure
                  aria-label="Line chart of A1C by test date, spaced by time, target line at 7%"
                  className="m-0 text-muted-foreground"
                >
                  <div aria-hidden="true">
                    <Suspense fallback={<Spinner label="Loading chart" />}>
                      <A1cChart data={chart} />
                    </Suspense>
                  </div>
                </figure>
              </CardContent>
            </Card>
          )}
          {rows.length > 0 && (
            <Card>
              <CardHeader>
                <CardTitle>History</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="divide-y">
                  {rows.map((r) => (
                    <li key={r.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
                      <span>
                        <span className="font-semibold tabular-nums">{r.value.toFixed(1)}%</span>{' '}
                        <span className="text-sm text-muted-foreground">eAG {eag(r.value)}</span>
                      </span>
                      <span className="text-sm text-muted-foreground">
                        {r.date}
                        {r.lab ? ` · ${r.lab}` : ''}
                      </span>
                      {r.notes && <span className="w-full text-sm text-muted-foreground">{r.notes}</span>}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          )}
        </div>
      </QueryState>
    </div>
  );
}
