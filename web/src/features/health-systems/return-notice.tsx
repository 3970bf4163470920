import { X } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SyncProgress } from './connection-list';
import type { HealthSystemConnection } from './health-systems-api';
import { callbackErrorWords, syncSummary } from './health-systems-words';

/** Back from the portal: ?connected=<id> follows that connection's first sync; ?error=<code> says why not. */
export function ReturnNotice({ connections }: { connections: HealthSystemConnection[] | undefined }) {
  const [params, setParams] = useSearchParams();
  const connectedId = params.get('connected');
  const error = params.get('error');
  if (!connectedId && !error) return null;
  const dismiss = (
    <Button variant="ghost" size="icon" aria-label="Dismiss" onClick={() => setParams({}, { replace: true })}>
      <X aria-hidden="true" />
    </Button>
  );
  if (error)
    return (
      <Alert variant="destructive" role="alert" className="flex items-start justify-between gap-2">
        <p>{callbackErrorWords(error)}</p>
        {dismiss}
      </Alert>
    );
  const c = connections?.find((x) => x.id === connectedId);
  if (!c) return null;
  // A first sync not yet started counts as under way: the list is being read until it starts.
  const done = c.status !== 'syncing' && (c.status !== 'ok' || c.lastSyncAt !== null);
  return (
    <Alert role="status" className="flex items-start justify-between gap-2">
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <p className="font-medium">
          Connected to {c.name}.{' '}
          {done
            ? c.status === 'ok' && c.lastSync
              ? `Brought in ${syncSummary(c.lastSync)}.`
              : ''
            : 'Bringing in your records…'}
        </p>
        {!done && <SyncProgress connection={c} />}
        {done && c.status === 'ok' && (
          <p className="text-sm">
            See them under{' '}
            <Link to="/dashboard/lab-results" className="underline underline-offset-4">
              Lab Results
            </Link>{' '}
            and{' '}
            <Link to="/dashboard/health-summary" className="underline underline-offset-4">
              Health Summary
            </Link>
            .
          </p>
        )}
      </div>
      {dismiss}
    </Alert>
  );
}
