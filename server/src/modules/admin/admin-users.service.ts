import {
  type AdminUserDetail,
  type AdminUserListQuery,
  type AdminUserListResponse,
  type AdminUserSummary,
  LAST_ADMIN_MESSAGE,
  type Role,
  type UserStatus,
} from '@healthfolio/core';
import type { Database } from '../../db/database';
import { notFound, ProblemError } from '../../http/problem';
import type { RealtimeBus } from '../../realtime/bus';
import { recordAudit } from '../audit/audit.service';
import { upsertRole } from '../roles/roles.repository';
import { adminAccountTx } from './admin-tx';
import {
  countActiveAdmins,
  deleteSessions,
  revokeOwnerCredentials,
  selectAccount,
  selectEntryCounts,
  selectUser,
  selectUsers,
  setAccountStatus,
  type UserRow,
} from './admin-users.repository';

const iso = (d: Date | string) => new Date(d).toISOString();

const summary = (r: UserRow): AdminUserSummary => ({
  userId: r.user_id,
  displayName: r.display_name ?? 'User',
  role: (r.role ?? 'user') as Role,
  status: r.account_status as UserStatus,
  createdAt: iso(r.created_at),
});

export const listUsers = async (db: Database, q: AdminUserListQuery): Promise<AdminUserListResponse> => {
  const rows = await adminAccountTx(db, (tx) => selectUsers(tx, q));
  return { items: rows.map(summary), total: Number(rows[0]?.total ?? 0) };
};

export const getUser = async (db: Database, userId: string): Promise<AdminUserDetail> => {
  const [row, entries] = await adminAccountTx(db, async (tx) => [
    await selectUser(tx, userId),
    await selectEntryCounts(tx, userId),
  ]);
  if (!row) throw notFound('No user with this id');
  return {
    ...summary(row),
    email: row.email,
    emailVerified: row.email_verified,
    userType: row.user_type,
    twoFactorEnabled: row.two_factor_enabled,
    assignedBy: row.assigned_by,
    signIns: { count: row.sign_ins, last: row.last_sign_in ? iso(row.last_sign_in) : null },
    activeSessions: row.active_sessions,
    entryCounts: entries.map((e) => ({ tracker: e.tracker, count: Number(e.count) })),
    glucoseReadings: row.glucose_readings,
    notifications: row.notifications,
    appointments: row.appointments,
  };
};

const lastAdmin = () => new ProblemError(409, 'last_admin', LAST_ADMIN_MESSAGE);

/** Sets a role with the assigner recorded (assign_role audited); the last active admin keeps theirs. */
export const assignRole = async (db: Database, adminId: string, targetUserId: string, role: Role) => {
  const row = await adminAccountTx(
    db,
    async (tx) => {
      const account = await selectAccount(tx, targetUserId);
      if (!account) throw notFound('No user with this id');
      if (
        account.role === 'admin' &&
        role !== 'admin' &&
        account.status === 'active' &&
        (await countActiveAdmins(tx)) <= 1
      )
        throw lastAdmin();
      const [saved] = await upsertRole(tx, targetUserId, role, adminId);
      await recordAudit(tx, adminId, 'assign_role', 'user', targetUserId, {
        role,
        previous: account.role ?? 'user',
      });
      return saved!;
    },
    true,
  );
  return { userId: row.userId, role: row.role as Role, assignedBy: row.assignedBy };
};

/**
 * Disables or enables an account (enabling one waiting for approval approves it). Disabling deletes its
 * sessions and makes every process forget them before the answer, so its next request is refused, and
 * revokes every credential it handed out (upload credentials, share and visit-packet links) for good.
 */
export const setUserStatus = async (
  deps: { db: Database; bus: RealtimeBus },
  adminId: string,
  targetUserId: string,
  status: 'active' | 'disabled',
) => {
  await adminAccountTx(
    deps.db,
    async (tx) => {
      const account = await selectAccount(tx, targetUserId);
      if (!account) throw notFound('No user with this id');
      if (status === 'disabled') {
        if (targetUserId === adminId)
          throw new ProblemError(409, 'own_account', 'You cannot disable your own account.');
        if (account.role === 'admin' && account.status === 'active' && (await countActiveAdmins(tx)) <= 1)
          throw lastAdmin();
      }
      if (account.status === status) return;
      await setAccountStatus(tx, targetUserId, status);
      let revoked: Awaited<ReturnType<typeof revokeOwnerCredentials>> | undefined;
      if (status === 'disabled') {
        await deleteSessions(tx, targetUserId);
        revoked = await revokeOwnerCredentials(tx, targetUserId);
      }
      const action =
        status === 'disabled'
          ? 'disable_user'
          : account.status === 'pending_approval'
            ? 'approve_user'
            : 'enable_user';
      await recordAudit(tx, adminId, action, 'user', targetUserId, {
        previous: account.status,
        ...(revoked && { revoked }),
      });
    },
    true,
  );
  if (status === 'disabled') await deps.bus.revokeSessions(targetUserId);
  return getUser(deps.db, targetUserId);
};
