import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { glucoseTargets } from '../../db/schema';

export const selectTargets = async (tx: Tx, userId: string) => {
  const [row] = await tx.select().from(glucoseTargets).where(eq(glucoseTargets.userId, userId));
  return row;
};

export const upsertTargets = (
  tx: Tx,
  userId: string,
  t: { urgentLow: number; targetLow: number; targetHigh: number; urgentHigh: number },
) =>
  tx
    .insert(glucoseTargets)
    .values({ userId, ...t })
    .onConflictDoUpdate({ target: glucoseTargets.userId, set: { ...t, updatedAt: sql`now()` } });
