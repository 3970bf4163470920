import type { EntryResponse } from '@healthfolio/core';
import { lazy, Suspense, useState } from 'react';
import { LogDialogHost, type LogTarget } from './log-dialog-host';

const EntryDetailsDialog = lazy(() =>
  import('./entry-details-dialog').then((m) => ({ default: m.EntryDetailsDialog })),
);

/** The details dialog of a clicked entry, its Edit (the log dialog, filled in) and new-entry logging. */
export function useEntryDialogs() {
  const [details, setDetails] = useState<EntryResponse | null>(null);
  const [logTarget, setLogTarget] = useState<LogTarget>(null);
  const dialogs = (
    <>
      {details && (
        <Suspense fallback={null}>
          <EntryDetailsDialog
            entry={details}
            onClose={() => setDetails(null)}
            onEdit={(entry) => {
              setDetails(null);
              setLogTarget({ tracker: entry.tracker, entry });
            }}
          />
        </Suspense>
      )}
      <LogDialogHost target={logTarget} onClose={() => setLogTarget(null)} />
    </>
  );
  return { dialogs, showDetails: setDetails, log: setLogTarget };
}
