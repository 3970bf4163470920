import { useSyncExternalStore } from 'react';
import { ApiError } from './api';

// core's MAINTENANCE_CODE; not imported, so the first load stays free of zod.
const MAINTENANCE_CODE = 'maintenance';

/**
 * The admin's maintenance message, once any API call answered 503 `maintenance` (every call of a
 * non-admin does while it is on). The dashboard shows it instead of the page.
 */
let message: string | null = null;
const listeners = new Set<() => void>();
const set = (next: string | null) => {
  if (next === message) return;
  message = next;
  for (const l of listeners) l();
};

export const noteMaintenance = (error: unknown) => {
  if (error instanceof ApiError && error.status === 503 && error.code === MAINTENANCE_CODE)
    set(error.message);
};
export const clearMaintenance = () => set(null);

export const useMaintenanceMessage = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => message,
    () => null,
  );
