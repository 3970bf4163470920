import type { EntryResponse } from '@healthfolio/core';
import { lazy, Suspense } from 'react';
import type { LogTracker } from './tracker-meta';

// The form, its fields and react-hook-form load when a dialog first opens, not with the screen.
const LogDialog = lazy(() => import('./log-dialog').then((m) => ({ default: m.LogDialog })));

export type LogTarget = { tracker: LogTracker; entry?: EntryResponse } | null;

/** Mounted only while open, so every opening (and every tracker change) starts from fresh defaults. */
export function LogDialogHost({ target, onClose }: { target: LogTarget; onClose: () => void }) {
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <LogDialog
        key={`${target.tracker}-${target.entry?.id ?? 'new'}`}
        tracker={target.tracker}
        entry={target.entry}
        onClose={onClose}
      />
    </Suspense>
  );
}
