import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { useWhose } from '@/features/household/whose';
import { QueryView } from '@/features/trackers/screen-parts';
import { ConnectCard, type ConnectTarget } from './connect-card';
import { expectSync, type HealthSystemConnection, useConnections } from './health-systems-api';
import { useCanConnect } from './use-can-connect';

// The connections (their words, which bring the record-import groups' schema, and the confirm dialog)
// load after the page: DESIGN §9's 170 KB first load.
const ConnectionList = lazy(async () => ({ default: (await import('./connection-list')).ConnectionList }));
const ReturnNotice = lazy(async () => ({ default: (await import('./return-notice')).ReturnNotice }));

/** /dashboard/health-systems: connect patient portals and insurers (SMART on FHIR), and the connections. */
export function HealthSystemsPage() {
  const w = useWhose();
  const [params] = useSearchParams();
  // Back from the portal, the first sync may not have started when the list is first read.
  useState(() => params.has('connected') && expectSync());
  const connections = useConnections();
  const canConnect = useCanConnect();
  const [target, setTarget] = useState<ConnectTarget | null>(null);
  const reconnect = (c: HealthSystemConnection) => {
    setTarget({ name: c.name, fhirBaseUrl: c.fhirBaseUrl });
    document.getElementById('connect')?.scrollIntoView({ block: 'start' });
  };
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <p className="text-muted-foreground">
        {w.Your} records from patient portals and insurers, brought in directly and kept up to date.
      </p>
      <Suspense fallback={null}>
        <ReturnNotice connections={connections.data} />
      </Suspense>
      <ConnectCard target={target} onTarget={setTarget} />
      {/* With nothing to connect here, an empty "Your connections" would only repeat it. */}
      {(canConnect !== false || (connections.data?.length ?? 0) > 0) && (
        <section aria-labelledby="connections-heading" className="flex flex-col gap-3">
          <h2 id="connections-heading" className="text-lg font-semibold">
            {w.Your} connections
          </h2>
          <QueryView query={connections} what={`${w.your} connections`}>
            {(items) => (
              <Suspense fallback={<Spinner label={`Loading ${w.your} connections`} className="p-4" />}>
                <ConnectionList connections={items} onReconnect={reconnect} />
              </Suspense>
            )}
          </QueryView>
        </section>
      )}
    </div>
  );
}
