import { ACHIEVEMENTS_MEASURED_IN, type UnlockView, WRITE_CHECK_BOUNDS } from '@healthfolio/core';
import { sql } from 'drizzle-orm';

export type UnlockViewRow = { view: UnlockView };

const ids = (list: string[]) => `{${list.join(',')}}`;

/**
 * The write check's view (`UnlockView`) in one statement, sent with the entry's insert: the database
 * function `entry_unlock_view` (migration 0077) reads the stored unlocks, then for each figure an
 * achievement still locked needs, a read bounded by the largest threshold, passed from core. Nothing
 * it reads grows with the history.
 */
export const unlockViewQuery = (userId: string, at: Date, now: number, after: string) => {
  const { entries, loggedDays, streakSpan } = WRITE_CHECK_BOUNDS;
  return sql`select entry_unlock_view(${userId}::uuid, ${at.toISOString()}::timestamptz,
    ${new Date(now).toISOString()}::timestamptz, ${after}::timestamptz,
    ${ids(ACHIEVEMENTS_MEASURED_IN('entries'))}::text[], ${ids(ACHIEVEMENTS_MEASURED_IN('logged_days'))}::text[],
    ${ids(ACHIEVEMENTS_MEASURED_IN('streak_days'))}::text[], ${entries}::int, ${loggedDays}::int,
    ${streakSpan}::int) as view`;
};
