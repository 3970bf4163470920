import {
  HYPO_ESCALATE_AFTER_MINUTES,
  HYPO_RECENT_READING_MINUTES,
  HYPO_RECHECK_AFTER_MINUTES,
} from '@healthfolio/core';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { hypoFollowUps, hypoSettings } from '../../db/schema';

export type FollowUpRow = typeof hypoFollowUps.$inferSelect;

const MINUTE_MS = 60_000;
const plus = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MINUTE_MS);

/** A transaction-scoped lock on one user's follow-ups (released at commit or rollback). */
export const lockUserFollowUps = (tx: Tx, userId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hypo:${userId}`}))`);

/** `lockUserFollowUps` as a named statement, to travel ahead of the write that follows it. */
export const lockUserFollowUpsStatement = (userId: string) => ({
  name: 'healthfolio_hypo_lock',
  text: 'select pg_advisory_xact_lock(hashtext($1))',
  values: [`hypo:${userId}`],
});

/** The span in which a reading counts as the user's latest recent one (see selectLatestRecentReading). */
export const recentReadingBounds = (now: Date) => ({
  from: plus(now, -HYPO_RECENT_READING_MINUTES),
  to: plus(now, 5),
});

export const followUpsEnabled = async (tx: Tx, userId: string) => {
  const [row] = await tx
    .select({ enabled: hypoSettings.enabled })
    .from(hypoSettings)
    .where(eq(hypoSettings.userId, userId));
  return row?.enabled ?? true;
};

export const upsertHypoSettings = (tx: Tx, userId: string, enabled: boolean) =>
  tx
    .insert(hypoSettings)
    .values({ userId, enabled })
    .onConflictDoUpdate({ target: hypoSettings.userId, set: { enabled, updatedAt: sql`now()` } });

/** The user's newest reading (any source) taken in the last 30 minutes (a few minutes ahead allowed). */
export const selectLatestRecentReading = async (tx: Tx, userId: string, now: Date) => {
  const { from, to } = recentReadingBounds(now);
  const { rows } = await tx.execute<{ value_mgdl: number; recorded_at: Date | string }>(sql`
    select value_mgdl, recorded_at from glucose_readings
    where user_id = ${userId}
      and recorded_at >= ${from.toISOString()}::timestamptz
      and recorded_at <= ${to.toISOString()}::timestamptz
    order by recorded_at desc limit 1`);
  const r = rows[0];
  return r ? { valueMgdl: Number(r.value_mgdl), at: new Date(r.recorded_at) } : null;
};

/** The newest reading taken after the low one that started a follow-up. */
export const selectLatestReadingAfter = async (tx: Tx, userId: string, after: Date) => {
  const { rows } = await tx.execute<{ value_mgdl: number }>(sql`
    select value_mgdl from glucose_readings
    where user_id = ${userId} and recorded_at > ${after.toISOString()}::timestamptz
    order by recorded_at desc limit 1`);
  return rows[0] ? Number(rows[0].value_mgdl) : null;
};

export const selectActiveFollowUp = async (tx: Tx, userId: string) => {
  const [row] = await tx
    .select()
    .from(hypoFollowUps)
    .where(and(eq(hypoFollowUps.userId, userId), eq(hypoFollowUps.status, 'active')));
  return row;
};

/** The user's latest follow-up if it started within the escalation window. */
export const selectRecentFollowUp = async (tx: Tx, userId: string, now: Date) => {
  const [row] = await tx
    .select()
    .from(hypoFollowUps)
    .where(
      and(
        eq(hypoFollowUps.userId, userId),
        sql`${hypoFollowUps.startedAt} > ${plus(now, -HYPO_ESCALATE_AFTER_MINUTES).toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(hypoFollowUps.startedAt))
    .limit(1);
  return row;
};

/** Null when another transaction started one first (one active follow-up per user, by index). */
export const insertFollowUp = async (
  tx: Tx,
  v: { userId: string; valueMgdl: number; readingAt: Date; urgent: boolean; now: Date },
) => {
  const recheckDueAt = plus(v.now, HYPO_RECHECK_AFTER_MINUTES);
  const { rows } = await tx.execute<{ id: string }>(sql`
    insert into hypo_follow_ups (user_id, status, urgent, value_mgdl, reading_at, started_at,
      recheck_due_at, escalate_due_at, next_due_at)
    values (${v.userId}, 'active', ${v.urgent}, ${v.valueMgdl}, ${v.readingAt.toISOString()}::timestamptz,
      ${v.now.toISOString()}::timestamptz, ${recheckDueAt.toISOString()}::timestamptz,
      ${plus(v.now, HYPO_ESCALATE_AFTER_MINUTES).toISOString()}::timestamptz, ${recheckDueAt.toISOString()}::timestamptz)
    on conflict (user_id) where status = 'active' do nothing
    returning id`);
  return rows[0]?.id ?? null;
};

export const updateFollowUp = (tx: Tx, userId: string, id: string, set: Partial<FollowUpRow>) =>
  tx
    .update(hypoFollowUps)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(eq(hypoFollowUps.userId, userId), eq(hypoFollowUps.id, id)));

export const selectFollowUps = (tx: Tx, userId: string, limit: number) =>
  tx
    .select()
    .from(hypoFollowUps)
    .where(eq(hypoFollowUps.userId, userId))
    .orderBy(desc(hypoFollowUps.startedAt))
    .limit(limit);

export const selectFollowUp = async (tx: Tx, userId: string, id: string) => {
  const [row] = await tx
    .select()
    .from(hypoFollowUps)
    .where(and(eq(hypoFollowUps.userId, userId), eq(hypoFollowUps.id, id)));
  return row;
};

/** Turning follow-ups off ends the running one: nothing more is sent. */
export const stopActiveFollowUps = (tx: Tx, userId: string, now: Date) =>
  tx
    .update(hypoFollowUps)
    .set({ status: 'stopped', endedAt: now, nextDueAt: null, updatedAt: sql`now()` })
    .where(and(eq(hypoFollowUps.userId, userId), eq(hypoFollowUps.status, 'active')))
    .returning({ id: hypoFollowUps.id });

/** Stops the active follow-up that the reading taken at `readingAt` started. */
export const stopFollowUpsOfReading = (tx: Tx, userId: string, readingAt: Date, now: Date) =>
  tx
    .update(hypoFollowUps)
    .set({ status: 'stopped', endedAt: now, nextDueAt: null, updatedAt: sql`now()` })
    .where(
      and(
        eq(hypoFollowUps.userId, userId),
        eq(hypoFollowUps.status, 'active'),
        eq(hypoFollowUps.readingAt, readingAt),
      ),
    )
    .returning({ id: hypoFollowUps.id });
