import type { EntryResponse } from '@healthfolio/core';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ErrorState } from '@/components/ui/error-state';
import { Spinner } from '@/components/ui/spinner';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { entryWhen } from './entry-format';

export type RowView = { text?: ReactNode; badge?: ReactNode; preserveLines?: boolean };

type Pages = UseInfiniteQueryResult<InfiniteData<{ items: EntryResponse[]; nextCursor: string | null }>>;

/** A list of entries, newest first: date, time, the tracker's own text and badge, notes; "Load more". */
export function EntryList({
  query,
  row,
  empty,
  onOpen,
  label,
}: {
  query: Pages;
  row: (entry: EntryResponse) => RowView;
  empty: ReactNode;
  onOpen: (entry: EntryResponse) => void;
  label: string;
}) {
  const { timezone } = useDashboardContext().profile;
  if (query.isPending) return <Spinner label={`Loading ${label}`} className="p-4" />;
  if (query.isLoadingError)
    return (
      <ErrorState
        title={`Could not load ${label}`}
        message={errorMessage(query.error, 'The server did not answer.')}
        onRetry={() => query.refetch()}
      />
    );
  const entries = query.data.pages.flatMap((p) => p.items);
  if (entries.length === 0) return <div className="p-6 text-center text-muted-foreground">{empty}</div>;
  return (
    <div className="flex flex-col gap-3">
      <ul aria-label={label} className="flex flex-col divide-y rounded-xl border bg-card">
        {entries.map((entry) => {
          const view = row(entry);
          const when = entryWhen(entry, timezone);
          return (
            <li key={entry.id}>
              <button
                type="button"
                onClick={() => onOpen(entry)}
                className="flex w-full flex-col gap-1 p-4 text-left hover:bg-accent/40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
              >
                <span className="flex flex-wrap items-center justify-between gap-2">
                  <span className="text-sm text-muted-foreground">
                    {[when.date, when.time].filter(Boolean).join(' · ')}
                  </span>
                  {view.badge !== undefined && <Badge variant="secondary">{view.badge}</Badge>}
                </span>
                {view.text && (
                  <span className={view.preserveLines ? 'font-medium whitespace-pre-wrap' : 'font-medium'}>
                    {view.text}
                  </span>
                )}
                {entry.notes && (
                  <span className="text-sm whitespace-pre-wrap text-muted-foreground">{entry.notes}</span>
                )}
              </button>
            </li>
          );
        })}
      </ul>
      {query.hasNextPage && (
        <Button
          variant="outline"
          className="self-center"
          onClick={() => query.fetchNextPage()}
          disabled={query.isFetchingNextPage}
        >
          {query.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
    </div>
  );
}

export function EmptyWithLink({ text, link }: { text: string; link: string }) {
  return (
    <p className="flex flex-col items-center gap-2">
      <span>{text}</span>
      <Link to="/dashboard/log-data" className="font-medium text-primary underline-offset-4 hover:underline">
        {link}
      </Link>
    </p>
  );
}
