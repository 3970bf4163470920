import { entriesCount } from '@healthfolio/core/text/count-words';
import { TRACKER_TITLES } from '@healthfolio/core/trackers/tracker-titles';
import { useQueryClient } from '@tanstack/react-query';
import { CloudOff } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { keepSavedForOffline } from './device-data';
import { discardEntries, flushQueue } from './entry-queue';
import { useOnline } from './online-status';
import { usePendingEntries } from './use-pending-entries';

const time = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * The entries waiting on this device (count and list, each can be discarded), sent when the
 * connection returns. Items queued by a page since closed cannot be opened: it says so and offers
 * to discard them.
 */
export function PendingEntries() {
  const online = useOnline();
  const client = useQueryClient();
  // Mounted by the dashboard's layouts once someone is signed in: from then on what the screens load
  // is kept for opening the app offline (saved-data.ts), at no cost to the first load.
  useEffect(() => keepSavedForOffline(client), [client]);
  const items = usePendingEntries() ?? [];
  const [confirmLost, setConfirmLost] = useState(false);

  const send = useCallback(async () => {
    const r = await flushQueue();
    if (r.sent > 0) {
      toast.success('Back online', { description: `${entriesCount(r.sent)} sent.` });
      await client.invalidateQueries();
    }
    for (const refused of r.refused)
      toast.error('An entry could not be saved', {
        description: `${TRACKER_TITLES[refused.entry.tracker]}: ${refused.message}`,
      });
  }, [client]);

  // Whenever the connection is back (and when this page opens with entries waiting).
  useEffect(() => {
    if (online) void send();
  }, [online, send]);

  const readable = items.filter((i) => i.entry);
  const lost = items.filter((i) => !i.entry);
  if (items.length === 0) return null;
  return (
    <section
      aria-label="Entries waiting to be sent"
      className="mx-auto mb-4 w-full max-w-5xl rounded-lg border bg-card p-4 text-sm"
    >
      {readable.length > 0 && (
        <>
          <h2 className="flex items-center gap-2 font-medium">
            <CloudOff aria-hidden="true" className="size-4" />
            {entriesCount(readable.length)} waiting to be sent
          </h2>
          <ul className="mt-2 divide-y">
            {readable.map((i) => (
              <li key={i.id} className="flex items-center justify-between gap-3 py-1.5">
                <span>
                  {TRACKER_TITLES[i.entry!.tracker]}, logged {time(i.entry!.occurredAt)}
                </span>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => void discardEntries([i.id])}
                  aria-label={`Discard ${TRACKER_TITLES[i.entry!.tracker]} logged ${time(i.entry!.occurredAt)}`}
                >
                  Discard
                </Button>
              </li>
            ))}
          </ul>
          {online && (
            <Button className="mt-2" size="sm" onClick={() => void send()}>
              Send now
            </Button>
          )}
        </>
      )}
      {lost.length > 0 && (
        <div className={readable.length > 0 ? 'mt-3 border-t pt-3' : ''}>
          <p>
            {entriesCount(lost.length)} logged offline earlier could not be opened: the page that kept{' '}
            {lost.length === 1 ? 'it' : 'them'} was closed before the connection returned, and only that page
            could read {lost.length === 1 ? 'it' : 'them'}.
          </p>
          <Button className="mt-2" variant="outline" size="sm" onClick={() => setConfirmLost(true)}>
            Discard {lost.length === 1 ? 'it' : 'them'}
          </Button>
        </div>
      )}
      {confirmLost && (
        <ConfirmDialog
          title="Discard entries that could not be opened?"
          description={`${entriesCount(lost.length)} will be removed from this device. Log ${lost.length === 1 ? 'it' : 'them'} again if you still need ${lost.length === 1 ? 'it' : 'them'}.`}
          confirmLabel="Discard"
          onConfirm={() => {
            void discardEntries(lost.map((i) => i.id));
            setConfirmLost(false);
          }}
          onClose={() => setConfirmLost(false)}
        />
      )}
    </section>
  );
}
