import { timeInRangeFigures } from '@healthfolio/core/glucose/band-display';
import { bandTargetMet } from '@healthfolio/core/glucose/band-targets';
import { glucoseChartScale } from '@healthfolio/core/glucose/chart-scale';
import { TIME_IN_RANGE_GOAL_PERCENT, variabilityLabel } from '@healthfolio/core/glucose/variability';
import { countOf } from '@healthfolio/core/text/count-words';
import { zoneWords } from '@healthfolio/core/text/zone-words';
import { glucoseDecimals } from '@healthfolio/core/units/glucose-units';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useGlucoseFormat } from '@/features/diabetes/format';
import { useGlucoseSeries, useGlucoseStats, useGlucoseTargets } from '@/features/diabetes/glucose-api';
import { BackLink, NoReadings, QueryState, RangeChips, StatCard } from '@/features/diabetes/glucose-ui';
import { useWhose } from '@/features/household/whose';
import { chartTimeFormat } from './chart-time';
import { agpValuesMgdl, GmiText, levelLinesText, TimeInRangeBar, toAgpPoints } from './glucose-summary';
import { AgpChart, GlucoseLineChart } from './lazy-charts';
import { seriesPoints } from './series-points';

const RANGES = [7, 30, 90] as const;
type Days = (typeof RANGES)[number];

/** /dashboard/glucose-trends: "Glucose Trends and Analytics". */
export function GlucoseTrendsPage() {
  const fmt = useGlucoseFormat();
  const w = useWhose();
  const [days, setDays] = useState<Days>(30);
  const stats = useGlucoseStats(days);
  const series = useGlucoseSeries(days);
  const s = stats.data?.statistics;
  const decimals = glucoseDecimals(fmt.unit);
  // The cards use the band list's figures: "In range" as in the list, below 70 and above 180 as its target lines.
  const bands = s ? timeInRangeFigures(s.bandCounts) : null;
  const { points, valuesMgdl, caption } = seriesPoints(series.data, fmt);
  const timeFormat = chartTimeFormat(
    points.map((p) => p.at),
    fmt,
  );
  // The spec's 40–300 axis, widened when a point falls outside it, with the person's own range.
  const targets = useGlucoseTargets().data;
  const lineScale = glucoseChartScale(
    valuesMgdl,
    fmt.unit,
    [40, 300],
    targets && { low: targets.targetLow, high: targets.targetHigh },
  );
  const agpScale = glucoseChartScale(agpValuesMgdl(stats.data?.agp ?? []), fmt.unit, [40, 300]);

  return (
    <div className="flex max-w-6xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackLink />
        <Link
          to="/dashboard/glucose-import"
          className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <Upload className="size-4" aria-hidden="true" />
          Import CGM data
        </Link>
      </div>
      <RangeChips label="Period" options={RANGES} value={days} onChange={setDays} />
      <QueryState query={stats} what={`${w.your} glucose statistics`}>
        {!s || !stats.data ? (
          <NoReadings days={days} />
        ) : (
          <>
            <section
              aria-label={`Summary for the last ${days} days`}
              className="grid grid-cols-2 gap-3 lg:grid-cols-4"
            >
              <StatCard
                title="In range"
                value={bands?.bands.in_range}
                detail={`${fmt.value(70)}–${fmt.value(180)} ${fmt.unit} · goal above ${TIME_IN_RANGE_GOAL_PERCENT}%: ${bandTargetMet('in_range', s.bandPercentages) ? 'met' : 'not met'}`}
              />
              <StatCard title="Above range" value={bands?.above180} detail={`Above ${fmt.withUnit(180)}`} />
              <StatCard title="Below range" value={bands?.below70} detail={`Below ${fmt.withUnit(70)}`} />
              <StatCard
                title="Variability"
                value={s.cv == null ? '—' : variabilityLabel(s.cv)}
                detail={s.cv == null ? 'Needs two readings' : `CV ${s.cv.toFixed(1)}% (stable under 36%)`}
              />
            </section>
            <div className="grid gap-4 lg:grid-cols-3">
              <StatCard title="Average" value={fmt.withUnit(s.mean)} detail={countOf(s.count, 'reading')} />
              <StatCard
                title="Standard deviation"
                value={s.sd == null ? '—' : `${fmt.value(s.sd)} ${fmt.unit}`}
                detail={`Median ${fmt.withUnit(s.median)}`}
              />
              <Card>
                <CardContent className="flex flex-col gap-1 p-4 sm:p-5">
                  <h2 className="text-sm font-medium text-muted-foreground">GMI</h2>
                  <GmiText stats={stats.data} />
                </CardContent>
              </Card>
            </div>
            <Card>
              <CardHeader>
                <CardTitle>Glucose over {days} days</CardTitle>
                <CardDescription>
                  {caption}, in {fmt.unit}; dashed lines at {levelLinesText(lineScale, fmt)}
                  {targets?.custom
                    ? ` (${w.your} range is ${fmt.value(targets.targetLow)}–${fmt.value(targets.targetHigh)})`
                    : ''}
                  .
                </CardDescription>
              </CardHeader>
              <CardContent>
                <QueryState query={series} what="the glucose chart">
                  <GlucoseLineChart
                    label={`Line chart of glucose over the last ${days} days`}
                    data={points}
                    domain={lineScale.domain}
                    ticks={lineScale.ticks}
                    lines={lineScale.lines}
                    formatTime={timeFormat.tick}
                    formatTooltip={timeFormat.tooltip}
                    unit={fmt.unit}
                    decimals={decimals}
                    height={300}
                  />
                </QueryState>
              </CardContent>
            </Card>
            <div className="grid gap-4 lg:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle>Time in ranges</CardTitle>
                  <CardDescription>
                    The five bands of the International Consensus on Time in Range, with their targets.
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <TimeInRangeBar stats={s} fmt={fmt} />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Ambulatory glucose profile</CardTitle>
                  <CardDescription>
                    Median, 25th–75th and 5th–95th percentiles by time of day ({zoneWords(fmt.timeZone)}).
                  </CardDescription>
                </CardHeader>
                <CardContent>
                  <AgpChart
                    label={`Ambulatory glucose profile over the last ${days} days`}
                    data={toAgpPoints(stats.data.agp, fmt)}
                    domain={agpScale.domain}
                    ticks={agpScale.ticks}
                    lines={agpScale.lines}
                    unit={fmt.unit}
                    decimals={decimals}
                  />
                </CardContent>
              </Card>
            </div>
          </>
        )}
      </QueryState>
    </div>
  );
}
