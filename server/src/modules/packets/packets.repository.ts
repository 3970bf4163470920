import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { visitPackets } from '../../db/schema';

export type PacketRow = typeof visitPackets.$inferSelect;

export const insertPacket = async (tx: Tx, values: typeof visitPackets.$inferInsert) => {
  const [row] = await tx.insert(visitPackets).values(values).returning();
  return row!;
};

export const selectPackets = (tx: Tx, userId: string) =>
  tx
    .select()
    .from(visitPackets)
    .where(eq(visitPackets.userId, userId))
    .orderBy(desc(visitPackets.createdAt), desc(visitPackets.id))
    .limit(200);

export const revokePacketRow = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx
    .update(visitPackets)
    .set({ revokedAt: sql`coalesce(${visitPackets.revokedAt}, now())` })
    .where(and(eq(visitPackets.userId, userId), eq(visitPackets.id, id)))
    .returning();
  return row;
};

export const deletePacketRow = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx
    .delete(visitPackets)
    .where(and(eq(visitPackets.userId, userId), eq(visitPackets.id, id)))
    .returning({ storageId: visitPackets.storageId });
  return row;
};

/**
 * The packet behind a manifest id, locked for this transaction so that concurrent passcode attempts
 * count one after another (the tenth wrong one is the last, whatever the timing). Only a usable link:
 * not revoked, not locked, not expired.
 */
export const lockUsablePacket = async (tx: Tx, manifestHash: string) => {
  const [row] = await tx
    .select()
    .from(visitPackets)
    .where(
      and(
        eq(visitPackets.manifestHash, manifestHash),
        sql`${visitPackets.revokedAt} is null and ${visitPackets.lockedAt} is null and ${visitPackets.expiresAt} > now()`,
      ),
    )
    .for('update');
  return row;
};

/** One more wrong passcode; the maximum locks the link. */
export const countFailure = async (tx: Tx, id: string, max: number) => {
  const [row] = await tx
    .update(visitPackets)
    .set({
      failedAttempts: sql`${visitPackets.failedAttempts} + 1`,
      lockedAt: sql`case when ${visitPackets.failedAttempts} + 1 >= ${max} then now() end`,
    })
    .where(eq(visitPackets.id, id))
    .returning({ failedAttempts: visitPackets.failedAttempts });
  return row!.failedAttempts;
};

export const countOpen = (tx: Tx, id: string) =>
  tx
    .update(visitPackets)
    .set({ openedCount: sql`${visitPackets.openedCount} + 1`, lastOpenedAt: sql`now()` })
    .where(eq(visitPackets.id, id));

/**
 * Packets whose file no one can open any more (expired, revoked or locked) and is still stored,
 * locked so two sweeping processes never judge the same packet (the system scope: every user).
 */
export const lockSpentPackets = (tx: Tx, now: Date, limit: number) =>
  tx
    .select({ id: visitPackets.id, storageId: visitPackets.storageId })
    .from(visitPackets)
    .where(
      sql`${visitPackets.fileDeletedAt} is null and (${visitPackets.revokedAt} is not null
        or ${visitPackets.lockedAt} is not null or ${visitPackets.expiresAt} <= ${now.toISOString()})`,
    )
    .limit(limit)
    .for('update', { skipLocked: true });

export const markFileDeleted = (tx: Tx, id: string) =>
  tx.update(visitPackets).set({ fileDeletedAt: sql`now()` }).where(eq(visitPackets.id, id));
