import { useSyncExternalStore } from 'react';
import { isConnected, onConnectionChange } from '@/lib/connection';

/**
 * When the answers on show were saved, if this page opened offline from what the device kept
 * (saved-data.ts); null once the connection has returned (the screens then ask the server again).
 */
let restoredAt: string | null = null;
const listeners = new Set<() => void>();

export const setRestoredAt = (at: string | null) => {
  restoredAt = at;
  for (const l of listeners) l();
};

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  const stop = onConnectionChange(() => {
    if (isConnected()) setRestoredAt(null);
  });
  return () => {
    listeners.delete(onChange);
    stop();
  };
};

export const useRestoredAt = () =>
  useSyncExternalStore(
    subscribe,
    () => restoredAt,
    () => null,
  );
