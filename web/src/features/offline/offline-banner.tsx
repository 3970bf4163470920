import { WifiOff } from 'lucide-react';
import { useOnline } from './online-status';

/** On every page while the browser is offline. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-50 flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950 dark:bg-amber-900 dark:text-amber-50"
    >
      <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      <span>You are offline. Entries you log are kept on this device and sent when you are back online.</span>
    </div>
  );
}
