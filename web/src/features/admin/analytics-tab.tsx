import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  XAxis,
  YAxis,
} from 'recharts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { useAdminAnalytics } from './admin-api';
import { formatCount, formatDateTime, formatDay } from './admin-format';
import { deviceLabel, featureLabel, trackerLabel } from './analytics-labels';
import { FigureNotes } from './figure-note';

// Okabe–Ito: distinguishable with the common kinds of colour blindness.
const BLUE = '#0072B2';
const ORANGE = '#E69F00';
const tick = { fill: 'currentColor', fontSize: 12 };

function Table({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: [string, ...string[]];
  rows: (string | number)[][];
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="text-left text-muted-foreground">
          {head.map((h, i) => (
            <th key={h} scope="col" className={i ? 'text-right font-medium' : 'font-medium'}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={String(r[0])} className="border-t">
            {r.map((c, i) => (
              <td key={head[i]} className={i ? 'py-1 text-right tabular-nums' : 'py-1'}>
                {typeof c === 'number' ? formatCount(c) : c}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const ms = (v: number | null) => (v === null ? '—' : `${v.toFixed(1)} ms`);

export function AnalyticsTab() {
  const { timezone } = useDashboardContext().profile;
  const analytics = useAdminAnalytics();
  if (analytics.isPending) return <PageSpinner label="Loading analytics" />;
  if (analytics.isLoadingError)
    return (
      <ErrorState
        message={errorMessage(analytics.error, 'Analytics could not be loaded.')}
        onRetry={() => analytics.refetch()}
      />
    );
  const a = analytics.data;
  const daily = a.dailySignups.map((d, i) => ({
    day: formatDay(d.day),
    signups: d.count,
    active: a.dailyActiveUsers[i]?.count ?? 0,
  }));
  const trackers = a.entriesPerTracker.map((e) => ({ label: trackerLabel(e), count: e.count }));
  const sum = (xs: { count: number }[]) => xs.reduce((s, x) => s + x.count, 0);
  const r = a.requests;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Signups and daily active users</CardTitle>
          <CardDescription>
            Last {a.days} days: {formatCount(sum(a.dailySignups))} signups. A day’s active users are the
            people who signed in or did something in their own account that day, each counted once.
          </CardDescription>
        </CardHeader>
        <CardContent aria-hidden="true">
          <ResponsiveContainer width="100%" height={260}>
            <LineChart
              data={daily}
              margin={{ top: 8, right: 8, bottom: 8, left: -16 }}
              accessibilityLayer={false}
            >
              <CartesianGrid
                strokeDasharray="3 3"
                vertical={false}
                stroke="currentColor"
                strokeOpacity={0.15}
              />
              <XAxis dataKey="day" tick={tick} tickLine={false} minTickGap={24} />
              <YAxis tick={tick} tickLine={false} allowDecimals={false} />
              <Legend />
              <Line
                type="monotone"
                dataKey="signups"
                name="Signups"
                stroke={BLUE}
                strokeWidth={2}
                dot={false}
                isAnimationActive={false}
              />
              <Line
                type="monotone"
                dataKey="active"
                name="Daily active users"
                stroke={ORANGE}
                strokeWidth={2}
                strokeDasharray="5 3"
                dot={false}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </CardContent>
        <CardContent>
          <Table
            caption="Signups and daily active users of the last 7 days"
            head={['Day', 'Signups', 'Active users']}
            rows={daily.slice(-7).map((d) => [d.day, d.signups, d.active])}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Entries per tracker</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {a.entriesPerTracker.length === 0 ? (
            <p className="text-sm text-muted-foreground">No entries logged yet.</p>
          ) : (
            <>
              <div aria-hidden="true">
                <ResponsiveContainer width="100%" height={200}>
                  <BarChart
                    data={trackers}
                    margin={{ top: 8, right: 8, bottom: 8, left: -16 }}
                    accessibilityLayer={false}
                  >
                    <XAxis dataKey="label" tick={tick} tickLine={false} interval={0} />
                    <YAxis tick={tick} tickLine={false} allowDecimals={false} />
                    <Bar dataKey="count" fill={BLUE} radius={[4, 4, 0, 0]} isAnimationActive={false} />
                  </BarChart>
                </ResponsiveContainer>
              </div>
              <Table
                caption="Entries per tracker"
                head={['Tracker', 'Entries']}
                rows={trackers.map((e) => [e.label, e.count])}
              />
            </>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Feature use</CardTitle>
          <CardDescription>
            What people did in the last {a.days} days, by part of the app: how many times, and by how many
            people.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Table
            caption="Feature use"
            head={['Part of the app', 'Times', 'People']}
            rows={a.featureUse.map((f) => [featureLabel(f.feature), f.events, f.users])}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Devices</CardTitle>
          <CardDescription>Sign-ins of the last {a.days} days by the kind of device used.</CardDescription>
        </CardHeader>
        <CardContent>
          <Table
            caption="Devices"
            head={['Device', 'Sign-ins']}
            rows={a.devices.map((d) => [deviceLabel(d.kind), d.sessions])}
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>API response times</CardTitle>
          <CardDescription>
            Measured by this server process over the last {r.windowMinutes} minutes (since{' '}
            {formatDateTime(r.since, timezone)}).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt>Requests</dt>
            <dd className="text-right tabular-nums">{formatCount(r.count)}</dd>
            <dt>Median (p50)</dt>
            <dd className="text-right tabular-nums">{ms(r.p50Ms)}</dd>
            <dt>p95</dt>
            <dd className="text-right tabular-nums">{ms(r.p95Ms)}</dd>
            <dt>p99</dt>
            <dd className="text-right tabular-nums">{ms(r.p99Ms)}</dd>
            <dt>Server error rate</dt>
            <dd className="text-right tabular-nums">
              {r.errorRate === null ? '—' : `${(r.errorRate * 100).toFixed(2)}%`}
            </dd>
          </dl>
        </CardContent>
      </Card>
      <div className="lg:col-span-2">
        <FigureNotes notes={a.unavailable} />
      </div>
    </div>
  );
}
