import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { nightscoutSources } from '../../db/schema';

export type SourceRow = typeof nightscoutSources.$inferSelect;

export const selectSource = async (tx: Tx, userId: string) => {
  const [row] = await tx.select().from(nightscoutSources).where(eq(nightscoutSources.userId, userId));
  return row;
};

export const upsertSource = (
  tx: Tx,
  values: { userId: string; siteUrl: string; credentialKind: string; credentialEncrypted: string },
) =>
  tx
    .insert(nightscoutSources)
    .values(values)
    .onConflictDoUpdate({
      target: nightscoutSources.userId,
      set: {
        siteUrl: values.siteUrl,
        credentialKind: values.credentialKind,
        credentialEncrypted: values.credentialEncrypted,
        status: 'pending',
        lastError: null,
        nextSyncAt: sql`now()`,
      },
    });

export const deleteSource = async (tx: Tx, userId: string) => {
  const rows = await tx
    .delete(nightscoutSources)
    .where(eq(nightscoutSources.userId, userId))
    .returning({ userId: nightscoutSources.userId });
  return rows.length > 0;
};

export const recordSync = (
  tx: Tx,
  userId: string,
  r: { ok: true; imported: number; lastReadingAt: Date | null } | { ok: false; error: string },
) =>
  tx.execute(
    r.ok
      ? sql`update nightscout_sources set status = 'ok', last_error = null, last_sync_at = now(),
          last_imported = ${r.imported},
          last_reading_at = greatest(last_reading_at, ${r.lastReadingAt?.toISOString() ?? null}::timestamptz)
        where user_id = ${userId}`
      : sql`update nightscout_sources set status = 'error', last_error = ${r.error}, last_sync_at = now()
        where user_id = ${userId}`,
  );

/**
 * System scope: takes the sources that are due by moving their next pull forward in the same
 * statement. `FOR UPDATE SKIP LOCKED` keeps several processes from taking the same one; the moved
 * time keeps it taken after the claim commits, while the pull (outside any transaction) runs.
 */
export const claimDueSources = async (tx: Tx, now: Date, intervalSeconds: number, limit: number) => {
  const at = now.toISOString();
  const { rows } = await tx.execute<{ user_id: string }>(sql`
    with due as (
      select user_id from nightscout_sources where next_sync_at <= ${at}::timestamptz
      order by next_sync_at limit ${limit} for update skip locked
    )
    update nightscout_sources s
    set next_sync_at = ${at}::timestamptz + make_interval(secs => ${intervalSeconds})
    from due where s.user_id = due.user_id
    returning s.user_id`);
  return rows.map((r) => r.user_id);
};
