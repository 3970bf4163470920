import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';

/**
 * Whether this app can talk to its server: the browser has a network, and the server answers.
 * A browser that says it is online while the server is down (restarting, its proxy answering 502,
 * the home server's power out) counts as offline: the screens wait instead of failing, what this
 * device saved is shown (features/offline/saved-data.ts) and entries are kept on the device. While
 * the server is out of reach, `/api/health` is asked now and then; its first answer puts everything
 * back online.
 */
let unreachable = false;
const listeners = new Set<() => void>();
let probe: ReturnType<typeof setTimeout> | undefined;

const FIRST_PROBE_MS = 2_000;
const MAX_PROBE_MS = 10_000;

const changed = () => {
  onlineManager.setOnline(isConnected());
  for (const l of listeners) l();
};

const ask = (wait: number) => {
  clearTimeout(probe);
  probe = setTimeout(async () => {
    try {
      const res = await fetch('/api/health', { cache: 'no-store', credentials: 'omit' });
      if (res.ok) return markServerReachable();
    } catch {
      // Still out of reach.
    }
    ask(Math.min(wait * 2, MAX_PROBE_MS));
  }, wait);
};

/** The browser's own word (prerendering in Node has none: online). */
const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export const isConnected = () => browserOnline() && !unreachable;
export const serverUnreachable = () => browserOnline() && unreachable;

/** A request found no server (a network error while online, or a gateway's 502/503/504). */
export const markServerUnreachable = () => {
  if (unreachable || !browserOnline()) return;
  unreachable = true;
  ask(FIRST_PROBE_MS);
  changed();
};

/** The server answered. */
export const markServerReachable = () => {
  if (!unreachable) return;
  unreachable = false;
  clearTimeout(probe);
  changed();
};

/** Calls `onChange` when the connection comes or goes, either way; answers the unsubscribe. */
export const onConnectionChange = (onChange: () => void) => {
  if (typeof window === 'undefined') return () => undefined;
  listeners.add(onChange);
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};

/** Whether the app can reach its server (prerendered pages assume it can). */
export const useOnline = () => useSyncExternalStore(onConnectionChange, isConnected, () => true);

/** Online, but the server does not answer (the banner says which of the two it is). */
export const useServerUnreachable = () =>
  useSyncExternalStore(onConnectionChange, serverUnreachable, () => false);

// TanStack Query pauses and resumes queries by this, not by the browser's events alone.
onlineManager.setEventListener((setOnline) => onConnectionChange(() => setOnline(isConnected())));
