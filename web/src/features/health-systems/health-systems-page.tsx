import { X } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { QueryView } from '@/features/trackers/screen-parts';
import { ConnectCard, type ConnectTarget } from './connect-card';
import { ConnectionList, SyncProgress } from './connection-list';
import { type HealthSystemConnection, useConnections } from './health-systems-api';
import { callbackErrorWords, syncSummary } from './health-systems-words';

/** Back from the portal: ?connected=<id> follows that connection's first sync; ?error=<code> says why not. */
function ReturnNotice({ connections }: { connections: HealthSystemConnection[] | undefined }) {
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
  const done = c.status !== 'syncing';
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

/** /dashboard/health-systems: connect patient portals and insurers (SMART on FHIR), and the connections. */
export function HealthSystemsPage() {
  const connections = useConnections();
  const [target, setTarget] = useState<ConnectTarget | null>(null);
  const reconnect = (c: HealthSystemConnection) => {
    setTarget({ name: c.name, fhirBaseUrl: c.fhirBaseUrl });
    document.getElementById('connect')?.scrollIntoView({ block: 'start' });
  };
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <p className="text-muted-foreground">
        Your records from patient portals and insurers, brought in directly and kept up to date.
      </p>
      <ReturnNotice connections={connections.data} />
      <ConnectCard target={target} onTarget={setTarget} />
      <section aria-labelledby="connections-heading" className="flex flex-col gap-3">
        <h2 id="connections-heading" className="text-lg font-semibold">
          Your connections
        </h2>
        <QueryView query={connections} what="your connections">
          {(items) => <ConnectionList connections={items} onReconnect={reconnect} />}
        </QueryView>
      </section>
    </div>
  );
}
