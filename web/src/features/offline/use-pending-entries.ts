import { useEffect, useState, useSyncExternalStore } from 'react';
import { type PendingEntry, pendingEntries, queueVersion } from './entry-queue';

/** The entries waiting on this device, read again whenever the queue changes (null until read). */
export function usePendingEntries() {
  const version = useSyncExternalStore(queueVersion.subscribe, queueVersion.get, queueVersion.get);
  const [items, setItems] = useState<PendingEntry[] | null>(null);
  useEffect(() => {
    let live = true;
    void version;
    pendingEntries().then(
      (list) => live && setItems(list),
      () => live && setItems([]),
    );
    return () => {
      live = false;
    };
  }, [version]);
  return items;
}
