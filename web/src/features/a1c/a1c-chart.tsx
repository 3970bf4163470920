import { A1C_CHART_MAX, A1C_CHART_MIN, A1C_TARGET_PERCENT } from '@healthfolio/core/glucose/a1c';
import {
  CartesianGrid,
  Line,
  LineChart,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const tick = { fill: 'currentColor', fontSize: 12 };

/** A1C by test date on a 4–12% axis with the 7% target line. */
export function A1cChart({ data }: { data: { label: string; value: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis dataKey="label" tick={tick} tickLine={false} minTickGap={16} />
        <YAxis
          tick={tick}
          tickLine={false}
          width={40}
          domain={[A1C_CHART_MIN, A1C_CHART_MAX]}
          ticks={[4, 5, 6, 7, 8, 9, 10, 11, 12]}
          unit="%"
          allowDataOverflow
        />
        <ReferenceLine
          y={A1C_TARGET_PERCENT}
          stroke="#E69F00"
          strokeDasharray="6 4"
          label={{ value: 'Target 7%', fill: 'currentColor', fontSize: 11, position: 'insideTopRight' }}
        />
        <Tooltip
          contentStyle={{
            background: 'var(--card)',
            border: '1px solid var(--border)',
            borderRadius: 8,
            fontSize: 12,
          }}
          formatter={(v) => [`${Number(v).toFixed(1)}%`, 'A1C']}
        />
        <Line dataKey="value" stroke="#0072B2" strokeWidth={2} dot={{ r: 4 }} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
