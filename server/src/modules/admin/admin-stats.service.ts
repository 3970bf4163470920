import {
  type AdminAnalyticsResponse,
  type AdminDashboardResponse,
  type AdminDataResponse,
  deviceKind,
  type SystemHealth,
} from '@healthfolio/core';
import { countOf } from '@healthfolio/core/text/count-words';

import type { AppDeps } from '../../app-deps';
import {
  selectDailyActive,
  selectDailySignups,
  selectDashboardCounts,
  selectDatabaseBytes,
  selectEntriesPerTracker,
  selectFeatureUse,
  selectOverdueReminders,
  selectSignInAgents,
  selectTableSizes,
  TABLES,
} from './admin-stats.repository';
import { adminAccountTx } from './admin-tx';

type Deps = Pick<AppDeps, 'db' | 'config' | 'settings' | 'metrics'>;

export const ANALYTICS_DAYS = 30;

/** The database answers, and no due reminder waits longer than a few scheduler rounds. */
export const systemHealth = async (deps: Deps): Promise<SystemHealth> => {
  const checks: SystemHealth['checks'] = [];
  try {
    await deps.db.ping();
    checks.push({ name: 'Database', ok: true, detail: 'Answering' });
  } catch {
    checks.push({ name: 'Database', ok: false, detail: 'Not answering' });
  }
  const grace = Math.max(120, deps.config.reminderIntervalSeconds * 4);
  try {
    const overdue = await deps.db.asSystem((tx) => selectOverdueReminders(tx, grace));
    checks.push(
      overdue.count === 0
        ? { name: 'Reminder scheduler', ok: true, detail: 'Delivering due reminders on time' }
        : {
            name: 'Reminder scheduler',
            ok: false,
            detail: `${countOf(overdue.count, 'reminder')} overdue`,
            since: overdue.oldest?.toISOString(),
          },
    );
  } catch {
    checks.push({ name: 'Reminder scheduler', ok: false, detail: 'Could not be checked' });
  }
  return { status: checks.every((c) => c.ok) ? 'operational' : 'issues', checks };
};

export const dashboardStats = async (deps: Deps): Promise<AdminDashboardResponse> => {
  const [counts, databaseBytes] = await adminAccountTx(deps.db, async (tx) => [
    await selectDashboardCounts(tx),
    await selectDatabaseBytes(tx),
  ]);
  const settings = await deps.settings.getPlatformSettings();
  return {
    totalUsers: counts.total_users!,
    totalPeople: counts.total_people!,
    signupsLast7Days: counts.signups_7d!,
    activeUsersLast30Days: counts.active_30d!,
    pendingApproval: counts.pending!,
    notificationsSent: counts.notifications!,
    trackerEntries: counts.entries!,
    glucoseReadings: counts.glucose!,
    shares: { active: counts.shares_active!, total: counts.shares_total! },
    // Stored bytes as uploaded (the encrypted objects add a few bytes per 64 KiB segment).
    documents: { count: counts.documents!, storageBytes: counts.document_bytes! },
    databaseBytes,
    health: await systemHealth(deps),
    maintenance: settings.maintenance_mode.enabled,
    registrationOpen: settings.user_registration.enabled,
    unavailable: [],
  };
};

export const analyticsStats = async (deps: Deps): Promise<AdminAnalyticsResponse> => {
  const days = ANALYTICS_DAYS;
  const data = await adminAccountTx(deps.db, async (tx) => ({
    dailySignups: await selectDailySignups(tx, days),
    dailyActiveUsers: await selectDailyActive(tx, days),
    entriesPerTracker: await selectEntriesPerTracker(tx),
    featureUse: await selectFeatureUse(tx, days),
    agents: await selectSignInAgents(tx, days),
  }));
  const devices = new Map<string, number>();
  for (const a of data.agents)
    devices.set(deviceKind(a.userAgent), (devices.get(deviceKind(a.userAgent)) ?? 0) + a.sessions);
  const { agents: _agents, ...rest } = data;
  return {
    days,
    ...rest,
    devices: [...devices]
      .map(([kind, sessions]) => ({ kind, sessions }))
      .sort((a, b) => b.sessions - a.sessions),
    requests: deps.metrics.snapshot(),
    unavailable: [
      {
        figure: 'Session length and return rate',
        note: 'Not measured: sessions are not timed from first to last request on this instance.',
      },
    ],
  };
};

export const dataStats = async (deps: Deps): Promise<AdminDataResponse> => {
  const [sizes, databaseBytes] = await adminAccountTx(deps.db, async (tx) => [
    await selectTableSizes(tx),
    await selectDatabaseBytes(tx),
  ]);
  const tables = sizes.map((s) => ({ ...s, area: TABLES.find((t) => t.table === s.table)!.area }));
  const areas = new Map<string, number>();
  for (const t of tables) areas.set(t.area, (areas.get(t.area) ?? 0) + t.bytes);
  return {
    tables,
    areas: [...areas].map(([area, bytes]) => ({ area, bytes })),
    databaseBytes,
    database: deps.db.kind,
    unavailable: [],
  };
};
