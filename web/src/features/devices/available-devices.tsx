import type { DeviceCatalogueResponse } from '@healthfolio/core';
import { Link2, Plug } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useWhose } from '@/features/household/whose';

type Item = DeviceCatalogueResponse['items'][number];

/** What works without the device service (Terra) set up: said plainly, with the ways that always work. */
export function TerraNotConfigured({ onNightscout }: { onNightscout: () => void }) {
  const w = useWhose();
  return (
    <Alert role="status">
      <p className="font-medium">Device connections are not set up on this server.</p>
      <p className="mt-1">
        Connecting wearables and health devices directly is not switched on here; whoever runs this
        Healthfolio can turn it on. You can still bring in {w.your} CGM data:{' '}
        <Link className="underline" to="/dashboard/glucose-import">
          import a CGM file
        </Link>{' '}
        (Dexcom Clarity, LibreView, CSV), or{' '}
        <button type="button" className="underline" onClick={onNightscout}>
          use Nightscout
        </button>{' '}
        ({w.your} own site, or xDrip+ and other apps uploading here).
      </p>
    </Alert>
  );
}

function DeviceCard({
  item,
  onConnect,
  busy,
}: {
  item: Item;
  onConnect: (codes: string[]) => void;
  busy: boolean;
}) {
  const available = item.providers.filter((p) => p.available);
  return (
    <Card>
      <CardHeader>
        <div className="flex items-start justify-between gap-2">
          <CardTitle>{item.name}</CardTitle>
          {item.status === 'beta' && <Badge variant="secondary">Beta</Badge>}
        </div>
        <CardDescription>{item.description}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <p className="text-sm text-muted-foreground">Data: {item.dataTypes.join(', ')}</p>
        <ul className="flex flex-wrap gap-2" aria-label={`${item.name} providers`}>
          {item.providers.map((p) => (
            <li key={p.code}>
              <Badge variant="outline" className={p.available ? '' : 'text-muted-foreground line-through'}>
                {p.name}
                {!p.available && <span className="sr-only"> (unavailable)</span>}
              </Badge>
            </li>
          ))}
        </ul>
        {available.length ? (
          <Button
            className="self-start"
            disabled={busy}
            onClick={() => onConnect(available.map((p) => p.code))}
          >
            <Plug aria-hidden="true" /> Connect {item.name}
          </Button>
        ) : (
          <p className="text-sm text-muted-foreground">Not offered by Terra at the moment.</p>
        )}
      </CardContent>
    </Card>
  );
}

export function AvailableDevices({
  catalogue,
  onConnect,
  busy,
  onNightscout,
}: {
  catalogue: DeviceCatalogueResponse;
  onConnect: (codes: string[]) => void;
  busy: boolean;
  onNightscout: () => void;
}) {
  return (
    <div className="flex flex-col gap-4">
      {!catalogue.terraConfigured && <TerraNotConfigured onNightscout={onNightscout} />}
      {catalogue.terraConfigured && (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {catalogue.items.map((item) => (
            <DeviceCard key={item.id} item={item} onConnect={onConnect} busy={busy} />
          ))}
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle>CGM file import</CardTitle>
          <CardDescription>Dexcom Clarity, LibreView or CSV exports: always available.</CardDescription>
        </CardHeader>
        <CardContent>
          <Link to="/dashboard/glucose-import" className="inline-flex items-center gap-2 text-sm underline">
            <Link2 aria-hidden="true" className="size-4" /> Import CGM Data
          </Link>
        </CardContent>
      </Card>
    </div>
  );
}
