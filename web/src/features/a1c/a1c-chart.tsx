import { A1C_CHART_MAX, A1C_CHART_MIN, A1C_TARGET_PERCENT } from '@healthfolio/core/glucose/a1c';
import { containingDomain } from '@healthfolio/core/glucose/chart-scale';
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

export type A1cPoint = { at: number; date: string; value: number; eag: string };

const DAY = 86_400_000;

/**
 * A1C by test date, spaced by time, on a 4–12% axis widened to hold every result, with the 7%
 * target line. Each point is told by its value and estimated average glucose, not a diagnosis.
 */
export function A1cChart({ data }: { data: A1cPoint[] }) {
  const [lo, hi] = containingDomain(
    data.map((d) => d.value),
    [A1C_CHART_MIN, A1C_CHART_MAX],
    1,
  );
  const ticks = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
  const byDate = new Map(data.map((d) => [d.at, d]));
  const first = data[0]?.at ?? 0;
  const last = data.at(-1)?.at ?? first;
  // A single result (or two on one day) sits in the middle of a month rather than on an empty axis.
  const xDomain = last - first < DAY ? [first - 15 * DAY, last + 15 * DAY] : [first, last];
  const dateOf = (at: number) =>
    byDate.get(at)?.date ??
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' }).format(at);
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis
          dataKey="at"
          type="number"
          scale="time"
          domain={xDomain}
          tickFormatter={dateOf}
          tick={tick}
          tickLine={false}
          minTickGap={16}
        />
        <YAxis tick={tick} tickLine={false} width={40} domain={[lo, hi]} ticks={ticks} unit="%" />
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
          labelFormatter={(at) => dateOf(Number(at))}
          formatter={(v, _name, item) => [
            `${Number(v).toFixed(1)}% (eAG ${(item.payload as A1cPoint).eag})`,
            'A1C',
          ]}
        />
        <Line dataKey="value" stroke="#0072B2" strokeWidth={2} dot={{ r: 4 }} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
