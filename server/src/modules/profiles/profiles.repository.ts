import type { ProfileUpdateRequest } from '@healthfolio/core';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { prebuiltSelect } from '../../db/prebuilt-select';
import { profiles } from '../../db/schema';

export type ProfileRow = typeof profiles.$inferSelect;

// Read on every page load: built once (db/prebuilt-select.ts).
const profileOf = prebuiltSelect((db) =>
  db
    .select()
    .from(profiles)
    .where(eq(profiles.userId, sql.placeholder('userId')))
    .limit(1),
);

export const findProfile = async (tx: Tx, userId: string): Promise<ProfileRow | undefined> => {
  const [row] = await profileOf(tx, { userId });
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
