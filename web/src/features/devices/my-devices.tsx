import type { DeviceConnectionListResponse } from '@healthfolio/core';
import { Unplug } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api';
import { useDisconnect } from './devices-api';
import { FollowersCard } from './followers-card';
import { providerName, useWhen } from './format';
import { UploaderCredentialsCard } from './uploader-credentials-card';

// The Nightscout source form (its form library and rules, with zod) loads after the page.
const NightscoutSourceCard = lazy(async () => ({
  default: (await import('./nightscout-source-card')).NightscoutSourceCard,
}));

// The vendors' cards (their forms) load after the page too.
const VendorPullCard = lazy(async () => ({
  default: (await import('./vendor-pull-card')).VendorPullCard,
}));

type Connection = DeviceConnectionListResponse['items'][number];

function ConnectedDevices({ items }: { items: Connection[] }) {
  const when = useWhen();
  const disconnect = useDisconnect();
  const [confirming, setConfirming] = useState<Connection | null>(null);
  const confirm = () =>
    confirming &&
    disconnect.mutate(confirming.id, {
      onSuccess: () => {
        setConfirming(null);
        toast.success('Device Disconnected', { description: 'The data it already brought in is kept.' });
      },
      onError: (e) => {
        setConfirming(null);
        toast.error('Connection Error', {
          description: errorMessage(e, 'Failed to communicate with Terra API'),
        });
      },
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Connected devices</CardTitle>
        <CardDescription>Devices connected through Terra.</CardDescription>
      </CardHeader>
      <CardContent>
        {items.length === 0 ? (
          <p className="text-sm text-muted-foreground">No devices connected yet.</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-lg border" aria-label="Connected devices">
            {items.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <div>
                  <p className="font-medium">{providerName(c.provider)}</p>
                  <p className="text-xs text-muted-foreground">
                    Connected {when(c.connectedAt)} · last data {when(c.lastDataAt, 'none yet')}
                  </p>
                </div>
                <Button variant="outline" onClick={() => setConfirming(c)}>
                  <Unplug aria-hidden="true" /> Disconnect
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      {confirming && (
        <ConfirmDialog
          title={`Disconnect ${providerName(confirming.provider)}?`}
          description="Healthfolio stops receiving its data. What it already brought in is kept."
          confirmLabel="Disconnect"
          pending={disconnect.isPending}
          onConfirm={confirm}
          onClose={() => setConfirming(null)}
        />
      )}
    </Card>
  );
}

export function MyDevices({ connections }: { connections: Connection[] }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2 lg:items-start">
      <div className="flex flex-col gap-4">
        <ConnectedDevices items={connections} />
        <Suspense fallback={<Spinner label="Loading Nightscout source" />}>
          <NightscoutSourceCard />
        </Suspense>
        <Suspense fallback={<Spinner label="Loading Dexcom Share" />}>
          <VendorPullCard vendor="dexcom-share" />
        </Suspense>
        <Suspense fallback={<Spinner label="Loading LibreLinkUp" />}>
          <VendorPullCard vendor="librelinkup" />
        </Suspense>
      </div>
      <div className="flex flex-col gap-4">
        <UploaderCredentialsCard />
        <FollowersCard />
      </div>
    </div>
  );
}
