import { BACKUPS_KEPT } from '@healthfolio/core/admin/admin-backups.schema';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { backups, profiles } from '../../db/schema';

/** Every query runs in the system context (db.asSystem): the table has no user scope. */
export type BackupRow = typeof backups.$inferSelect & { createdByName: string | null };

const columns = {
  id: backups.id,
  createdBy: backups.createdBy,
  format: backups.format,
  state: backups.state,
  sizeBytes: backups.sizeBytes,
  sha256: backups.sha256,
  storageId: backups.storageId,
  error: backups.error,
  createdAt: backups.createdAt,
  startedAt: backups.startedAt,
  finishedAt: backups.finishedAt,
  createdByName: profiles.displayName,
};

export const selectBackups = (tx: Tx): Promise<BackupRow[]> =>
  tx
    .select(columns)
    .from(backups)
    .leftJoin(profiles, eq(profiles.userId, backups.createdBy))
    .orderBy(desc(backups.createdAt), desc(backups.id));

export const selectBackup = async (tx: Tx, id: string, lock = false): Promise<BackupRow | undefined> => {
  const q = tx.select(columns).from(backups).leftJoin(profiles, eq(profiles.userId, backups.createdBy));
  const [row] = await (lock
    ? q.where(eq(backups.id, id)).for('update', { of: backups })
    : q.where(eq(backups.id, id)));
  return row;
};

/** One backup at a time: concurrent requests queue on this lock, then see the first one's row. */
export const lockBackups = (tx: Tx) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('healthfolio.backups'))`);

export const countInProgress = async (tx: Tx) =>
  (
    await tx
      .select({ id: backups.id })
      .from(backups)
      .where(inArray(backups.state, ['queued', 'running']))
  ).length;

export const insertBackup = async (tx: Tx, createdBy: string, format: 'pglite' | 'postgres') => {
  const [row] = await tx.insert(backups).values({ createdBy, format }).returning({ id: backups.id });
  return row!.id;
};

/** queued → running (again, when a process died mid-way); undefined when deleted meanwhile. */
export const markRunning = async (tx: Tx, id: string) => {
  const [row] = await tx
    .update(backups)
    .set({ state: 'running', startedAt: sql`now()`, sizeBytes: 0, error: null })
    .where(and(eq(backups.id, id), inArray(backups.state, ['queued', 'running'])))
    .returning({ id: backups.id });
  return row;
};

export const setProgress = (tx: Tx, id: string, sizeBytes: number) =>
  tx
    .update(backups)
    .set({ sizeBytes })
    .where(and(eq(backups.id, id), eq(backups.state, 'running')));

export const markDone = async (tx: Tx, id: string, file: { id: string; size: number; sha256: string }) => {
  const [row] = await tx
    .update(backups)
    .set({
      state: 'done',
      storageId: file.id,
      sizeBytes: file.size,
      sha256: file.sha256,
      finishedAt: sql`now()`,
    })
    .where(and(eq(backups.id, id), eq(backups.state, 'running')))
    .returning({ id: backups.id });
  return row;
};

export const markFailed = (tx: Tx, id: string, error: string) =>
  tx
    .update(backups)
    .set({ state: 'failed', error, finishedAt: sql`now()` })
    .where(and(eq(backups.id, id), inArray(backups.state, ['queued', 'running'])));

export const deleteBackupRow = (tx: Tx, id: string) => tx.delete(backups).where(eq(backups.id, id));

/** Finished backups beyond the newest BACKUPS_KEPT: removed, their files returned for deletion. */
export const deleteOldBackups = async (tx: Tx, keep = BACKUPS_KEPT) => {
  const { rows } = await tx.execute<{ id: string; storage_id: string | null }>(sql`
    delete from backups where id in (
      select id from backups where state in ('done', 'failed')
      order by created_at desc, id desc offset ${keep})
    returning id, storage_id`);
  return rows;
};
