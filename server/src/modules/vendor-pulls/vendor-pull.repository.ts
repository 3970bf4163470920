import type { VendorPullVendor } from '@healthfolio/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { vendorPullSources } from '../../db/schema';

export type VendorSourceRow = typeof vendorPullSources.$inferSelect;

const mine = (userId: string, vendor: VendorPullVendor) =>
  and(eq(vendorPullSources.userId, userId), eq(vendorPullSources.vendor, vendor));

export const selectVendorSource = async (tx: Tx, userId: string, vendor: VendorPullVendor) => {
  const [row] = await tx.select().from(vendorPullSources).where(mine(userId, vendor));
  return row;
};

/** A new account (or a new password) starts afresh: no failures, due at once (the session: a sign-in just made). */
export const upsertVendorSource = (
  tx: Tx,
  v: {
    userId: string;
    vendor: VendorPullVendor;
    accountName: string;
    region: string | null;
    passwordSealed: string;
    patientId?: string | null;
    patientName?: string | null;
    sessionSealed?: string | null;
  },
) => {
  const fresh = {
    accountName: v.accountName,
    region: v.region,
    passwordSealed: v.passwordSealed,
    patientId: v.patientId ?? null,
    patientName: v.patientName ?? null,
    sessionSealed: v.sessionSealed ?? null,
    status: 'pending',
    problem: null,
    failures: 0,
    nextSyncAt: sql`now()`,
  };
  return tx
    .insert(vendorPullSources)
    .values({ userId: v.userId, vendor: v.vendor, ...fresh })
    .onConflictDoUpdate({ target: [vendorPullSources.userId, vendorPullSources.vendor], set: fresh });
};

/** Locks the source till the transaction ends; false when it is gone (disconnected, account disabled). */
export const lockVendorSource = async (tx: Tx, userId: string, vendor: VendorPullVendor) =>
  (
    await tx
      .select({ userId: vendorPullSources.userId })
      .from(vendorPullSources)
      .where(mine(userId, vendor))
      .for('update')
  ).length > 0;

export const deleteVendorSource = async (tx: Tx, userId: string, vendor: VendorPullVendor) => {
  const rows = await tx
    .delete(vendorPullSources)
    .where(mine(userId, vendor))
    .returning({ userId: vendorPullSources.userId });
  return rows.length > 0;
};

/** Holds the source for a pull the user asked for, as a claim does; false when there is none. */
export const leaseVendorSource = async (
  tx: Tx,
  userId: string,
  vendor: VendorPullVendor,
  seconds: number,
) => {
  const rows = await tx
    .update(vendorPullSources)
    .set({ nextSyncAt: sql`now() + make_interval(secs => ${seconds})` })
    .where(mine(userId, vendor))
    .returning({ userId: vendorPullSources.userId });
  return rows.length > 0;
};

export const recordVendorSuccess = (
  tx: Tx,
  userId: string,
  vendor: VendorPullVendor,
  r: {
    imported: number;
    newestMs: number | null;
    sessionSealed: string;
    region: string | null;
    nextSeconds: number;
  },
) =>
  tx
    .update(vendorPullSources)
    .set({
      status: 'ok',
      problem: null,
      failures: 0,
      lastSyncAt: sql`now()`,
      lastImported: r.imported,
      lastReadingAt: sql`greatest(${vendorPullSources.lastReadingAt}, ${r.newestMs === null ? null : new Date(r.newestMs).toISOString()}::timestamptz)`,
      sessionSealed: r.sessionSealed,
      region: r.region,
      nextSyncAt: sql`now() + make_interval(secs => ${r.nextSeconds})`,
    })
    .where(mine(userId, vendor));

/** A failed pull: the problem, one more failure, the retry (null: paused), the session kept or dropped. */
export const recordVendorFailure = (
  tx: Tx,
  userId: string,
  vendor: VendorPullVendor,
  r: { problem: string; retrySeconds: number | null; dropSession: boolean },
) =>
  tx
    .update(vendorPullSources)
    .set({
      status: 'error',
      problem: r.problem,
      failures: sql`${vendorPullSources.failures} + 1`,
      lastSyncAt: sql`now()`,
      ...(r.dropSession && { sessionSealed: null }),
      nextSyncAt: r.retrySeconds === null ? null : sql`now() + make_interval(secs => ${r.retrySeconds})`,
    })
    .where(mine(userId, vendor));

/**
 * System scope: takes the sources that are due by moving their next pull forward in the same
 * statement (SKIP LOCKED: one process per source); the pull then sets the real next time.
 */
export const claimDueVendorSources = async (tx: Tx, now: Date, leaseSeconds: number, limit: number) => {
  const at = now.toISOString();
  const { rows } = await tx.execute<{ user_id: string; vendor: VendorPullVendor }>(sql`
    with due as (
      select user_id, vendor from vendor_pull_sources where next_sync_at <= ${at}::timestamptz
      order by next_sync_at limit ${limit} for update skip locked
    )
    update vendor_pull_sources s
    set next_sync_at = ${at}::timestamptz + make_interval(secs => ${leaseSeconds})
    from due where s.user_id = due.user_id and s.vendor = due.vendor
    returning s.user_id, s.vendor`);
  return rows.map((r) => ({ userId: r.user_id, vendor: r.vendor }));
};
