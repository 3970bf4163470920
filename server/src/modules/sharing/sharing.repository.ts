import type { ShareCategory } from '@healthfolio/core';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { auditLogs, profiles, sharedAccess, sharedPermissions } from '../../db/schema';

export type ShareRow = typeof sharedAccess.$inferSelect & { categories: ShareCategory[] };

const categoriesOf = sql<ShareCategory[]>`coalesce((
  select array_agg(sp.data_category order by sp.data_category) from shared_permissions sp
  where sp.shared_access_id = ${sharedAccess.id} and sp.user_id = ${sharedAccess.userId} and sp.can_view
), '{}')`;

const shareColumns = { share: sharedAccess, categories: categoriesOf };
const flatten = (r: { share: typeof sharedAccess.$inferSelect; categories: ShareCategory[] }): ShareRow => ({
  ...r.share,
  categories: r.categories,
});

export const insertShare = async (tx: Tx, values: typeof sharedAccess.$inferInsert) => {
  const [row] = await tx.insert(sharedAccess).values(values).returning();
  return row!;
};

/** Replaces the granted categories (spec call 15 writes only the viewable ones). */
export const replacePermissions = async (
  tx: Tx,
  userId: string,
  shareId: string,
  categories: ShareCategory[],
) => {
  await tx
    .delete(sharedPermissions)
    .where(and(eq(sharedPermissions.userId, userId), eq(sharedPermissions.sharedAccessId, shareId)));
  if (categories.length)
    await tx
      .insert(sharedPermissions)
      .values(
        categories.map((dataCategory) => ({ sharedAccessId: shareId, userId, dataCategory, canView: true })),
      );
};

/** Spec call 13: the user's shares, newest first. */
export const selectShares = async (tx: Tx, userId: string) =>
  (
    await tx
      .select(shareColumns)
      .from(sharedAccess)
      .where(eq(sharedAccess.userId, userId))
      .orderBy(desc(sharedAccess.createdAt), desc(sharedAccess.id))
      .limit(500)
  ).map(flatten);

/** One share; without an owner (the admin console, in the system context) any share. */
export const selectShare = async (tx: Tx, ownerId: string | null, id: string) => {
  const [row] = await tx
    .select(shareColumns)
    .from(sharedAccess)
    .where(and(eq(sharedAccess.id, id), ownerId ? eq(sharedAccess.userId, ownerId) : undefined));
  return row ? flatten(row) : undefined;
};

export const updateShareRow = async (
  tx: Tx,
  ownerId: string | null,
  id: string,
  patch: Partial<typeof sharedAccess.$inferInsert>,
) => {
  const [row] = await tx
    .update(sharedAccess)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(sharedAccess.id, id), ownerId ? eq(sharedAccess.userId, ownerId) : undefined))
    .returning({ id: sharedAccess.id });
  return row;
};

/**
 * The usable share behind a token digest: one indexed query whatever the answer, so an unknown, an
 * expired and a revoked token cost the same. (System context: the caregiver has no user.)
 */
export const selectUsableShare = async (tx: Tx, tokenHash: string) => {
  const [row] = await tx
    .select({
      ...shareColumns,
      ownerName: profiles.displayName,
      glucoseUnit: profiles.glucoseUnit,
      timeZone: profiles.timezone,
    })
    .from(sharedAccess)
    .leftJoin(profiles, eq(profiles.userId, sharedAccess.userId))
    .where(
      and(
        eq(sharedAccess.tokenHash, tokenHash),
        isNull(sharedAccess.revokedAt),
        sql`(${sharedAccess.expiresAt} is null or ${sharedAccess.expiresAt} > now())`,
      ),
    );
  return row
    ? {
        ...flatten(row),
        ownerName: row.ownerName ?? 'A Healthfolio user',
        glucoseUnit: (row.glucoseUnit ?? 'mg/dL') as 'mg/dL' | 'mmol/L',
        timeZone: row.timeZone ?? 'UTC',
      }
    : undefined;
};

/** Last access now; the first open also sets first_accessed_at (pending → active) and binds the viewer. */
export const markAccessed = async (tx: Tx, id: string, boundUserId: string | null) => {
  const [row] = await tx
    .update(sharedAccess)
    .set({
      lastAccessedAt: sql`now()`,
      firstAccessedAt: sql`coalesce(${sharedAccess.firstAccessedAt}, now())`,
      boundUserId: sql`coalesce(${sharedAccess.boundUserId}, ${boundUserId}::uuid)`,
    })
    .where(eq(sharedAccess.id, id))
    .returning({
      firstAccessedAt: sharedAccess.firstAccessedAt,
      lastAccessedAt: sharedAccess.lastAccessedAt,
    });
  return row!;
};

/** The caregiver reads of one share, newest first: the audit log is the access log. */
export const selectAccessLog = (tx: Tx, userId: string, shareId: string) =>
  tx
    .select({
      at: auditLogs.createdAt,
      ipAddress: auditLogs.ipAddress,
      userAgent: auditLogs.userAgent,
      details: auditLogs.details,
    })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.userId, userId),
        eq(auditLogs.action, 'read'),
        eq(auditLogs.resourceType, 'shared_access'),
        eq(auditLogs.resourceId, shareId),
      ),
    )
    .orderBy(desc(auditLogs.createdAt), desc(auditLogs.seq))
    .limit(200);

/**
 * How many of the user's shares are live (not revoked, not expired), with the user's share creations
 * queued behind one transaction lock, so two at once cannot both pass the cap.
 */
export const lockAndCountLiveShares = async (tx: Tx, userId: string) => {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('healthfolio.shares'), hashtext(${userId}))`);
  const { rows } = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from shared_access
    where user_id = ${userId} and revoked_at is null and (expires_at is null or expires_at > now())`);
  return rows[0]?.n ?? 0;
};

/** Shares usable right now (not revoked, not expired), with whom they are shared. */
export const selectLiveShares = (tx: Tx, userId: string) =>
  tx
    .select(shareColumns)
    .from(sharedAccess)
    .where(
      and(
        eq(sharedAccess.userId, userId),
        isNull(sharedAccess.revokedAt),
        sql`(${sharedAccess.expiresAt} is null or ${sharedAccess.expiresAt} > now())`,
      ),
    )
    .orderBy(desc(sharedAccess.createdAt))
    .then((rows) => rows.map(flatten));

/** Shares bound to this caregiver's account, with the owner's display name. */
export const selectBoundShares = async (tx: Tx, caregiverId: string) =>
  (
    await tx
      .select({ ...shareColumns, ownerName: profiles.displayName })
      .from(sharedAccess)
      .leftJoin(profiles, eq(profiles.userId, sharedAccess.userId))
      .where(eq(sharedAccess.boundUserId, caregiverId))
      .orderBy(desc(sharedAccess.createdAt))
      .limit(200)
  ).map((r) => ({ ...flatten(r), ownerName: r.ownerName ?? 'A Healthfolio user' }));
