import type { TrackerKey } from '@healthfolio/core';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { FormField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { entryValue } from '@/features/trackers/entry-format';
import { localInputToIso } from '@/features/trackers/local-datetime';
import { BackLink } from '@/features/trackers/screen-parts';
import { TITLES } from '@/features/trackers/tracker-meta';
import { useEntryPages } from '@/features/trackers/use-entries';
import { useEntryDialogs } from '@/features/trackers/use-entry-dialogs';
import { errorMessage } from '@/lib/api';
import { EntryTable } from './entry-table';

const TRACKERS = Object.keys(TITLES) as TrackerKey[];

/** Every entry, newest first, page by page; filtered by tracker and by a date range (profile time zone). */
export function AllEntriesPage() {
  const { glucoseUnit, timezone } = useDashboardContext().profile;
  const [tracker, setTracker] = useState<TrackerKey | ''>('');
  const [fromDate, setFromDate] = useState('');
  const [toDate, setToDate] = useState('');
  const from = fromDate ? (localInputToIso(`${fromDate}T00:00`, timezone) ?? undefined) : undefined;
  const to = toDate ? (localInputToIso(`${toDate}T23:59`, timezone) ?? undefined) : undefined;
  const pages = useEntryPages({ tracker: tracker || undefined, from, to, order: 'desc' });
  const { dialogs, showDetails } = useEntryDialogs();
  const entries = pages.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="flex flex-col gap-6">
      <BackLink to="/dashboard/track-data" label="Back to Track Data" />
      <form
        aria-label="Filter entries"
        className="grid gap-3 sm:grid-cols-3"
        onSubmit={(e) => e.preventDefault()}
      >
        <div className="flex flex-col gap-2">
          <Label htmlFor="filter-tracker">Tracker</Label>
          <Select
            id="filter-tracker"
            value={tracker}
            onChange={(e) => setTracker(e.target.value as TrackerKey | '')}
          >
            <option value="">All trackers</option>
            {TRACKERS.map((t) => (
              <option key={t} value={t}>
                {TITLES[t]}
              </option>
            ))}
          </Select>
        </div>
        <FormField
          label="From"
          type="date"
          value={fromDate}
          max={toDate || undefined}
          onChange={(e) => setFromDate(e.target.value)}
        />
        <FormField
          label="To"
          type="date"
          value={toDate}
          min={fromDate || undefined}
          onChange={(e) => setToDate(e.target.value)}
        />
      </form>
      {pages.isPending ? (
        <Spinner label="Loading entries" className="p-4" />
      ) : pages.isLoadingError ? (
        <ErrorState
          title="Could not load entries"
          message={errorMessage(pages.error, 'The server did not answer.')}
          onRetry={() => pages.refetch()}
        />
      ) : entries.length === 0 ? (
        <p className="p-6 text-center text-muted-foreground">
          {tracker || from || to ? 'No entries match these filters.' : 'No entries found yet.'}
        </p>
      ) : (
        <EntryTable
          entries={entries}
          value={(e) => entryValue(e, glucoseUnit)}
          onOpen={showDetails}
          label="All entries"
        />
      )}
      {pages.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          onClick={() => pages.fetchNextPage()}
          disabled={pages.isFetchingNextPage}
        >
          {pages.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
      {dialogs}
    </div>
  );
}
