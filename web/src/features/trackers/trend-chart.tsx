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
import type { Series } from './trend-series';

// Okabe–Ito colours plus a distinct dash and marker per line: told apart without colour too.
const STYLES = [
  { color: '#0072B2', dash: undefined, dot: { r: 3 } },
  { color: '#D55E00', dash: '6 3', dot: { r: 3, strokeWidth: 2, fill: 'var(--card)' } },
  { color: '#009E73', dash: '2 3', dot: { r: 2 } },
];

/** A line chart of a series; "about one x label per six points" (interval 5). */
export function TrendChart({
  series,
  height = 300,
  compact = false,
}: {
  series: Series;
  height?: number;
  compact?: boolean;
}) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <LineChart
        data={series.points}
        margin={{ top: 8, right: 16, bottom: 8, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
        <XAxis
          dataKey="label"
          interval={compact ? 'preserveStartEnd' : 5}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          tickLine={false}
        />
        <YAxis
          domain={series.domain}
          ticks={series.ticks}
          tickFormatter={
            series.ticks ? (v: number) => v.toFixed(series.unit === 'mmol/L' ? 1 : 0) : undefined
          }
          allowDecimals={series.unit === 'mmol/L' || series.unit === 'kg' || series.unit === 'lbs'}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          tickLine={false}
          width={44}
        />
        <Tooltip
          contentStyle={{
            background: 'var(--card)',
            borderColor: 'var(--border)',
            color: 'var(--card-foreground)',
          }}
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
