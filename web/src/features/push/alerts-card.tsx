import {
  PUSH_KIND_LABELS,
  PUSH_KINDS,
  type PushSubscriptionResponse,
} from '@healthfolio/core/push/push.schema';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/zoned-format';
import {
  saveSubscription,
  usePushDevices,
  useRefreshDevices,
  useRemoveDevice,
  useSendTest,
  useUpdateDevice,
} from './push-api';
import { QuietHours } from './quiet-hours';
import {
  BLOCKED_WORDS,
  pushFailureWords,
  pushUnsupportedReason,
  subscribeThisDevice,
  unsubscribeThisDevice,
  useRefreshThisDevice,
  useThisDevice,
} from './this-device';

/** Settings → Notifications: "Alerts on this device" (on, test, off), its switches, the other devices. */
export function AlertsCard() {
  const zone = useDashboardContext().profile.timezone;
  const date = (iso: string) => formatDate(iso, zone);
  const unsupported = pushUnsupportedReason();
  const devices = usePushDevices();
  const thisDevice = useThisDevice(!unsupported);
  const refreshDevices = useRefreshDevices();
  const refreshThis = useRefreshThisDevice();
  const mine = devices.data?.items.find((d) => d.endpoint === thisDevice.data?.endpoint);
  const others = devices.data?.items.filter((d) => d !== mine) ?? [];
  const remove = useRemoveDevice();
  const test = useSendTest();

  const turnOn = useMutation({
    mutationFn: async () => saveSubscription(await subscribeThisDevice(devices.data!.publicKey)),
    onSuccess: async () => {
      await Promise.all([refreshDevices(), refreshThis()]);
      toast.success('Alerts are on for this device');
    },
    onError: (error) =>
      toast.error('Alerts could not be turned on', {
        description: pushFailureWords(error, Notification.permission),
      }),
  });
  const turnOff = useMutation({
    mutationFn: async (id: string) => {
      await remove.mutateAsync(id);
      await unsubscribeThisDevice();
    },
    onSuccess: async () => {
      await refreshThis();
      toast.success('Alerts are off for this device');
    },
    onError: (error) =>
      toast.error('Alerts could not be turned off', {
        description: errorMessage(error, 'Please try again.'),
      }),
  });
  const sendTest = (id: string) =>
    test.mutate(id, {
      onSuccess: (r) =>
        r.delivered
          ? toast.success('Test sent', { description: 'It should appear on this device in a moment.' })
          : toast.error('The test did not arrive', {
              description: 'The browser’s push service no longer knows this device. Turn alerts on again.',
            }),
      onError: (error) =>
        toast.error('The test could not be sent', { description: errorMessage(error, 'Please try again.') }),
    });

  return (
    <Card role="region" aria-labelledby="alerts-card-title">
      <CardHeader>
        <CardTitle id="alerts-card-title">Alerts on this device</CardTitle>
        <CardDescription>
          Reminders and low-glucose alerts can reach this phone or computer even when Healthfolio is closed.
          The lock screen shows what the alert is about; values only where you allow them.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        {unsupported ? (
          <p>{unsupported}</p>
        ) : devices.isPending || thisDevice.isPending ? (
          <Spinner label="Loading your devices" />
        ) : devices.isLoadingError ? (
          <p className="text-destructive">{errorMessage(devices.error, 'Could not load your devices.')}</p>
        ) : mine ? (
          <ThisDeviceSettings
            device={mine}
            busy={turnOff.isPending}
            testing={test.isPending}
            onTest={() => sendTest(mine.id)}
            onOff={() => turnOff.mutate(mine.id)}
          />
        ) : Notification.permission === 'denied' ? (
          <p>{BLOCKED_WORDS}</p>
        ) : (
          <div className="flex flex-col items-start gap-2">
            <p>Alerts are off on this device.</p>
            <Button disabled={turnOn.isPending} onClick={() => turnOn.mutate()}>
              Turn on alerts on this device
            </Button>
          </div>
        )}
        {others.length > 0 && (
          <div>
            <h3 className="font-medium">Your other devices</h3>
            <ul className="mt-1 divide-y">
              {others.map((d) => (
                <li key={d.id} className="flex items-center justify-between gap-3 py-1.5">
                  <span>
                    {d.deviceLabel}, added {date(d.createdAt)}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(d.id)}
                    aria-label={`Stop alerts on ${d.deviceLabel}, added ${date(d.createdAt)}`}
                  >
                    Stop alerts
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function ThisDeviceSettings({
  device,
  busy,
  testing,
  onTest,
  onOff,
}: {
  device: PushSubscriptionResponse;
  busy: boolean;
  testing: boolean;
  onTest: () => void;
  onOff: () => void;
}) {
  const update = useUpdateDevice();
  const [pending, setPending] = useState<Partial<Record<string, boolean>>>({});
  const save = (field: string, body: Parameters<typeof update.mutate>[0]['body'], value: boolean) => {
    setPending((p) => ({ ...p, [field]: value }));
    update.mutate(
      { id: device.id, body },
      {
        onError: (error) =>
          toast.error('Not saved', { description: errorMessage(error, 'Please try again.') }),
        onSettled: () => setPending((p) => ({ ...p, [field]: undefined })),
      },
    );
  };
  return (
    <div className="flex flex-col gap-3">
      <p>Alerts are on for this device ({device.deviceLabel}).</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 font-medium">Alert me here about</legend>
        {PUSH_KINDS.map((kind) => (
          <label key={kind} className="flex items-center gap-3">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={pending[kind] ?? device.kinds[kind]}
              onChange={(e) => save(kind, { kinds: { [kind]: e.target.checked } }, e.target.checked)}
            />
            <span>{PUSH_KIND_LABELS[kind]}</span>
          </label>
        ))}
      </fieldset>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-primary"
          checked={pending.showValues ?? device.showValues}
          onChange={(e) => save('showValues', { showValues: e.target.checked }, e.target.checked)}
          aria-describedby="push-values-hint"
        />
        <span>Show glucose values and reminder details on this device’s lock screen</span>
      </label>
      <p id="push-values-hint" className="text-xs text-muted-foreground">
        Off: the lock screen says only what kind of alert it is (for example “Urgent low” and whose).
      </p>
      <QuietHours device={device} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={testing} onClick={onTest}>
          Send a test
        </Button>
        <Button variant="outline" disabled={busy} onClick={onOff}>
          Turn off alerts on this device
        </Button>
      </div>
    </div>
  );
}
