import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { householdFollowerTokens } from '../../db/schema';

export type HouseholdFollowerRow = typeof householdFollowerTokens.$inferSelect;

/** The account's follower tokens, newest first (the account's own scope or the system's). */
export const selectHouseholdFollowers = (tx: Tx, accountId: string) =>
  tx
    .select()
    .from(householdFollowerTokens)
    .where(eq(householdFollowerTokens.accountId, accountId))
    .orderBy(desc(householdFollowerTokens.createdAt));

export const countHouseholdFollowers = async (tx: Tx, accountId: string) => {
  const { rows } = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from household_follower_tokens where account_id = ${accountId}`,
  );
  return rows[0]?.n ?? 0;
};

export const insertHouseholdFollower = async (
  tx: Tx,
  values: { accountId: string; name: string; tokenHash: string; personIds: string[] | null },
) => {
  const [row] = await tx.insert(householdFollowerTokens).values(values).returning();
  return row!;
};

export const deleteHouseholdFollower = async (tx: Tx, accountId: string, id: string) => {
  const rows = await tx
    .delete(householdFollowerTokens)
    .where(and(eq(householdFollowerTokens.accountId, accountId), eq(householdFollowerTokens.id, id)))
    .returning({ id: householdFollowerTokens.id });
  return rows.length > 0;
};

/** System scope: the token's hash is all that names it. */
export const findHouseholdFollowerByHash = async (tx: Tx, tokenHash: string) => {
  const [row] = await tx
    .select({
      id: householdFollowerTokens.id,
      accountId: householdFollowerTokens.accountId,
      lastUsedAt: householdFollowerTokens.lastUsedAt,
    })
    .from(householdFollowerTokens)
    .where(eq(householdFollowerTokens.tokenHash, tokenHash));
  return row;
};

/** System scope: at most once in 5 minutes (a follower app polls every minute or so). */
export const touchHouseholdFollower = (tx: Tx, id: string) =>
  tx.execute(sql`
    update household_follower_tokens set last_used_at = now()
    where id = ${id} and (last_used_at is null or last_used_at < now() - interval '5 minutes')`);

export type FollowedRow = {
  user_id: string;
  display_name: string;
  glucose_unit: string;
  value_mgdl: number | null;
  recorded_at: Date | string | null;
  trend: string | null;
  previous_mgdl: number | null;
  previous_at: Date | string | null;
};

/**
 * In `db.readAsFollowToken`: every person the database lets the token see, with their last two
 * readings. No person filter on purpose: which people these are is the policies' decision alone.
 */
export const selectFollowed = async (tx: Tx) => {
  const { rows } = await tx.execute<FollowedRow>(sql`
    select p.user_id, p.display_name, p.glucose_unit,
      r1.value_mgdl, r1.recorded_at, r1.trend, r2.value_mgdl as previous_mgdl, r2.recorded_at as previous_at
    from profiles p
    left join lateral (
      select value_mgdl, recorded_at, trend from glucose_readings g
      where g.user_id = p.user_id order by recorded_at desc limit 1
    ) r1 on true
    left join lateral (
      select value_mgdl, recorded_at from glucose_readings g
      where g.user_id = p.user_id and g.recorded_at < r1.recorded_at order by recorded_at desc limit 1
    ) r2 on true
    order by p.display_name, p.user_id`);
  return rows;
};
