import { CircleAlert, CircleCheck, LoaderCircle, RefreshCw, Unplug } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Progress } from '@/components/ui/progress';
import { useWhose } from '@/features/household/whose';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { formatDate, formatTime } from '@/lib/zoned-format';
import { type HealthSystemConnection, useDisconnect, useSyncNow } from './health-systems-api';
import { lastSyncWords, progressWords, statusWords } from './health-systems-words';
import { KIND_WORDS } from './kind-words';

const STATUS_ICON = { syncing: LoaderCircle, ok: CircleCheck, error: CircleAlert, reconnect: CircleAlert };

/** "Bringing in your records…" with the bar and its count in words. */
export function SyncProgress({ connection }: { connection: HealthSystemConnection }) {
  const p = connection.progress;
  const text = progressWords(p);
  return (
    <div className="flex flex-col gap-1">
      {p?.total ? (
        <Progress
          label={`Bringing in records from ${connection.name}`}
          value={p.done}
          max={p.total}
          valueText={text}
        />
      ) : (
        <div
          role="progressbar"
          aria-label={`Bringing in records from ${connection.name}`}
          aria-valuetext={text}
          className="h-2 w-full animate-pulse rounded-full bg-muted"
        />
      )}
      <p className="text-xs text-muted-foreground">{text}</p>
    </div>
  );
}

function ConnectionItem({
  connection: c,
  onReconnect,
}: {
  connection: HealthSystemConnection;
  onReconnect: (c: HealthSystemConnection) => void;
}) {
  const { profile } = useDashboardContext();
  const w = useWhose();
  const sync = useSyncNow();
  const disconnect = useDisconnect();
  const [confirming, setConfirming] = useState(false);
  const status = statusWords(c);
  const Icon = STATUS_ICON[c.status];
  const syncing = c.status === 'syncing';
  const at = (iso: string) => `${formatDate(iso, profile.timezone)}, ${formatTime(iso, profile.timezone)}`;
  return (
    <li>
      <Card>
        <CardContent className="flex flex-col gap-3 pt-6">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="flex min-w-0 flex-col">
              <h3 className="font-semibold">{c.name}</h3>
              <span className="text-xs text-muted-foreground">
                {KIND_WORDS[c.kind]} · connected {formatDate(c.connectedAt, profile.timezone)}
              </span>
            </div>
            <Badge variant={status.alert ? 'destructive' : 'secondary'} className="gap-1">
              <Icon className={`size-3 ${syncing ? 'motion-safe:animate-spin' : ''}`} aria-hidden="true" />
              {status.label}
            </Badge>
          </div>
          <p className="text-sm">{lastSyncWords(c, at)}</p>
          {syncing && <SyncProgress connection={c} />}
          {status.text && (
            <Alert variant="destructive" role="alert">
              {status.text}
            </Alert>
          )}
          <div className="flex flex-wrap gap-2">
            {c.status === 'reconnect' ? (
              <Button onClick={() => onReconnect(c)}>
                <RefreshCw aria-hidden="true" /> Connect again
              </Button>
            ) : (
              <Button
                variant="outline"
                disabled={syncing || sync.isPending}
                aria-label={`Sync now: ${c.name}`}
                onClick={() =>
                  sync.mutate(c.id, {
                    onError: (e) =>
                      toast.error('Could not start the sync', {
                        description: errorMessage(e, 'Please try again.'),
                      }),
                  })
                }
              >
                <RefreshCw aria-hidden="true" /> Sync now
              </Button>
            )}
            <Button variant="ghost" aria-label={`Disconnect ${c.name}`} onClick={() => setConfirming(true)}>
              <Unplug aria-hidden="true" /> Disconnect
            </Button>
          </div>
        </CardContent>
      </Card>
      {confirming && (
        <ConfirmDialog
          title={`Disconnect ${c.name}?`}
          description={`Healthfolio stops bringing in records from ${c.name} and forgets its sign-in (and asks ${c.name} to cancel it). The records already brought in stay in ${w.your} record; you can remove them yourself.`}
          confirmLabel="Disconnect"
          keepLabel="Stay connected"
          pending={disconnect.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            disconnect.mutate(c.id, {
              onSuccess: () => {
                setConfirming(false);
                toast.success(`Disconnected from ${c.name}`, {
                  description: 'The records already brought in stay.',
                });
              },
              onError: (e) =>
                toast.error('Could not disconnect', { description: errorMessage(e, 'Please try again.') }),
            })
          }
        />
      )}
    </li>
  );
}

/** The user's connections: what each brought, its state in words, Sync now and Disconnect. */
export function ConnectionList({
  connections,
  onReconnect,
}: {
  connections: HealthSystemConnection[];
  onReconnect: (c: HealthSystemConnection) => void;
}) {
  const w = useWhose();
  if (connections.length === 0)
    return (
      <Card>
        <CardContent className="py-8 text-center text-muted-foreground">
          No health systems connected yet. Choose one above to bring in {w.your} records.
        </CardContent>
      </Card>
    );
  return (
    <ul aria-label="Connected health systems" className="flex flex-col gap-4">
      {connections.map((c) => (
        <ConnectionItem key={c.id} connection={c} onReconnect={onReconnect} />
      ))}
    </ul>
  );
}
