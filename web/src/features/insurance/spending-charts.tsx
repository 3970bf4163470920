import type { CategoryShare, MonthlySpending } from '@healthfolio/core/insurance/analytics';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { formatMonth } from './insurance-format';

// The trend screens' look: Okabe–Ito colours plus a distinct dash and marker per line.
const LINES = [
  { key: 'spending', name: 'Spending', color: '#0072B2', dash: undefined, dot: { r: 3 } },
  { key: 'insurance', name: 'Insurance', color: '#009E73', dash: '2 3', dot: { r: 2 } },
  {
    key: 'outOfPocket',
    name: 'Out of pocket',
    color: '#D55E00',
    dash: '6 3',
    dot: { r: 3, strokeWidth: 2, fill: 'var(--card)' },
  },
];
const BAR_COLORS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];
const tooltipStyle = {
  background: 'var(--card)',
  borderColor: 'var(--border)',
  color: 'var(--card-foreground)',
};

/** Monthly spending, insurance and out of pocket for the last 12 months (amounts in the user's currency). */
export function MonthlySpendingChart({
  months,
  money,
  axis,
}: {
  months: MonthlySpending[];
  money: (c: number) => string;
  axis: (c: number) => string;
}) {
  const data = months.map((m) => ({
    label: formatMonth(m.month),
    spending: m.spendingCents / 100,
    insurance: m.insuranceCents / 100,
    outOfPocket: m.outOfPocketCents / 100,
  }));
  return (
    <ResponsiveContainer width="100%" height={300}>
      <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
        <XAxis
          dataKey="label"
          interval="preserveStartEnd"
          tick={{ fill: 'currentColor', fontSize: 12 }}
          tickLine={false}
        />
        <YAxis
          tick={{ fill: 'currentColor', fontSize: 12 }}
          tickLine={false}
          width={72}
          tickFormatter={(v: number) => axis(Math.round(v * 100))}
        />
        <Tooltip contentStyle={tooltipStyle} formatter={(v) => money(Math.round(Number(v) * 100))} />
        <Legend />
        {LINES.map((l) => (
          <Line
            key={l.key}
            type="monotone"
            dataKey={l.key}
            name={l.name}
            stroke={l.color}
            strokeDasharray={l.dash}
            strokeWidth={2}
            dot={l.dot}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  );
}

/** Spending by category, largest first; the labels carry the percentage, not the colour alone. */
export function CategoryChart({
  shares,
  money,
  axis,
}: {
  shares: CategoryShare[];
  money: (c: number) => string;
  axis: (c: number) => string;
}) {
  const data = shares.map((s) => ({
    label: `${s.category} (${s.percentage}%)`,
    amount: s.amountCents / 100,
  }));
  return (
    <ResponsiveContainer width="100%" height={Math.max(120, data.length * 40)}>
      <BarChart
        data={data}
        layout="vertical"
        margin={{ top: 4, right: 16, bottom: 4, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} horizontal={false} />
        <XAxis
          type="number"
          tick={{ fill: 'currentColor', fontSize: 12 }}
          tickFormatter={(v: number) => axis(Math.round(v * 100))}
        />
        <YAxis
          type="category"
          dataKey="label"
          width={160}
          tick={{ fill: 'currentColor', fontSize: 12 }}
          tickLine={false}
        />
        <Tooltip contentStyle={tooltipStyle} formatter={(v) => money(Math.round(Number(v) * 100))} />
        <Bar dataKey="amount" name="Spending" isAnimationActive={false}>
          {data.map((d, i) => (
            <Cell key={d.label} fill={BAR_COLORS[i % BAR_COLORS.length]} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
