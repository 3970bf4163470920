import type { DeviceConnectionListResponse } from '@healthfolio/core';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useNightscoutSource } from './devices-api';
import { providerName, useWhen } from './format';

type Connection = DeviceConnectionListResponse['items'][number];

/** Real figures per source: what each brought in, when it last synced and when it syncs next. */
export function DataOverview({ connections }: { connections: Connection[] }) {
  const when = useWhen();
  const source = useNightscoutSource();
  const ns = source.data?.configured ? source.data : null;
  if (!connections.length && !ns)
    return <p className="text-sm text-muted-foreground">No connected devices or Nightscout site yet.</p>;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {connections.map((c) => (
        <Card key={c.id}>
          <CardHeader>
            <CardTitle>{providerName(c.provider)}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">Glucose readings</dt>
              <dd>{c.counts.glucose}</dd>
              <dt className="text-muted-foreground">Weight entries</dt>
              <dd>{c.counts.weight}</dd>
              <dt className="text-muted-foreground">Blood pressure entries</dt>
              <dd>{c.counts.bloodPressure}</dd>
              <dt className="text-muted-foreground">Last sync</dt>
              <dd>{when(c.lastSyncAt ?? c.lastDataAt, 'not yet')}</dd>
              <dt className="text-muted-foreground">Next sync</dt>
              <dd>{when(c.nextSyncAt)}</dd>
            </dl>
            {c.lastError && <p className="mt-2 text-sm text-destructive">{c.lastError}</p>}
          </CardContent>
        </Card>
      ))}
      {ns && (
        <Card>
          <CardHeader>
            <CardTitle>Nightscout site</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-muted-foreground">New readings in last sync</dt>
              <dd>{ns.lastImported ?? '—'}</dd>
              <dt className="text-muted-foreground">Newest reading</dt>
              <dd>{when(ns.lastReadingAt)}</dd>
              <dt className="text-muted-foreground">Last sync</dt>
              <dd>{when(ns.lastSyncAt, 'not yet')}</dd>
              <dt className="text-muted-foreground">Next sync</dt>
              <dd>{when(ns.nextSyncAt)}</dd>
            </dl>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
