import { shareStatus } from '@healthfolio/core';
import type {
  AdminShare,
  AdminShareListQuery,
  AdminShareListResponse,
} from '@healthfolio/core/admin/admin-shares.schema';
import type { Database } from '../../db/database';
import { revokeShare } from '../sharing/sharing.service';
import { type AdminShareRow, selectAdminShares } from './admin-shares.repository';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

const present = (r: AdminShareRow, now: Date): AdminShare => ({
  id: r.id,
  ownerId: r.user_id,
  ownerName: r.owner_name,
  sharedWithEmail: r.shared_with_email,
  sharedWithName: r.shared_with_name,
  accessType: r.access_type as AdminShare['accessType'],
  categories: r.categories,
  status: shareStatus(
    { revokedAt: r.revoked_at, expiresAt: r.expires_at, firstAccessedAt: r.first_accessed_at },
    now,
  ),
  createdAt: iso(r.created_at)!,
  expiresAt: iso(r.expires_at),
  lastAccessedAt: iso(r.last_accessed_at),
});

export const listAdminShares = async (
  db: Database,
  q: AdminShareListQuery,
): Promise<AdminShareListResponse> => {
  const rows = await db.asSystem((tx) => selectAdminShares(tx, q));
  const now = new Date();
  return { items: rows.map((r) => present(r, now)) };
};

/** The console's Revoke: the sharing module's one revoke, as an admin (409 unless pending or active). */
export const adminRevokeShare = async (db: Database, adminId: string, id: string): Promise<AdminShare> => {
  await revokeShare(db, { userId: adminId, asAdmin: true }, id);
  const [row] = await db.asSystem((tx) => selectAdminShares(tx, {}, id));
  return present(row!, new Date());
};
