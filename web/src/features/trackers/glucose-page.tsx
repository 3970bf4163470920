import { countOf } from '@healthfolio/core/text/count-words';
import { formatGlucoseWithUnit } from '@healthfolio/core/units/glucose-units';
import { ClipboardPlus, TrendingUp } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { RangeTag } from '@/features/diabetes/glucose-level-tag';
import { useWhose } from '@/features/household/whose';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { dataNumber, dataText } from './entry-format';
import { EmptyWithLink, EntryList } from './entry-list';
import { BackLink, QueryView, StatCard } from './screen-parts';
import { humanize } from './tracker-meta';
import { useEntryPages, useTrackerStats } from './use-entries';
import { useEntryDialogs } from './use-entry-dialogs';

/**
 * The Blood Glucose tracker: the count and the average of one set, every reading of the last 7 days
 * (sensor, imported and logged). The list below holds the logged ones only.
 */
export function BloodGlucosePage() {
  const { glucoseUnit: unit } = useDashboardContext().profile;
  const w = useWhose();
  const stats = useTrackerStats('blood-glucose');
  const pages = useEntryPages({ tracker: 'blood-glucose', order: 'desc' });
  const { dialogs, showDetails } = useEntryDialogs();
  return (
    <div className="flex flex-col gap-6">
      <BackLink to="/dashboard/track-data" label="Back to Track Data" />
      <QueryView query={stats} what="glucose figures">
        {(s) => (
          <div className="grid gap-4 sm:grid-cols-2">
            <StatCard
              title="This Week"
              value={s.average7dReadings}
              detail="Readings in the last 7 days, sensor and logged"
            />
            <StatCard
              title="Average"
              value={s.average7d === null ? '—' : formatGlucoseWithUnit(s.average7d, unit)}
              detail={
                s.average7d === null
                  ? 'No readings in the last 7 days'
                  : `7-day average of those ${countOf(s.average7dReadings, 'reading')}`
              }
            />
          </div>
        )}
      </QueryView>
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/dashboard/log-data">
            <ClipboardPlus aria-hidden="true" /> Log Data
          </Link>
        </Button>
        <Button variant="outline" asChild>
          <Link to="/dashboard/trackers/blood-glucose/trends">
            <TrendingUp aria-hidden="true" /> View Trends
          </Link>
        </Button>
      </div>
      <section aria-labelledby="recent-heading" className="flex flex-col gap-3">
        <h2 id="recent-heading" className="text-lg font-semibold">
          Recent entries
        </h2>
        <EntryList
          query={pages}
          label="Blood glucose readings"
          onOpen={showDetails}
          empty={<EmptyWithLink text="No blood glucose readings yet." link={`Add ${w.your} first reading`} />}
          row={(e) => {
            const mgdl = dataNumber(e, 'glucose');
            const timing = dataText(e, 'timing');
            return {
              text:
                mgdl === undefined ? undefined : (
                  <span className="inline-flex flex-wrap items-center gap-x-2">
                    {formatGlucoseWithUnit(mgdl, unit)}
                    <RangeTag mgdl={mgdl} />
                  </span>
                ),
              badge: timing ? humanize(timing) : undefined,
            };
          }}
        />
      </section>
      {dialogs}
    </div>
  );
}
