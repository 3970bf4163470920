import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { nsFollowerTokens } from '../../db/schema';

export type FollowerRow = typeof nsFollowerTokens.$inferSelect;

export const selectFollowers = (tx: Tx, userId: string) =>
  tx
    .select()
    .from(nsFollowerTokens)
    .where(eq(nsFollowerTokens.userId, userId))
    .orderBy(desc(nsFollowerTokens.createdAt));

export const countFollowers = async (tx: Tx, userId: string) => {
  const result = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from ns_follower_tokens where user_id = ${userId}`,
  );
  return result.rows[0]?.n ?? 0;
};

export const insertFollower = async (tx: Tx, values: { userId: string; name: string; tokenHash: string }) => {
  const [row] = await tx.insert(nsFollowerTokens).values(values).returning();
  return row!;
};

export const deleteFollower = async (tx: Tx, userId: string, id: string) => {
  const rows = await tx
    .delete(nsFollowerTokens)
    .where(and(eq(nsFollowerTokens.userId, userId), eq(nsFollowerTokens.id, id)))
    .returning({ id: nsFollowerTokens.id });
  return rows.length > 0;
};

const authColumns = {
  id: nsFollowerTokens.id,
  userId: nsFollowerTokens.userId,
  name: nsFollowerTokens.name,
  lastUsedAt: nsFollowerTokens.lastUsedAt,
};

/** System scope: the token's hash is all that names it (it comes without a slug, at the site's root). */
export const findFollowerByHash = async (tx: Tx, tokenHash: string) => {
  const [row] = await tx
    .select(authColumns)
    .from(nsFollowerTokens)
    .where(eq(nsFollowerTokens.tokenHash, tokenHash));
  return row;
};

/** System scope: the token a JWT names, if it has not been revoked since. */
export const findFollowerById = async (tx: Tx, id: string) => {
  const [row] = await tx.select(authColumns).from(nsFollowerTokens).where(eq(nsFollowerTokens.id, id));
  return row;
};

export const touchFollower = (tx: Tx, userId: string, id: string) =>
  tx.execute(sql`
    update ns_follower_tokens set last_used_at = now()
    where user_id = ${userId} and id = ${id}
      and (last_used_at is null or last_used_at < now() - interval '5 minutes')`);
