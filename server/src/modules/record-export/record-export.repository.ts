import { and, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { recordExports } from '../../db/schema';

export type RecordExportRow = typeof recordExports.$inferSelect;

export const insertExport = async (tx: Tx, userId: string) => {
  const [row] = await tx.insert(recordExports).values({ userId }).returning();
  return row as RecordExportRow;
};

export const selectExport = async (tx: Tx, id: string) => {
  const [row] = await tx.select().from(recordExports).where(eq(recordExports.id, id));
  return row;
};

export const selectLatestExport = async (tx: Tx, userId: string) => {
  const [row] = await tx
    .select()
    .from(recordExports)
    .where(eq(recordExports.userId, userId))
    .orderBy(desc(recordExports.createdAt))
    .limit(1);
  return row;
};

export const updateExport = (tx: Tx, id: string, set: Partial<RecordExportRow>) =>
  tx.update(recordExports).set(set).where(eq(recordExports.id, id));

/** Finished exports whose download ran out and whose file is still stored, locked for the sweep. */
export const lockExpiredExports = (tx: Tx, now: Date, limit: number) =>
  tx
    .select({ id: recordExports.id, storageId: recordExports.storageId })
    .from(recordExports)
    .where(
      and(
        isNotNull(recordExports.storageId),
        isNull(recordExports.fileDeletedAt),
        lte(recordExports.expiresAt, now),
      ),
    )
    .limit(limit)
    .for('update', { skipLocked: true });

export const markExportFileDeleted = (tx: Tx, id: string) =>
  tx.update(recordExports).set({ fileDeletedAt: sql`now()` }).where(eq(recordExports.id, id));
