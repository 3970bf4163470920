import { glucoseChartScale } from '@healthfolio/core/glucose/chart-scale';
import { countOf } from '@healthfolio/core/text/count-words';
import { glucoseDecimals } from '@healthfolio/core/units/glucose-units';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  agpValuesMgdl,
  GmiText,
  TimeInRangeBar,
  toAgpPoints,
} from '@/features/glucose-analytics/glucose-summary';
import { AgpChart } from '@/features/glucose-analytics/lazy-charts';
import { useWhose } from '@/features/household/whose';
import type { GlucoseFormat } from './format';
import { useGlucoseStats } from './glucose-api';
import { NoReadings, QueryState } from './glucose-ui';

const link = 'text-sm font-medium text-primary underline-offset-4 hover:underline';

/** The Trends tab: a 14-day summary — time in the five bands, the AGP and GMI when the data allows. */
export function HomeTrends({ fmt }: { fmt: GlucoseFormat }) {
  const stats = useGlucoseStats(14);
  const w = useWhose();
  const s = stats.data?.statistics;
  const scale = glucoseChartScale(agpValuesMgdl(stats.data?.agp ?? []), fmt.unit, [40, 300]);
  return (
    <QueryState query={stats} what={`${w.your} 14-day summary`}>
      {!s || !stats.data ? (
        <NoReadings days={14} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>Last 14 days</CardTitle>
              <CardDescription>
                {countOf(s.count, 'reading')} · average {fmt.withUnit(s.mean)} ·{' '}
                {Math.round(s.percentInRange)}% in range
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <TimeInRangeBar stats={s} fmt={fmt} />
              <GmiText stats={stats.data} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>Daily pattern (AGP)</CardTitle>
              <CardDescription>Median and percentile bands by time of day, in {fmt.unit}.</CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-3">
              <AgpChart
                label="Ambulatory glucose profile for the last 14 days"
                data={toAgpPoints(stats.data.agp, fmt)}
                domain={scale.domain}
                ticks={scale.ticks}
                lines={scale.lines}
                unit={fmt.unit}
                decimals={glucoseDecimals(fmt.unit)}
                height={240}
              />
              <p className="flex flex-wrap gap-x-4 gap-y-1">
                <Link to="/dashboard/glucose-trends" className={link}>
                  Glucose trends
                </Link>
                <Link to="/dashboard/pattern-analysis" className={link}>
                  Pattern analysis
                </Link>
                <Link to="/dashboard/detailed-analytics" className={link}>
                  Detailed analytics
                </Link>
              </p>
            </CardContent>
          </Card>
        </div>
      )}
    </QueryState>
  );
}
