import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { ACCOUNTS, GLUCOSE_READINGS, TRACKER_ENTRIES } from './instance-figures';

/**
 * Every table by area (Data Management). The documents and sharing areas add their tables here when
 * they land; until then the console says those figures are not available.
 */
export const TABLES: { table: string; area: string }[] = [
  { table: 'auth.user', area: 'accounts' },
  { table: 'auth.session', area: 'accounts' },
  { table: 'auth.account', area: 'accounts' },
  { table: 'auth.verification', area: 'accounts' },
  { table: 'auth.two_factor', area: 'accounts' },
  { table: 'auth.passkey', area: 'accounts' },
  { table: 'public.profiles', area: 'accounts' },
  { table: 'public.guardianships', area: 'households' },
  { table: 'public.household_invitations', area: 'households' },
  { table: 'public.former_guardians', area: 'households' },
  { table: 'public.user_roles', area: 'accounts' },
  { table: 'public.tracker_entries', area: 'tracking' },
  { table: 'public.glucose_readings', area: 'tracking' },
  { table: 'public.custom_foods', area: 'tracking' },
  { table: 'public.achievement_unlocks', area: 'tracking' },
  { table: 'public.entry_days', area: 'tracking' },
  { table: 'public.hypo_settings', area: 'tracking' },
  { table: 'public.hypo_follow_ups', area: 'tracking' },
  { table: 'public.lab_results', area: 'tracking' },
  { table: 'public.documents', area: 'documents' },
  { table: 'public.jobs', area: 'documents' },
  { table: 'public.shared_access', area: 'sharing' },
  { table: 'public.shared_permissions', area: 'sharing' },
  { table: 'public.visit_packets', area: 'sharing' },
  { table: 'public.insurance_plans', area: 'insurance' },
  { table: 'public.insurance_claims', area: 'insurance' },
  { table: 'public.insurance_bills', area: 'insurance' },
  { table: 'public.bill_payments', area: 'insurance' },
  { table: 'public.insurance_settings', area: 'insurance' },
  { table: 'public.device_connections', area: 'devices' },
  { table: 'public.nightscout_sources', area: 'devices' },
  { table: 'public.vendor_pull_sources', area: 'devices' },
  { table: 'public.ns_upload_credentials', area: 'devices' },
  { table: 'public.device_entry_keys', area: 'devices' },
  { table: 'public.ai_chat_messages', area: 'assistant' },
  { table: 'public.meal_photo_analyses', area: 'assistant' },
  { table: 'public.notifications', area: 'notifications and appointments' },
  { table: 'public.medication_schedules', area: 'notifications and appointments' },
  { table: 'public.appointments', area: 'notifications and appointments' },
  { table: 'public.calendar_feeds', area: 'notifications and appointments' },
  { table: 'public.audit_logs', area: 'system' },
  { table: 'public.mail_outbox', area: 'system' },
  { table: 'auth.rate_limit', area: 'system' },
  { table: 'public.platform_settings', area: 'system' },
  { table: 'public.backups', area: 'system' },
];

/** Owner + system scope (adminAccountTx): row counts are exact, sizes include indexes and TOAST. */
export const selectTableSizes = async (tx: Tx) => {
  const parts = TABLES.map(
    ({ table }) =>
      sql`select ${table}::text as name, (select count(*) from ${sql.raw(table)})::bigint as rows, pg_total_relation_size(${table}::regclass)::bigint as bytes`,
  );
  const { rows } = await tx.execute<{ name: string; rows: string | number; bytes: string | number }>(
    sql.join(parts, sql` union all `),
  );
  return rows.map((r) => ({ table: r.name, rows: Number(r.rows), bytes: Number(r.bytes) }));
};

export const selectDatabaseBytes = async (tx: Tx) => {
  const { rows } = await tx.execute<{ bytes: string | number }>(
    sql`select pg_database_size(current_database())::bigint as bytes`,
  );
  return Number(rows[0]!.bytes);
};

/**
 * What makes an account active, for the dashboard's 30 days and the daily figure alike: a sign-in, or an
 * action it did itself (actor = the account). Rows the system writes about someone (reminders, alarms),
 * a guardian's actions for the person they keep, and those people themselves do not count.
 */
const ACTIVE_ROWS = sql`
  select a.user_id, a.created_at from audit_logs a join auth.user u on u.id = a.user_id
  where u.status <> 'dependent' and (a.action = 'sign_in' or a.actor_id = a.user_id)`;

