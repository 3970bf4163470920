import { convertLabValue, roundLabValue } from '@healthfolio/core/labs/lab-units';
import { rangeWords } from '@healthfolio/core/labs/lab-value-format';
import { ucumLabel } from '@healthfolio/core/labs/ucum-labels';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '@/components/ui/back-link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { QueryView } from '@/features/trackers/screen-parts';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/zoned-format';
import { LabResultList, labValueText } from './lab-result-list';
import {
  type LabResultResponse,
  type LabTestSeriesResponse,
  useDeleteLabResult,
  useLabSeries,
} from './labs-api';
import { trendUnitCaption } from './unit-words';

// The confirmation (and its dialog library) loads when a delete is asked for.
const ConfirmDialog = lazy(async () => ({
  default: (await import('@/components/ui/confirm-dialog')).ConfirmDialog,
}));
const EditLabResultDialog = lazy(async () => ({
  default: (await import('./edit-lab-result-dialog')).EditLabResultDialog,
}));
const LabTrendChart = lazy(async () => ({ default: (await import('./lab-trend-chart')).LabTrendChart }));

/** The series in the latest result's unit (results in a unit it cannot convert from are left out). */
const chartOf = (s: LabTestSeriesResponse, timeZone: string) => {
  const latest = s.items.at(-1)!;
  const unit = latest.unit ?? '';
  const points = s.items.flatMap((r) => {
    if (r.value === null) return [];
    const v = convertLabValue(s.loinc, r.value, r.unit ?? '', unit);
    return v === null
      ? []
      : [
          {
            at: Date.parse(r.effectiveAt),
            date: formatDate(r.effectiveAt, timeZone),
            value: roundLabValue(v),
          },
        ];
  });
  return { unit, points, low: latest.referenceLow, high: latest.referenceHigh };
};

function TestTrend({ series, timeZone }: { series: LabTestSeriesResponse; timeZone: string }) {
  const chart = chartOf(series, timeZone);
  const remove = useDeleteLabResult();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<LabResultResponse | null>(null);
  const [editing, setEditing] = useState<LabResultResponse | null>(null);
  const results = [...series.items].reverse();
  const band =
    chart.low !== null || chart.high !== null
      ? `, the reference range shaded (${rangeWords(chart.low, chart.high, chart.unit)})`
      : '';
  return (
    <div className="flex flex-col gap-6">
      {chart.points.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Trend</CardTitle>
            <CardDescription>{trendUnitCaption(chart.unit)}</CardDescription>
          </CardHeader>
          <CardContent>
            <figure
              aria-label={`Line chart of ${series.testName} by date${band}`}
              className="m-0 text-muted-foreground"
            >
              <div aria-hidden="true">
                <Suspense fallback={<Spinner label="Loading chart" />}>
                  <LabTrendChart
                    data={chart.points}
                    unit={ucumLabel(chart.unit)}
                    timeZone={timeZone}
                    low={chart.low}
                    high={chart.high}
                  />
                </Suspense>
              </div>
            </figure>
          </CardContent>
        </Card>
      )}
      <section className="flex flex-col gap-2">
        <h2 className="font-semibold">Results</h2>
        <LabResultList
          results={results}
          timeZone={timeZone}
          label={`${series.testName} results`}
          showTest={false}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </section>
      {editing && (
        <Suspense fallback={<Spinner label="Opening the form" />}>
          <EditLabResultDialog result={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
      {deleting && (
        <Suspense fallback={<Spinner label="Opening the confirmation" />}>
          <ConfirmDialog
            title="Delete this result?"
            description={`${series.testName} of ${formatDate(deleting.effectiveAt, timeZone)}: ${labValueText(deleting)}.`}
            confirmLabel="Delete result"
            pending={remove.isPending}
            onClose={() => setDeleting(null)}
            onConfirm={() =>
              remove.mutate(deleting.id, {
                onSuccess: () => {
                  toast.success('Result deleted');
                  setDeleting(null);
                  // The last result gone, the test has no page left.
                  if (series.items.length === 1) navigate('/dashboard/lab-results');
                },
                onError: (err) => toast.error(errorMessage(err, 'Could not delete the result')),
              })
            }
          />
        </Suspense>
      )}
    </div>
  );
}

/** /dashboard/lab-results/:loinc */
export function LabTestPage() {
  const { loinc = '' } = useParams();
  const { profile } = useDashboardContext();
  const series = useLabSeries(loinc);
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <BackLink to="/dashboard/lab-results" label="Back to lab results" />
      <QueryView query={series} what="this test’s results">
        {(s) => (
          <>
            <h2 className="text-xl font-semibold">
              {s.testName} <span className="text-sm font-normal text-muted-foreground">LOINC {s.loinc}</span>
            </h2>
            <TestTrend series={s} timeZone={profile.timezone} />
          </>
        )}
      </QueryView>
    </div>
  );
}
