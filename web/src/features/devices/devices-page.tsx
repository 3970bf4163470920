import { useQueryClient } from '@tanstack/react-query';
import { lazy, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@/components/ui/badge';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { QueryView } from '@/features/trackers/screen-parts';
import { useIsMobile } from '@/lib/use-is-mobile';
import { AvailableDevices } from './available-devices';
import { connectDevice, DEVICES_CHANNEL } from './connect-device';
import { ConnectionsView } from './connections-view';
import { DataOverview } from './data-overview';
import {
  deviceKeys,
  useCatalogue,
  useConnections,
  useNightscoutSource,
  useWidgetSession,
} from './devices-api';
import { useVendorSource } from './vendor-pull-api';

// The My Devices tab (its dialogs and forms) loads when that tab is opened.
const MyDevices = lazy(async () => ({ default: (await import('./my-devices')).MyDevices }));

/**
 * Where Terra's widget comes back to (in the popup, or the whole page on a phone): a popup tells the
 * page that opened it and closes; a full page says so itself.
 */
const useWidgetReturn = (onConnected: () => void) => {
  const [params, setParams] = useSearchParams();
  const connected = params.get('connected') === '1';
  const failed = params.get('connect_failed') === '1';
  const popup = params.get('popup') === '1';
  useEffect(() => {
    if (!connected && !failed) return;
    if (popup) {
      const channel = new BroadcastChannel(DEVICES_CHANNEL);
      channel.postMessage({ ok: connected });
      channel.close();
      window.close(); // if the browser refuses, this window carries on as the devices page
    }
    if (connected) onConnected();
    else toast.error('Connection Error', { description: 'The device was not connected.' });
    setParams({}, { replace: true });
  }, [connected, failed, popup, onConnected, setParams]);
};

export function DevicesPage() {
  const client = useQueryClient();
  const mobile = useIsMobile();
  const [tab, setTab] = useState('available');
  const [polling, setPolling] = useState(false);
  const catalogue = useCatalogue();
  const connections = useConnections(polling);
  const source = useNightscoutSource();
  const dexcom = useVendorSource('dexcom-share');
  const libre = useVendorSource('librelinkup');
  const session = useWidgetSession();

  const onConnected = () => {
    toast.success('Device connected', { description: 'It appears under My Devices once Terra confirms it.' });
    setTab('mine');
    setPolling(true);
    void client.invalidateQueries({ queryKey: deviceKeys.all });
  };
  useWidgetReturn(onConnected);
  useEffect(() => {
    const channel = new BroadcastChannel(DEVICES_CHANNEL);
    channel.onmessage = (e: MessageEvent<{ ok?: boolean }>) => {
      if (e.data?.ok) onConnected();
      else toast.error('Connection Error', { description: 'The device was not connected.' });
    };
    return () => channel.close();
  });
  useEffect(() => {
    if (!polling) return;
    const stop = setTimeout(() => setPolling(false), 30_000);
    return () => clearTimeout(stop);
  }, [polling]);

  const connect = (codes: string[]) =>
    void connectDevice((popup) => session.mutateAsync({ providers: codes, popup }), { mobile });
  const count =
    (connections.data?.length ?? 0) + [source, dexcom, libre].filter((q) => q.data?.configured).length;

  return (
    <Tabs value={tab} onValueChange={setTab} className="flex flex-col gap-2">
      <TabsList className="grid h-auto w-full grid-cols-3 self-start sm:inline-flex sm:w-auto">
        <TabsTrigger value="available" className="whitespace-normal">
          Available Devices
        </TabsTrigger>
        <TabsTrigger value="mine" className="whitespace-normal">
          My Devices
          <Badge variant="secondary" className="ml-2" aria-label={`${count} connected`}>
            {count}
          </Badge>
        </TabsTrigger>
        <TabsTrigger value="overview" className="whitespace-normal">
          Data Overview
        </TabsTrigger>
      </TabsList>
      <TabsContent value="available">
        <QueryView query={catalogue} what="the devices">
          {(c) => (
            <AvailableDevices
              catalogue={c}
              onConnect={connect}
              busy={session.isPending}
              onNightscout={() => setTab('mine')}
            />
          )}
        </QueryView>
      </TabsContent>
      <TabsContent value="mine">
        <ConnectionsView query={connections}>{(items) => <MyDevices connections={items} />}</ConnectionsView>
      </TabsContent>
      <TabsContent value="overview">
        <ConnectionsView query={connections}>
          {(items) => <DataOverview connections={items} />}
        </ConnectionsView>
      </TabsContent>
    </Tabs>
  );
}