export const selectDashboardCounts = async (tx: Tx) => {
  const { rows } = await tx.execute<Record<string, string | number>>(sql`
    select
      ${ACCOUNTS} as total_users,
      (select count(*) from auth.user) as total_people,
      (select count(*) from auth.user where created_at > now() - interval '7 days' and status <> 'dependent') as signups_7d,
      (select count(*) from auth.user where status = 'pending_approval') as pending,
      (select count(*) from (
        select user_id from auth.session where updated_at > now() - interval '30 days'
        union
        select user_id from (${ACTIVE_ROWS}) a where created_at > now() - interval '30 days'
      ) active) as active_30d,
      (select count(*) from notifications where user_id is not null) as notifications,
      ${TRACKER_ENTRIES} as entries,
      ${GLUCOSE_READINGS} as glucose,
      (select count(*) from shared_access) as shares_total,
      (select count(*) from shared_access
        where revoked_at is null and (expires_at is null or expires_at > now())) as shares_active,
      (select count(*) from documents) as documents,
      (select coalesce(sum(file_size), 0) from documents) as document_bytes`);
  return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
};

/** Reminders due longer ago than `graceSeconds` that no scheduler has delivered. */
export const selectOverdueReminders = async (tx: Tx, graceSeconds: number) => {
  const { rows } = await tx.execute<{ n: string | number; oldest: Date | string | null }>(sql`
    select count(*) as n, min(due_date) as oldest from notifications
    where delivered_at is null and due_date is not null and user_id is not null
      and due_date < now() - make_interval(secs => ${graceSeconds})`);
  return { count: Number(rows[0]!.n), oldest: rows[0]!.oldest ? new Date(rows[0]!.oldest) : null };
};

const series = (days: number) =>
  sql`generate_series((current_date - ${days - 1}::int)::timestamp, current_date::timestamp, interval '1 day')`;

export const selectDailySignups = async (tx: Tx, days: number) => {
  const { rows } = await tx.execute<{ day: string; count: string | number }>(sql`
    select to_char(d, 'YYYY-MM-DD') as day,
      (select count(*) from auth.user u where u.created_at >= d and u.created_at < d + interval '1 day'
        and u.status <> 'dependent') as count
    from ${series(days)} d order by d`);
  return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
};

/** A day's active users: each account that signed in or did something itself that day, once. */
export const selectDailyActive = async (tx: Tx, days: number) => {
  const { rows } = await tx.execute<{ day: string; count: string | number }>(sql`
    select to_char(d, 'YYYY-MM-DD') as day,
      (select count(distinct a.user_id) from (${ACTIVE_ROWS}) a
        where a.created_at >= d and a.created_at < d + interval '1 day') as count
    from ${series(days)} d order by d`);
  return rows.map((r) => ({ day: r.day, count: Number(r.count) }));
};

/** Entries by tracker; glucose readings by where they came from (typed in, a sensor, an import). */
export const selectEntriesPerTracker = async (tx: Tx) => {
  const { rows } = await tx.execute<{ tracker: string; source: string | null; count: string | number }>(sql`
    select tracker, null as source, count(*) as count from tracker_entries group by tracker
    union all
    select 'blood-glucose', case when source = 'cgm' or source like 'device:%' then 'sensor'
      when source like 'import:%' then 'import' end, count(*)
    from glucose_readings group by 2
    order by count desc`);
  return rows.map((r) => ({
    tracker: r.tracker,
    ...(r.source ? { source: r.source as 'sensor' | 'import' } : {}),
    count: Number(r.count),
  }));
};

export const selectFeatureUse = async (tx: Tx, days: number) => {
  const { rows } = await tx.execute<{ feature: string; events: string | number; users: string | number }>(sql`
    select coalesce(resource_type, action) as feature, count(*) as events, count(distinct user_id) as users
    from audit_logs where created_at > now() - make_interval(days => ${days})
    group by 1 order by events desc limit 20`);
  return rows.map((r) => ({ feature: r.feature, events: Number(r.events), users: Number(r.users) }));
};

/** User agents of the sign-ins of the last `days` (audited, so sessions ended since still count). */
export const selectSignInAgents = async (tx: Tx, days: number) => {
  const { rows } = await tx.execute<{ user_agent: string | null; n: string | number }>(sql`
    select user_agent, count(*) as n from audit_logs
    where action = 'sign_in' and created_at > now() - make_interval(days => ${days}) group by user_agent`);
  return rows.map((r) => ({ userAgent: r.user_agent, sessions: Number(r.n) }));
};
