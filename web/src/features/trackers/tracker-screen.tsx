import type { EntryResponse } from '@healthfolio/core';
import { Plus, TrendingUp } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useWhose, type Whose } from '@/features/household/whose';
import { EmptyWithLink, EntryList, type RowView } from './entry-list';
import { BackLink } from './screen-parts';
import type { LogTracker } from './tracker-meta';
import { useEntryPages } from './use-entries';
import { useEntryDialogs } from './use-entry-dialogs';

export type TrackerScreenConfig = {
  tracker: LogTracker;
  /** The log button's label; with `logLink` it is a link to Log Data instead of the dialog. */
  logLabel: string;
  logLink?: string;
  trends?: boolean;
  empty: string;
  /** The link to Log Data under `empty`, for whose record it is ("Add Mia’s first reading"). */
  emptyLink: (w: Whose) => string;
  listLabel: string;
  row: (entry: EntryResponse) => RowView;
  /** Summary cards above the buttons; they get the dialog opener for buttons like "Set Goal". */
  cards?: ReactNode;
  extraButtons?: ReactNode;
};

/** An individual tracker: back arrow, figures, Log and View Trends, and the entries newest first. */
export function TrackerScreen({ config }: { config: TrackerScreenConfig }) {
  const { tracker } = config;
  const pages = useEntryPages({ tracker, order: 'desc' });
  const { dialogs, showDetails, log } = useEntryDialogs();
  const w = useWhose();
  return (
    <div className="flex flex-col gap-6">
      <BackLink to="/dashboard/track-data" label="Back to Track Data" />
      {config.cards}
      <div className="flex flex-wrap gap-2">
        {config.logLink ? (
          <Button asChild>
            <Link to={config.logLink}>
              <Plus aria-hidden="true" /> {config.logLabel}
            </Link>
          </Button>
        ) : (
          <Button onClick={() => log({ tracker })}>
            <Plus aria-hidden="true" /> {config.logLabel}
          </Button>
        )}
        {config.extraButtons}
        {config.trends && (
          <Button variant="outline" asChild>
            <Link to={`/dashboard/trackers/${tracker}/trends`}>
              <TrendingUp aria-hidden="true" /> View Trends
            </Link>
          </Button>
        )}
      </div>
      <section aria-labelledby="recent-heading" className="flex flex-col gap-3">
        <h2 id="recent-heading" className="text-lg font-semibold">
          Recent entries
        </h2>
        <EntryList
          query={pages}
          row={config.row}
          label={config.listLabel}
          onOpen={showDetails}
          empty={<EmptyWithLink text={config.empty} link={config.emptyLink(w)} />}
        />
      </section>
      {dialogs}
    </div>
  );
}
