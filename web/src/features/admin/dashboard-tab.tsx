import { Activity, Bell, CircleCheck, CircleX, Database, NotebookPen, UserPlus, Users } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { PageSpinner } from '@/components/ui/spinner';
import { StatCard } from '@/components/ui/stat-card';
import { useDashboardContext } from '@/features/shell/use-dashboard-context';
import { errorMessage } from '@/lib/api';
import { useAdminDashboard } from './admin-api';
import { formatBytes, formatCount, healthCheckText } from './admin-format';
import { FigureNotes } from './figure-note';
import { HouseholdsCard } from './households-card';

const icon = 'size-4 text-muted-foreground';

export function DashboardTab() {
  const { timezone } = useDashboardContext().profile;
  const stats = useAdminDashboard();
  if (stats.isPending) return <PageSpinner label="Loading the dashboard" />;
  if (stats.isLoadingError)
    return (
      <ErrorState
        title="System Issues Detected"
        message={errorMessage(stats.error, 'The figures could not be loaded.')}
        onRetry={() => stats.refetch()}
      />
    );
  const d = stats.data;
  const healthy = d.health.status === 'operational';
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard
          title="Total users"
          value={formatCount(d.totalUsers)}
          icon={<Users className={icon} aria-hidden="true" />}
          detail={d.pendingApproval ? `${formatCount(d.pendingApproval)} waiting for approval` : undefined}
        />
        <StatCard
          title="People"
          value={formatCount(d.totalPeople)}
          detail="Every record: accounts and the people guardians keep"
          icon={<Users className={icon} aria-hidden="true" />}
        />
        <StatCard
          title="Recent signups"
          value={formatCount(d.signupsLast7Days)}
          detail="Last 7 days"
          icon={<UserPlus className={icon} aria-hidden="true" />}
        />
        <StatCard
          title="Active users"
          value={formatCount(d.activeUsersLast30Days)}
          detail="Signed in or active in the last 30 days"
          icon={<Activity className={icon} aria-hidden="true" />}
        />
        <StatCard
          title="Notifications sent"
          value={formatCount(d.notificationsSent)}
          icon={<Bell className={icon} aria-hidden="true" />}
        />
        <StatCard
          title="Entries logged"
          value={formatCount(d.trackerEntries + d.glucoseReadings)}
          detail={`${formatCount(d.trackerEntries)} tracker entries, ${formatCount(d.glucoseReadings)} glucose readings`}
          icon={<NotebookPen className={icon} aria-hidden="true" />}
        />
        <StatCard
          title="Database size"
          value={formatBytes(d.databaseBytes)}
          icon={<Database className={icon} aria-hidden="true" />}
        />
        {d.shares && (
          <StatCard
            title="Shares"
            value={formatCount(d.shares.active)}
            detail={`${formatCount(d.shares.total)} in total`}
          />
        )}
        {d.documents && (
          <StatCard
            title="Documents"
            value={formatCount(d.documents.count)}
            detail={formatBytes(d.documents.storageBytes)}
          />
        )}
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              {healthy ? (
                <CircleCheck className="size-5 text-green-700 dark:text-green-400" aria-hidden="true" />
              ) : (
                <CircleX className="size-5 text-destructive" aria-hidden="true" />
              )}
              {healthy ? 'All Systems Operational' : 'System Issues Detected'}
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="flex flex-col gap-2 text-sm">
              {d.health.checks.map((c) => (
                <li key={c.name} className="flex items-center justify-between gap-2">
                  <span>{c.name}</span>
                  <span className={c.ok ? 'text-muted-foreground' : 'text-destructive'}>
                    {c.ok ? 'OK' : 'Failed'}: {healthCheckText(c, timezone)}
                  </span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Quick status</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="grid grid-cols-[auto_auto] justify-between gap-2 text-sm">
              <dt>Maintenance mode</dt>
              <dd>
                <Badge variant={d.maintenance ? 'destructive' : 'outline'}>
                  {d.maintenance ? 'ON' : 'OFF'}
                </Badge>
              </dd>
              <dt>Registration</dt>
              <dd>
                <Badge variant={d.registrationOpen ? 'outline' : 'secondary'}>
                  {d.registrationOpen ? 'OPEN' : 'CLOSED'}
                </Badge>
              </dd>
            </dl>
          </CardContent>
        </Card>
      </div>
      <HouseholdsCard />
      <FigureNotes notes={d.unavailable} />
    </div>
  );
}
