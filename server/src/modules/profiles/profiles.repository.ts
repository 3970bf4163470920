import type { ProfileUpdateRequest } from '@healthfolio/core';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { profiles } from '../../db/schema';

export type ProfileRow = typeof profiles.$inferSelect;

export const findProfile = async (tx: Tx, userId: string): Promise<ProfileRow | undefined> => {
  const [row] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row;
};

export const insertProfile = (tx: Tx, userId: string, displayName: string) =>
  tx.insert(profiles).values({ userId, displayName }).onConflictDoNothing({ target: profiles.userId });

export const updateProfile = async (tx: Tx, userId: string, patch: ProfileUpdateRequest) => {
  const [row] = await tx
    .update(profiles)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(profiles.userId, userId))
    .returning();
  return row;
};
