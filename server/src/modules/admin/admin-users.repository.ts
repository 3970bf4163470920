import type { AdminUserListQuery, Role } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';

export interface UserRow {
  user_id: string;
  display_name: string | null;
  role: Role | null;
  account_status: string;
  email_verified: boolean;
  created_at: Date | string;
  [k: string]: unknown;
}

const STATUS_SQL = sql`case when u.status <> 'active' then u.status when not u.email_verified then 'unconfirmed' else 'active' end`;

/**
 * Accounts newest first, searched by display name or id (case-insensitive). Owner + system scope.
 * People kept by guardians (status `dependent`) are not accounts: the households list shows them.
 */
export const selectUsers = async (tx: Tx, q: AdminUserListQuery) => {
  const like = q.q ? `%${q.q.replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null;
  const where = sql`where u.status <> 'dependent' and (${like}::text is null or p.display_name ilike ${like} or u.id::text ilike ${like})
    and (${q.status ?? null}::text is null or ${STATUS_SQL} = ${q.status ?? null})`;
  const { rows } = await tx.execute<UserRow & { total: number }>(sql`
    select u.id as user_id, coalesce(p.display_name, 'User') as display_name, coalesce(r.role, 'user') as role,
      ${STATUS_SQL} as account_status, u.email_verified, u.created_at, count(*) over () as total
    from auth.user u
    left join profiles p on p.user_id = u.id
    left join user_roles r on r.user_id = u.id
    ${where}
    order by u.created_at desc, u.id
    limit ${q.limit}`);
  return rows;
};

export const selectUser = async (tx: Tx, userId: string) => {
  const { rows } = await tx.execute<
    UserRow & {
      email: string;
      user_type: string | null;
      two_factor_enabled: boolean;
      assigned_by: string | null;
      sign_ins: number;
      last_sign_in: Date | string | null;
      active_sessions: number;
      glucose_readings: number;
      notifications: number;
      appointments: number;
    }
  >(sql`
    select u.id as user_id, coalesce(p.display_name, 'User') as display_name, coalesce(r.role, 'user') as role,
      ${STATUS_SQL} as account_status, u.email_verified, u.created_at, u.email, p.user_type,
      u.two_factor_enabled, r.assigned_by,
      (select count(*)::int from audit_logs a where a.user_id = u.id and a.action = 'sign_in') as sign_ins,
      (select max(created_at) from audit_logs a where a.user_id = u.id and a.action = 'sign_in') as last_sign_in,
      (select count(*)::int from auth.session s where s.user_id = u.id and s.expires_at > now()) as active_sessions,
      (select count(*)::int from glucose_readings g where g.user_id = u.id) as glucose_readings,
      (select count(*)::int from notifications n where n.user_id = u.id) as notifications,
      (select count(*)::int from appointments ap where ap.user_id = u.id) as appointments
    from auth.user u
    left join profiles p on p.user_id = u.id
    left join user_roles r on r.user_id = u.id
    where u.id = ${userId} and u.status <> 'dependent'`);
  return rows[0];
};

export const selectEntryCounts = async (tx: Tx, userId: string) => {
  const { rows } = await tx.execute<{ tracker: string; count: number }>(sql`
    select tracker, count(*)::int as count from tracker_entries where user_id = ${userId}
    group by tracker order by tracker`);
  return rows;
};

/** Admins whose account is active (disabled and unapproved ones cannot act). */
export const countActiveAdmins = async (tx: Tx) => {
  const { rows } = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from user_roles r join auth.user u on u.id = r.user_id
    where r.role = 'admin' and u.status = 'active'`);
  return rows[0]!.n;
};

export const selectAccount = async (tx: Tx, userId: string) => {
  const { rows } = await tx.execute<{ status: string; role: string | null }>(sql`
    select u.status, r.role from auth.user u left join user_roles r on r.user_id = u.id where u.id = ${userId}`);
  return rows[0];
};

export const setAccountStatus = (tx: Tx, userId: string, status: 'active' | 'disabled') =>
  tx.execute(sql`update auth.user set status = ${status}, updated_at = now() where id = ${userId}`);

export const deleteSessions = (tx: Tx, userId: string) =>
  tx.execute(sql`delete from auth.session where user_id = ${userId}`);

/**
 * Every credential that opens the account's data without a session dies with the account being
 * disabled (DESIGN §5): Nightscout upload credentials, follower tokens and household follower tokens are deleted (REST, JWT
 * exchange and socket all look them up, and a JWT names one), caregiver share links and visit-packet
 * links are revoked, and the Dexcom Share and LibreLinkUp accounts the server pulls from are forgotten
 * (password and session with them), as are the health systems connected through SMART on FHIR (their
 * sealed tokens, so no nightly sync runs for the account, and any sign-in under way). None comes back when
 * the account is enabled again. System scope (the caller's transaction).
 */
export const revokeOwnerCredentials = async (tx: Tx, userId: string) => {
  const { rows } = await tx.execute<{
    ns: number;
    followers: number;
    shares: number;
    packets: number;
    vendors: number;
    portals: number;
  }>(sql`
    with ns as (delete from ns_upload_credentials where user_id = ${userId} returning 1),
      followers as (delete from ns_follower_tokens where user_id = ${userId} returning 1),
      household_followers as (delete from household_follower_tokens where account_id = ${userId}
        returning 1),
      vendors as (delete from vendor_pull_sources where user_id = ${userId} returning 1),
      portals as (delete from health_system_connections where user_id = ${userId} returning 1),
      portal_sign_ins as (delete from health_system_authorizations where user_id = ${userId}
        or account_id = ${userId} returning 1),
      shares as (update shared_access set revoked_at = now(), updated_at = now()
        where user_id = ${userId} and revoked_at is null returning 1),
      packets as (update visit_packets set revoked_at = now()
        where user_id = ${userId} and revoked_at is null returning 1)
    select (select count(*)::int from ns) as ns,
      (select count(*)::int from followers) + (select count(*)::int from household_followers) as followers,
      (select count(*)::int from shares) as shares, (select count(*)::int from packets) as packets,
      (select count(*)::int from vendors) as vendors, (select count(*)::int from portals) as portals`);
  return rows[0]!;
};

/** Every account for the CSV export: who, role, status, when; no health value. Owner + system scope. */
export const selectUsersForExport = async (tx: Tx) => {
  const { rows } = await tx.execute<{
    display_name: string;
    user_id: string;
    email: string;
    role: string;
    account_status: string;
    created_at: Date | string;
    last_sign_in: Date | string | null;
  }>(sql`
    select coalesce(p.display_name, 'User') as display_name, u.id as user_id, u.email,
      coalesce(r.role, 'user') as role, ${STATUS_SQL} as account_status, u.created_at,
      (select max(a.created_at) from audit_logs a where a.user_id = u.id and a.action = 'sign_in') as last_sign_in
    from auth.user u
    left join profiles p on p.user_id = u.id
    left join user_roles r on r.user_id = u.id
    where u.status <> 'dependent'
    order by u.created_at, u.id`);
  return rows;
};
