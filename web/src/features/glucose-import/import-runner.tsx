import { GLUCOSE_BATCH_MAX } from '@healthfolio/core/glucose/glucose.schema';
import { importSource, type ParsedImport } from '@healthfolio/core/glucose/import/types';
import { countOf } from '@healthfolio/core/text/count-words';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useRefreshDiabetesData } from '@/features/diabetes/glucose-api';
import { api, errorMessage } from '@/lib/api';

type BatchResult = { received: number; inserted: number; duplicates: number };
type Run =
  | { state: 'idle' }
  | { state: 'running'; done: number; total: number; inserted: number; duplicates: number }
  | { state: 'done'; inserted: number; duplicates: number }
  | { state: 'failed'; done: number; total: number; inserted: number; duplicates: number; message: string };

const link = 'font-medium text-primary underline-offset-4 hover:underline';

/** Sends the readings in batches of 5,000 with a real progress bar; safe to repeat (the server skips duplicates). */
export function ImportRunner({ result }: { result: ParsedImport }) {
  const refresh = useRefreshDiabetesData();
  const [run, setRun] = useState<Run>({ state: 'idle' });
  const total = Math.ceil(result.readings.length / GLUCOSE_BATCH_MAX);

  const start = async () => {
    let inserted = 0;
    let duplicates = 0;
    const source = importSource(result.format);
    for (let i = 0; i < total; i++) {
      setRun({ state: 'running', done: i, total, inserted, duplicates });
      const batch = result.readings.slice(i * GLUCOSE_BATCH_MAX, (i + 1) * GLUCOSE_BATCH_MAX);
      try {
        const answer = await api<BatchResult>('/api/v1/glucose/readings/batch', {
          method: 'POST',
          body: { source, readings: batch.map((r) => ({ at: new Date(r.at).toISOString(), mgdl: r.mgdl })) },
        });
        inserted += answer.inserted;
        duplicates += answer.duplicates;
      } catch (error) {
        setRun({
          state: 'failed',
          done: i,
          total,
          inserted,
          duplicates,
          message: errorMessage(error, 'The server did not accept the readings.'),
        });
        void refresh();
        return;
      }
    }
    setRun({ state: 'done', inserted, duplicates });
    void refresh();
  };

  const running = run.state === 'running';
  return (
    <Card>
      <CardHeader>
        <CardTitle>Import</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {run.state === 'idle' && (
          <Button className="self-start" onClick={start}>
            Import {countOf(result.readings.length, 'reading')}
          </Button>
        )}
        {(run.state === 'running' || run.state === 'failed') && (
          <div className="flex flex-col gap-2">
            <label htmlFor="import-progress" className="text-sm">
              {running ? 'Importing…' : 'Stopped'} batch {Math.min(run.done + (running ? 1 : 0), run.total)}{' '}
              of {run.total}
            </label>
            <progress
              id="import-progress"
              className="h-3 w-full overflow-hidden rounded-full accent-primary"
              value={run.done}
              max={run.total}
            >
              {run.done} of {countOf(run.total, 'batch', 'batches')}
            </progress>
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {run.done} of {countOf(run.total, 'batch', 'batches')} done · {run.inserted.toLocaleString()}{' '}
              new so far
            </p>
          </div>
        )}
        {run.state === 'failed' && (
          <Alert variant="destructive" role="alert">
            <p className="font-semibold">The import stopped</p>
            <p>{run.message}</p>
            <p className="mt-1">
              {countOf(run.inserted, 'reading')} {run.inserted === 1 ? 'was' : 'were'} saved before it
              stopped. Importing again is safe: readings already saved are skipped.
            </p>
            <Button variant="outline" className="mt-2" onClick={start}>
              Try again
            </Button>
          </Alert>
        )}
        {run.state === 'done' && (
          <div role="status" className="flex flex-col gap-2">
            <p className="font-semibold">Import complete</p>
            <p>
              {run.inserted.toLocaleString()} new {run.inserted === 1 ? 'reading' : 'readings'} imported;{' '}
              {run.duplicates.toLocaleString()} already present.
            </p>
            <p className="flex flex-wrap gap-x-4 text-sm">
              <Link to="/dashboard" className={link}>
                Go to the glucose home
              </Link>
              <Link to="/dashboard/glucose-trends" className={link}>
                See glucose trends
              </Link>
            </p>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
