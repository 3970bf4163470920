import type { Role } from '@healthfolio/core';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { userRoles } from '../../db/schema';

export const findRoles = async (tx: Tx, userId: string): Promise<Role[]> => {
  const rows = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role as Role);
};

/** System context only: RLS refuses role writes from a user-scoped transaction. */
export const upsertRole = (tx: Tx, userId: string, role: Role, assignedBy: string | null) =>
  tx
    .insert(userRoles)
    .values({ userId, role, assignedBy })
    .onConflictDoUpdate({
      target: userRoles.userId,
      set: { role, assignedBy, updatedAt: sql`now()` },
    })
    .returning();

export const insertDefaultRole = (tx: Tx, userId: string) =>
  tx.insert(userRoles).values({ userId, role: 'user' }).onConflictDoNothing({ target: userRoles.userId });
