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

/** Decorative: the same figures are listed in text beside the chart. */
export function ResultsChart({ data }: { data: Datum[] }) {
  return (
    <ResponsiveContainer width="100%" height={280}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: -16 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="currentColor" strokeOpacity={0.15} />
        <XAxis dataKey="name" tick={{ fill: 'currentColor', fontSize: 12 }} tickLine={false} interval={0} />
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
