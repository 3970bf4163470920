import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Pie,
  PieChart,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from 'recharts';

/** A figure, its colour in the chart and the same colour as a background utility for the list beside it. */
export type Datum = { name: string; value: number; color: string; swatch: string };

/**
 * A bar's name on two lines, its number below its words ("In range" / "70–180"), so the names of
 * four bars fit side by side on a phone without running into each other.
 */
function TwoLineTick({ x = 0, y = 0, payload }: { x?: number; y?: number; payload?: { value?: unknown } }) {
  const words = String(payload?.value ?? '').split(' ');
  const last = words.length > 1 ? words.pop() : undefined;
  return (
    <text x={x} y={y} textAnchor="middle" fill="currentColor" fontSize={12}>
      <tspan x={x} dy="0.9em">
        {words.join(' ')}
      </tspan>
      {last && (
        <tspan x={x} dy="1.2em">
          {last}
        </tspan>
      )}
    </text>
  );
}

/** Decorative: the same figures are listed in text beside the chart. */
export function ResultsChart({ data }: { data: Datum[] }) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis dataKey="name" tick={<TwoLineTick />} tickLine={false} interval={0} height={40} />
        <YAxis tick={{ fill: 'currentColor', fontSize: 12 }} tickLine={false} unit="%" />
        <Bar dataKey="value" radius={[6, 6, 0, 0]} isAnimationActive={false}>
          {data.map((d) => (
            <Cell key={d.name} fill={d.color} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}

export function DistributionChart({ data }: { data: Datum[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <PieChart accessibilityLayer={false}>
        <Pie
          rootTabIndex={-1}
          data={data}
          dataKey="value"
          nameKey="name"
          innerRadius={60}
          outerRadius={110}
          isAnimationActive={false}
        >
          {data.map((d) => (
            <Cell key={d.name} fill={d.color} stroke="var(--card)" strokeWidth={2} />
          ))}
        </Pie>
      </PieChart>
    </ResponsiveContainer>
  );
}
