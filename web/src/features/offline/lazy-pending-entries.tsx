import { lazy, Suspense } from 'react';

const PendingEntries = lazy(async () => ({ default: (await import('./pending-entries')).PendingEntries }));

/** The offline queue's panel, loaded beside the dashboard (it brings IndexedDB and the toasts). */
export function LazyPendingEntries() {
  return (
    <Suspense fallback={null}>
      <PendingEntries />
    </Suspense>
  );
}
