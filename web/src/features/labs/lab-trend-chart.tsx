import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceArea,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatDate } from '@/lib/zoned-format';

import type { LabChartData, LabPoint } from './lab-chart-data';

const tick = { fill: 'currentColor', fontSize: 12 };

/** A tooltip's heading: its result's date. */
export const pointDate = (payload: readonly { payload?: unknown }[] | undefined) =>
  (payload?.[0]?.payload as LabPoint | undefined)?.date ?? '';

/**
 * A test's results by date, spaced by time, in one unit, each result's reference range shaded around
 * it (open ends run to the chart's edge). The axis holds every point and band, at round ticks.
 */
export function LabTrendChart({
  chart,
  unit,
  timeZone,
}: {
  chart: LabChartData;
  /** The unit as people write it, for the tooltip. */
  unit: string;
  /** The profile's zone, so a result's date on the axis is the date the list shows. */
  timeZone: string;
}) {
  const dateOf = (at: number) => formatDate(new Date(at).toISOString(), timeZone);
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart
        data={chart.points}
        margin={{ top: 8, right: 12, bottom: 4, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        {chart.bands.map((b) => (
          <ReferenceArea
            key={`${b.x1}-${b.y1}-${b.y2}`}
            x1={b.x1}
            x2={b.x2}
            y1={b.y1}
            y2={b.y2}
            fill="#009E73"
            fillOpacity={0.12}
            stroke="none"
          />
        ))}
        <XAxis
          dataKey="at"
          type="number"
          scale="time"
          domain={chart.xDomain}
          tickFormatter={dateOf}
          tick={tick}
          tickLine={false}
          minTickGap={16}
        />
        <YAxis
          tick={tick}
          tickLine={false}
          width={48}
          domain={chart.y.domain}
          ticks={chart.y.ticks}
          interval={0}
        />
        <Tooltip
          contentStyle={{
            background: 'var(--card)',
            border: '1px solid var(--border)',
            borderRadius: 8,
            fontSize: 12,
          }}
          labelFormatter={(_, payload) => pointDate(payload)}
          formatter={(v) => [`${v} ${unit}`, 'Result']}
        />
        <Line dataKey="value" stroke="#0072B2" strokeWidth={2} dot={{ r: 4 }} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
