import { WifiOff } from 'lucide-react';
import { useOnline, useServerUnreachable } from './online-status';
import { useRestoredAt } from './saved-at';

/** "10:42" today, "27 Nov, 10:42" on another day, in the device's time zone. */
const when = (iso: string) => {
  const at = new Date(iso);
  const today = new Date().toDateString() === at.toDateString();
  return new Intl.DateTimeFormat(
    undefined,
    today ? { timeStyle: 'short' } : { dateStyle: 'medium', timeStyle: 'short' },
  ).format(at);
};

/** On every page while the browser is offline or the server does not answer; it says when what is shown was saved. */
export function OfflineBanner() {
  const online = useOnline();
  const serverDown = useServerUnreachable();
  const restoredAt = useRestoredAt();
  if (online) return null;
  const why = serverDown ? 'The Healthfolio server is not answering.' : 'You are offline.';
  return (
    <div
      role="status"
      className="sticky top-0 z-50 flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      <span>
        {restoredAt ? `${why} Showing what was saved on this device at ${when(restoredAt)}. ` : `${why} `}
        Entries you log are kept on this device and sent when{' '}
        {serverDown ? 'it answers again' : 'you are back online'}.
      </span>
    </div>
  );
}
