import {
  Area,
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Line,
  ReferenceLine,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { levelLineColour } from './level-lines';

// Okabe–Ito colours: distinguishable with the common kinds of colour blindness.
export const CHART_BLUE = '#0072B2';
export const CHART_ORANGE = '#E69F00';
export const CHART_VERMILION = '#D55E00';
const tick = { fill: 'currentColor', fontSize: 12 };
const grid = (
  <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.15} />
);
const tooltipStyle = {
  contentStyle: {
    background: 'var(--card)',
    border: '1px solid var(--border)',
    borderRadius: 8,
    fontSize: 12,
  },
  labelStyle: { color: 'var(--foreground)' },
};

/**
 * A point at an instant (epoch ms): the x axis is proportional to time, gaps included. An averaged
 * point carries the lowest and highest reading it stands for (`range`), drawn as a band, so a low
 * the average hides still shows.
 */
export type LinePoint = { at: number; value: number; range?: [number, number] };
export type LevelLine = { mgdl: number; value: number; high?: boolean };

/** Dashed lines at the consensus limits the domain reaches (core's glucoseChartScale). */
const levelLines = (lines: LevelLine[]) =>
  lines.map((l) => (
    <ReferenceLine key={l.mgdl} y={l.value} stroke={levelLineColour(l)} strokeDasharray="6 4" />
  ));

/** Glucose over time; the domain and lines come from core's glucoseChartScale, so every point fits. */
export function GlucoseLineChart({
  data,
  domain,
  lines,
  unit,
  decimals,
  ticks,
  formatTime,
  formatTooltip = formatTime,
  height = 260,
}: {
  data: LinePoint[];
  domain: [number, number];
  /** Axis ticks in the user's unit (the clinical limits read better than evenly spaced numbers). */
  ticks?: number[];
  lines: LevelLine[];
  unit: string;
  decimals: number;
  /** An instant as the x axis and the tooltip write it (in the user's zone). */
  formatTime: (at: number) => string;
  /** The tooltip's instant, when it says more than the axis (the date of a one-day chart). */
  formatTooltip?: (at: number) => string;
  height?: number;
}) {
  const ranged = data.some((p) => p.range && p.range[0] !== p.range[1]);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart
        data={data}
        margin={{ top: 8, right: 12, bottom: 4, left: 0 }}
        accessibilityLayer={false}
      >
        {grid}
        <XAxis
          dataKey="at"
          type="number"
          scale="time"
          domain={['dataMin', 'dataMax']}
          tickFormatter={formatTime}
          tick={tick}
          tickLine={false}
          minTickGap={24}
        />
        <YAxis
          tick={tick}
          tickLine={false}
          domain={domain}
          ticks={ticks}
          width={44}
          tickFormatter={(v: number) => v.toFixed(decimals)}
        />
        {levelLines(lines)}
        <Tooltip
          {...tooltipStyle}
          labelFormatter={(at) => formatTooltip(Number(at))}
          formatter={(v) =>
            Array.isArray(v)
              ? [`${v.map((x) => Number(x).toFixed(decimals)).join('–')} ${unit}`, 'Lowest to highest']
              : [`${Number(v).toFixed(decimals)} ${unit}`, ranged ? 'Average' : 'Glucose']
          }
        />
        {ranged && (
          <Area
            type="monotone"
            dataKey="range"
            stroke="none"
            fill={CHART_BLUE}
            fillOpacity={0.18}
            isAnimationActive={false}
          />
        )}
        <Line
          type="monotone"
          dataKey="value"
          stroke={CHART_BLUE}
          strokeWidth={2}
          dot={data.length <= 60 ? { r: 3 } : false}
          isAnimationActive={false}
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

export type AgpPoint = {
  hour: number;
  outer: [number, number] | null;
  inner: [number, number] | null;
  median: number | null;
};

/** Ambulatory glucose profile: 5–95 and 25–75 percentile bands and the median by hour of day. */
export function AgpChart({
  data,
  domain,
  lines,
  unit,
  decimals,
  ticks,
  height = 280,
}: {
  data: AgpPoint[];
  domain: [number, number];
  ticks?: number[];
  lines: LevelLine[];
  unit: string;
  decimals: number;
  height?: number;
}) {
  const fmt = (v: unknown) =>
    Array.isArray(v) ? v.map((x) => Number(x).toFixed(decimals)).join('–') : Number(v).toFixed(decimals);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <ComposedChart
        data={data}
        margin={{ top: 8, right: 12, bottom: 4, left: 0 }}
        accessibilityLayer={false}
      >
        {grid}
        <XAxis
          dataKey="hour"
          type="number"
          domain={[0, 24]}
          ticks={[0, 3, 6, 9, 12, 15, 18, 21, 24]}
          tickFormatter={(h: number) => `${String(h % 24).padStart(2, '0')}:00`}
          tick={tick}
          tickLine={false}
        />
        <YAxis
          tick={tick}
          tickLine={false}
          domain={domain}
          ticks={ticks}
          width={44}
          tickFormatter={(v: number) => v.toFixed(decimals)}
        />
        {levelLines(lines)}
        <Tooltip
          {...tooltipStyle}
          labelFormatter={(h) => `${String(Number(h) % 24).padStart(2, '0')}:00`}
          formatter={(v, name) => [`${fmt(v)} ${unit}`, String(name)]}
        />
        <Area
          dataKey="outer"
          name="5th–95th percentile"
          stroke="none"
          fill={CHART_BLUE}
          fillOpacity={0.15}
          isAnimationActive={false}
          connectNulls
        />
        <Area
          dataKey="inner"
          name="25th–75th percentile"
          stroke="none"
          fill={CHART_BLUE}
          fillOpacity={0.35}
          isAnimationActive={false}
          connectNulls
        />
        <Line
          dataKey="median"
          name="Median"
          stroke={CHART_BLUE}
          strokeWidth={2}
          dot={false}
          isAnimationActive={false}
          connectNulls
        />
      </ComposedChart>
    </ResponsiveContainer>
  );
}

export type BarPoint = { label: string; value: number | null };

/** Plain bars (hourly averages, meal impact); the numbers are also listed in text beside them. */
export function SimpleBarChart({
  data,
  unit,
  decimals,
  reference,
  height = 240,
}: {
  data: BarPoint[];
  unit: string;
  decimals: number;
  reference?: { low: number; high: number };
  height?: number;
}) {
  return (
    <ResponsiveContainer width="100%" height={height}>
      <BarChart data={data} margin={{ top: 8, right: 12, bottom: 4, left: 0 }} accessibilityLayer={false}>
        {grid}
        <XAxis dataKey="label" tick={tick} tickLine={false} minTickGap={8} />
        <YAxis tick={tick} tickLine={false} width={44} tickFormatter={(v: number) => v.toFixed(decimals)} />
        {reference && <ReferenceLine y={reference.low} stroke={CHART_VERMILION} strokeDasharray="6 4" />}
        {reference && <ReferenceLine y={reference.high} stroke={CHART_ORANGE} strokeDasharray="6 4" />}
        <Tooltip {...tooltipStyle} formatter={(v) => [`${Number(v).toFixed(decimals)} ${unit}`, '']} />
        <Bar dataKey="value" fill={CHART_BLUE} radius={[4, 4, 0, 0]} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
