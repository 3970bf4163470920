import {
  ACHIEVEMENTS_MEASURED_IN,
  type AchievementMeasure,
  type UnlockView,
  WRITE_CHECK_BOUNDS,
} from '@healthfolio/core';
import { sql } from 'drizzle-orm';

export type UnlockViewRow = { view: UnlockView };

// The achievements each figure decides, as array literals: built once, not on every write.
const ids = (measure: AchievementMeasure) => `{${ACHIEVEMENTS_MEASURED_IN(measure).join(',')}}`;
const ENTRY_IDS = ids('entries');
const DAY_IDS = ids('logged_days');
const STREAK_IDS = ids('streak_days');

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
    ${ENTRY_IDS}::text[], ${DAY_IDS}::text[], ${STREAK_IDS}::text[], ${entries}::int, ${loggedDays}::int,
    ${streakSpan}::int) as view`;
};
