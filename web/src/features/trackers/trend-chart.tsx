import type { EntryResponse, ProfileResponse } from '@healthfolio/core';
import { useState } from 'react';
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { levelLineColour } from '@/features/glucose-analytics/level-lines';
import { formatShortDate } from '@/lib/zoned-format';
import { niceTicks, trendTimeAxis } from './trend-axis';
import { pressureSeries, type Series, tooltipLabel } from './trend-series';

// Okabe–Ito colours plus a distinct dash and marker per line: told apart without colour too.
const STYLES = [
  { color: '#0072B2', dash: undefined, dot: { r: 3 } },
  { color: '#D55E00', dash: '6 3', dot: { r: 3, strokeWidth: 2, fill: 'var(--card)' } },
  { color: '#009E73', dash: '2 3', dot: { r: 2 } },
];

const MARGIN = { top: 8, right: 16, bottom: 8, left: 0 };
/** Room above the plot for the value axis' unit ("lbs", "mg/dL"). */
const UNIT_MARGIN = { ...MARGIN, top: 28 };
const Y_AXIS_WIDTH = 44;
/**
 * The newest point can fall on the period's last instant (logged a moment ago): the time axis ends
 * this far inside the plot, so its marker is drawn whole rather than cut in half at the edge.
 */
const X_END_PADDING = 12;
const iso = (at: number) => new Date(at).toISOString();

/**
 * A line chart of a series over time: the x axis is proportional to time (a gap between readings
 * shows as a gap, two readings of one day sit close), over the `days` chosen or the days the
 * readings fall on, with a date label at local midnights as often as the width allows.
 */
export function TrendChart({
  series,
  days,
  height = 300,
  compact = false,
}: {
  series: Series;
  /** The period shown: the last `days` days up to now. */
  days?: number;
  height?: number;
  compact?: boolean;
}) {
  const [width, setWidth] = useState(600);
  const x = trendTimeAxis({
    at: series.points.map((p) => p.at),
    timeZone: series.timeZone,
    days,
    now: Date.now(),
    plotWidth: width - Y_AXIS_WIDTH - MARGIN.right - MARGIN.left - X_END_PADDING,
  });
  // The unit the values are drawn in, over the value axis (the small home card has no room for it).
  const unit = compact ? '' : series.unit;
  const yTicks =
    series.ticks ?? (series.domain[0] === 'auto' ? undefined : niceTicks(series.domain, compact ? 3 : 6));
  return (
    <ResponsiveContainer width="100%" height={height} onResize={(w) => setWidth(w)}>
      <LineChart data={series.points} margin={unit ? UNIT_MARGIN : MARGIN} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
        <XAxis
          dataKey="at"
          type="number"
          scale="time"
          domain={x.domain}
          ticks={x.ticks}
          interval={0}
          allowDataOverflow
          padding={{ left: 0, right: X_END_PADDING }}
          tickFormatter={(at: number) => formatShortDate(iso(at), series.timeZone)}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          tickLine={false}
        />
        <YAxis
          domain={series.domain}
          ticks={yTicks}
          tickFormatter={yTicks ? (v: number) => v.toFixed(series.unit === 'mmol/L' ? 1 : 0) : undefined}
          allowDecimals={series.unit === 'mmol/L' || series.unit === 'kg' || series.unit === 'lbs'}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          tickLine={false}
          width={Y_AXIS_WIDTH}
          label={
            unit
              ? { value: unit, position: 'top', offset: 14, fill: 'currentColor', fontSize: 12 }
              : undefined
          }
        />
        <Tooltip
          contentStyle={{
            background: 'var(--card)',
            borderColor: 'var(--border)',
            color: 'var(--card-foreground)',
          }}
          labelFormatter={(_, payload) => tooltipLabel(payload)}
          formatter={(value) => `${value}${series.unit ? ` ${series.unit}` : ''}`}
        />
        {!compact && <Legend />}
        {series.levelLines?.map((l) => (
          <ReferenceLine key={l.mgdl} y={l.value} stroke={levelLineColour(l)} strokeDasharray="6 4" />
        ))}
        {series.lines.map((line, i) => {
          const style = STYLES[i % STYLES.length] ?? STYLES[0];
          return (
            <Line
              key={line.key}
              type="monotone"
              dataKey={line.key}
              name={line.name}
              stroke={style?.color}
              strokeDasharray={style?.dash}
              strokeWidth={2}
              dot={compact ? false : style?.dot}
              connectNulls
              isAnimationActive={false}
            />
          );
        })}
      </LineChart>
    </ResponsiveContainer>
  );
}

/** The home card's small blood pressure chart of the last 30 days, its series built here, off the first load. */
export function PressureTrendChart({
  entries,
  profile,
}: {
  entries: EntryResponse[];
  profile: ProfileResponse;
}) {
  return <TrendChart series={pressureSeries(entries, profile)} days={30} height={120} compact />;
}
