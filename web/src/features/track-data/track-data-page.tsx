import { List } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { useWhose } from '@/features/household/whose';
import { days } from '@/features/log-data/streak-cards';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { entryValue } from '@/features/trackers/entry-format';
import { QueryView, StatCard } from '@/features/trackers/screen-parts';
import { TILES } from '@/features/trackers/tracker-meta';
import { useEntries, useStreakSummary } from '@/features/trackers/use-entries';
import { useEntryDialogs } from '@/features/trackers/use-entry-dialogs';
import { EntryTable } from './entry-table';

/** /dashboard/track-data: the ten tracker cards, the user's figures and the latest 50 entries. */
export function TrackDataPage() {
  const { glucoseUnit } = useDashboardContext().profile;
  const summary = useStreakSummary();
  const recent = useEntries({ order: 'desc' }, 50);
  const { dialogs, showDetails } = useEntryDialogs();
  const w = useWhose();
  return (
    <div className="flex flex-col gap-6">
      <QueryView query={summary} what={`${w.your} figures`}>
        {(s) => (
          <div className="grid gap-4 sm:grid-cols-3">
            <StatCard
              title="Total Entries"
              value={s.totalEntries}
              detail={`${s.entriesThisWeek} this week`}
            />
            <StatCard
              title="Streak"
              value={days(s.currentStreak)}
              detail={`Longest: ${days(s.longestStreak)}`}
            />
            <StatCard
              title="Categories"
              value={s.categories}
              detail={`Trackers ${w.you} ${w.verb('have', 'has')} used`}
            />
          </div>
        )}
      </QueryView>
      <nav aria-label="Trackers">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
          {TILES.map(({ label, to, icon: Icon }) => (
            <li key={to} className="flex">
              <Link
                to={to}
                className="flex w-full flex-col items-center gap-2 rounded-xl border bg-card p-4 text-center text-sm font-medium shadow-sm hover:border-primary/60 hover:bg-accent/40 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <Icon className="size-6 text-primary" aria-hidden="true" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <section aria-labelledby="recent-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="recent-heading" className="text-lg font-semibold">
            Recent Entries
          </h2>
          <Button variant="outline" asChild>
            <Link to="/dashboard/track-data/all">
              <List aria-hidden="true" /> View All Entries
            </Link>
          </Button>
        </div>
        <QueryView query={recent} what="recent entries">
          {(page) =>
            page.items.length === 0 ? (
              <p className="p-6 text-center text-muted-foreground">No entries found yet.</p>
            ) : (
              <EntryTable
                entries={page.items}
                value={(e) => entryValue(e, glucoseUnit)}
                onOpen={showDetails}
                label="Recent entries"
              />
            )
          }
        </QueryView>
      </section>
      {dialogs}
    </div>
  );
}
