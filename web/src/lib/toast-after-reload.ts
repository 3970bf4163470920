import { lazyToast } from './lazy-toast';

const KEY = 'healthfolio:toast-after-reload';
type Pending = { kind: 'success' | 'error'; title: string; description?: string };

/** A toast that survives `window.location.reload()`, so the user still sees what just happened. */
export const reloadWithToast = (pending: Pending) => {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Storage can be unavailable (private mode); the reload still applies the change.
  }
  window.location.reload();
};

export const showToastAfterReload = () => {
  let pending: Pending | null = null;
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    pending = raw ? (JSON.parse(raw) as Pending) : null;
  } catch {
    pending = null;
  }
  if (!pending) return;
  lazyToast(pending.kind, pending.title, { description: pending.description });
};
