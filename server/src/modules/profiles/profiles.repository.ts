import type { ProfileUpdateRequest, UserType } from '@healthfolio/core';
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

/** The person's time zone (UTC until they set one). */
export const personZone = async (tx: Tx, userId: string) =>
  (await findProfile(tx, userId))?.timezone ?? 'UTC';

/** A new account's profile; `chosen` is what its sign-up chose (the platform, the browser's zone). */
export const insertProfile = (
  tx: Tx,
  userId: string,
  displayName: string,
  chosen: { userType?: UserType; timezone?: string } = {},
) =>
  tx
    .insert(profiles)
    .values({ userId, displayName, ...chosen })
    .onConflictDoNothing({ target: profiles.userId });

export const updateProfile = async (tx: Tx, userId: string, patch: ProfileUpdateRequest) => {
  const [row] = await tx
    .update(profiles)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(profiles.userId, userId))
    .returning();
  return row;
};
