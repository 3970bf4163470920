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

const tick = { fill: 'currentColor', fontSize: 12 };
const DAY = 86_400_000;

export type LabPoint = { at: number; date: string; value: number };

/**
 * A test's results by date, spaced by time, in one unit, with the reference range shaded (open ends run
 * to the chart's edge). The axis holds every point and the band.
 */
export function LabTrendChart({
  data,
  unit,
  low,
  high,
  timeZone,
}: {
  data: LabPoint[];
  unit: string;
  /** The profile's zone, so a result's date on the axis is the date the list shows. */
  timeZone: string;
  low: number | null;
  high: number | null;
}) {
  const values = [...data.map((d) => d.value), ...[low, high].filter((v): v is number => v !== null)];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const pad = (max - min || Math.abs(max) || 1) * 0.15;
  const lo = Math.max(0, min - pad);
  const hi = max + pad;
  const first = data[0]?.at ?? 0;
  const last = data.at(-1)?.at ?? first;
  const xDomain = last - first < DAY ? [first - 15 * DAY, last + 15 * DAY] : [first, last];
  const dateOf = (at: number) => formatDate(new Date(at).toISOString(), timeZone);
  return (
    <ResponsiveContainer width="100%" height={260}>
      <LineChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        {(low !== null || high !== null) && (
          <ReferenceArea
            y1={low ?? lo}
            y2={high ?? hi}
            fill="#009E73"
            fillOpacity={0.12}
            stroke="none"
            ifOverflow="extendDomain"
          />
        )}
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
        <YAxis
          tick={tick}
          tickLine={false}
          width={48}
          domain={[Number(lo.toPrecision(3)), Number(hi.toPrecision(3))]}
        />
        <Tooltip
          contentStyle={{
            background: 'var(--card)',
            border: '1px solid var(--border)',
            borderRadius: 8,
            fontSize: 12,
          }}
          labelFormatter={(at) => dateOf(Number(at))}
          formatter={(v) => [`${v} ${unit}`, 'Result']}
        />
        <Line dataKey="value" stroke="#0072B2" strokeWidth={2} dot={{ r: 4 }} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
