import { useSyncExternalStore } from 'react';

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
  const online = () => setRestoredAt(null);
  window.addEventListener('online', online);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', online);
  };
};

export const useRestoredAt = () =>
  useSyncExternalStore(
    subscribe,
    () => restoredAt,
    () => null,
  );
