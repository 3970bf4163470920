import { countOf } from '@healthfolio/core/text/count-words';
import { Plus } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ConnectHealthSystemCard } from '@/features/health-systems/connect-health-system-card';
import { useCanConnect } from '@/features/health-systems/use-can-connect';
import { useWhose } from '@/features/household/whose';
import { ImportRecordButton } from '@/features/record-import/import-record-button';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { QueryView } from '@/features/trackers/screen-parts';
import { CriticalAdvice, FlagBadge, labDate, labValueText, sourceWords } from './lab-result-list';
import { noLabResultsWords } from './lab-words';
import { type LabResultResponse, useLabResults } from './labs-api';

const AddLabResultDialog = lazy(async () => ({
  default: (await import('./add-lab-result-dialog')).AddLabResultDialog,
}));

/** Results grouped by test (LOINC), each group latest first; groups by their latest result. */
const byTest = (results: LabResultResponse[]) => {
  const groups = new Map<string, LabResultResponse[]>();
  for (const r of results) groups.set(r.loinc, [...(groups.get(r.loinc) ?? []), r]);
  return [...groups.values()];
};

/** /dashboard/lab-results */
export function LabResultsPage() {
  const { profile } = useDashboardContext();
  const results = useLabResults();
  const [adding, setAdding] = useState(false);
  const canConnect = useCanConnect('provider');
  const w = useWhose();
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted-foreground">
          {w.Your} lab tests, each with its latest result and its trend.
        </p>
        <div className="flex flex-wrap gap-2">
          <ImportRecordButton />
          <Button onClick={() => setAdding(true)}>
            <Plus className="size-4" aria-hidden="true" />
            Add a result
          </Button>
        </div>
      </div>
      {adding && (
        <Suspense fallback={<Spinner label="Opening the form" />}>
          <AddLabResultDialog open={adding} onOpenChange={setAdding} />
        </Suspense>
      )}
      <QueryView query={results} what={`${w.your} lab results`}>
        {(items) =>
          items.length === 0 ? (
            <Card>
              <CardContent className="py-8 text-center text-muted-foreground">
                {noLabResultsWords(Boolean(canConnect), w)}
              </CardContent>
            </Card>
          ) : (
            <ul aria-label="Lab tests" className="grid gap-4 sm:grid-cols-2">
              {byTest(items).map((group) => {
                const latest = group[0]!;
                return (
                  <li key={latest.loinc}>
                    <Card className="h-full">
                      <CardHeader>
                        <CardTitle className="text-base">
                          <Link
                            to={`/dashboard/lab-results/${latest.loinc}`}
                            className="underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                          >
                            {latest.testName}
                          </Link>
                        </CardTitle>
                        <CardDescription>
                          {countOf(group.length, 'result')} · LOINC {latest.loinc}
                        </CardDescription>
                      </CardHeader>
                      <CardContent className="flex flex-col gap-1">
                        <CriticalAdvice flag={latest.flag} />
                        <span className="flex items-center gap-2">
                          <span className="text-2xl font-semibold tabular-nums">{labValueText(latest)}</span>
                          <FlagBadge flag={latest.flag} />
                        </span>
                        <span className="text-sm text-muted-foreground">
                          {labDate(latest, profile.timezone)} · {sourceWords(latest)}
                        </span>
                      </CardContent>
                    </Card>
                  </li>
                );
              })}
            </ul>
          )
        }
      </QueryView>
      <ConnectHealthSystemCard kind="provider" />
    </div>
  );
}
