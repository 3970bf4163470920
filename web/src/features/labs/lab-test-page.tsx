import { ucumLabel } from '@healthfolio/core/labs/ucum-labels';
import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { BackLink } from '@/components/ui/back-link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useWhose } from '@/features/household/whose';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { QueryView } from '@/features/trackers/screen-parts';
import { ApiError, errorMessage } from '@/lib/api';
import { labChartData } from './lab-chart-data';
import { CriticalAdvice, LabResultList, labDate, labValueText } from './lab-result-list';
import { noTestResultsWords } from './lab-words';
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

function TestTrend({ series, timeZone }: { series: LabTestSeriesResponse; timeZone: string }) {
  const chart = labChartData(series, timeZone);
  const remove = useDeleteLabResult();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<LabResultResponse | null>(null);
  const [editing, setEditing] = useState<LabResultResponse | null>(null);
  const results = [...series.items].reverse();
  const band = !chart.shaded
    ? ''
    : chart.oneRange
      ? `, the reference range shaded (${chart.oneRange})`
      : ', each result’s reference range shaded';
  return (
    <div className="flex flex-col gap-6">
      {/* The chart's figures come first on this page: the latest result's advice goes before them. */}
      <CriticalAdvice flag={series.items.at(-1)!.flag} />
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
                  <LabTrendChart chart={chart} unit={ucumLabel(chart.unit)} timeZone={timeZone} />
                </Suspense>
              </div>
            </figure>
            {chart.leftOut.length > 0 && (
              <ul aria-label="Results not on the chart" className="mt-2 text-sm text-muted-foreground">
                {chart.leftOut.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
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
          linkSources
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
            description={`${series.testName} of ${labDate(deleting, timeZone)}: ${labValueText(deleting)}.`}
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
  const w = useWhose();
  // An address with no results (404) or no test code (400) is said as such; Try again cannot help.
  const status = series.error instanceof ApiError ? series.error.status : null;
  const nothing =
    status === 404 ? noTestResultsWords(w) : status === 400 ? 'This is not the address of a lab test.' : null;
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <BackLink to="/dashboard/lab-results" label="Back to lab results" />
      {nothing ? (
        <Card>
          <CardContent className="p-6 text-sm text-muted-foreground">{nothing}</CardContent>
        </Card>
      ) : (
        <QueryView query={series} what="this test’s results">
          {(s) => (
            <>
              <h2 className="text-xl font-semibold">
                {s.testName}{' '}
                <span className="text-sm font-normal text-muted-foreground">LOINC {s.loinc}</span>
              </h2>
              <TestTrend series={s} timeZone={profile.timezone} />
            </>
          )}
        </QueryView>
      )}
    </div>
  );
}
