import type { EntryResponse, ProfileResponse } from '@healthfolio/core';
import { zoneWords } from '@healthfolio/core/text/zone-words';
import { TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Segmented } from '@/components/ui/segmented';
import { Spinner } from '@/components/ui/spinner';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { BackLink, QueryView } from './screen-parts';
import { type LogTracker, TITLES } from './tracker-meta';
import { glucoseSeries, moodSeries, pressureSeries, type Series, weightSeries } from './trend-series';
import { useEntryRange } from './use-entries';

const TrendChart = lazy(() => import('./trend-chart').then((m) => ({ default: m.TrendChart })));

const RANGES = [
  { value: 7, label: '7 Days' },
  { value: 30, label: '30 Days' },
  { value: 90, label: '90 Days' },
] as const;
type Range = (typeof RANGES)[number]['value'];

function TrendScreen({
  tracker,
  build,
}: {
  tracker: LogTracker;
  build: (entries: EntryResponse[], profile: ProfileResponse) => Series;
}) {
  const { profile } = useDashboardContext();
  const [days, setDays] = useState<Range>(30);
  const range = useEntryRange(tracker, days);
  const title = TITLES[tracker];
  return (
    <div className="flex flex-col gap-6">
      <BackLink to={`/dashboard/trackers/${tracker}`} label={`Back to ${title}`} />
      <Segmented label="Time range" options={RANGES} value={days} onChange={setDays} />
      <Card>
        <CardHeader>
          <CardTitle>
            {title} over the last {days} days
          </CardTitle>
        </CardHeader>
        <CardContent>
          <QueryView query={range} what={`${title.toLowerCase()} trends`}>
            {(entries) => {
              if (entries.length === 0)
                return <p className="py-10 text-center text-muted-foreground">No data for this period.</p>;
              const series = build(entries, profile);
              const latest = series.points.at(-1);
              return (
                <figure className="flex flex-col gap-3">
                  <Suspense
                    fallback={<Spinner label="Loading chart" className="h-[300px] w-full justify-center" />}
                  >
                    <div aria-hidden="true">
                      <TrendChart series={series} days={days} />
                    </div>
                  </Suspense>
                  <figcaption className="flex flex-col gap-1 text-sm text-muted-foreground">
                    {series.alert && (
                      <span className="inline-flex items-center gap-1 font-semibold text-destructive">
                        <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
                        {series.alert}
                      </span>
                    )}
                    {series.caption && <span>{series.caption}</span>}
                    <span>
                      {entries.length} {entries.length === 1 ? 'entry' : 'entries'}
                      {series.unit ? ` in ${series.unit}` : ''}. Latest ({latest?.label}):{' '}
                      {series.latest ??
                        series.lines.map((l) => `${l.name} ${latest?.[l.key] ?? '-'}`).join(', ')}
                      .
                    </span>
                  </figcaption>
                </figure>
              );
            }}
          </QueryView>
        </CardContent>
      </Card>
      <CardDescription>Dates are shown in {zoneWords(profile.timezone)}.</CardDescription>
    </div>
  );
}

export const PressureTrendsPage = () => <TrendScreen tracker="blood-pressure" build={pressureSeries} />;
export const MoodTrendsPage = () => <TrendScreen tracker="mood-energy" build={moodSeries} />;
export const WeightTrendsPage = () => <TrendScreen tracker="weight" build={weightSeries} />;
export const GlucoseTrendsPage = () => <TrendScreen tracker="blood-glucose" build={glucoseSeries} />;
