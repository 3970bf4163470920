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
let asking: Promise<boolean> | null = null;

const FIRST_PROBE_MS = 2_000;
const MAX_PROBE_MS = 10_000;

const changed = () => {
  onlineManager.setOnline(isConnected());
  for (const l of listeners) l();
};

/** Whether `/api/health` answers now (one question at a time); the answer sets the state. */
export const serverAnswers = () => {
  asking ??= fetch('/api/health', { cache: 'no-store', credentials: 'omit' })
    .then(
      (res) => res.ok,
      () => false,
    )
    .then((ok) => {
      asking = null;
      if (ok) markServerReachable();
      else markServerUnreachable();
      return ok;
    });
  return asking;
};

/** While the server is out of reach: ask again, less often each time (2 s, then up to every 10 s). */
const askAgain = (wait: number) => {
  clearTimeout(probe);
  probe = setTimeout(async () => {
    if (!(await serverAnswers())) askAgain(Math.min(wait * 2, MAX_PROBE_MS));
  }, wait);
};

/**
 * A request found no server (a network error while online, or a gateway's 502/503/504): whether the
 * server is down or only that request failed, `/api/health` decides.
 */
export const serverTrouble = () => {
  if (!unreachable && browserOnline()) void serverAnswers();
};

/** The browser's own word (prerendering in Node has none: online). */
const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export const isConnected = () => browserOnline() && !unreachable;
export const serverUnreachable = () => browserOnline() && unreachable;

const markServerUnreachable = () => {
  if (unreachable || !browserOnline()) return;
  unreachable = true;
  askAgain(FIRST_PROBE_MS);
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
