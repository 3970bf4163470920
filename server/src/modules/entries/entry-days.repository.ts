import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/database';
import { entriesRelation } from './entries.repository';

export interface StreakInputs {
  timeZone: string;
  /** The profile's display name (the household's name for a ward), or null. */
  displayName: string | null;
  /** Per day and tracker (local dates). */
  days: { date: string; tracker: string; entries: number }[];
  /** Entries dated after `after` (beyond the clock skew; normally none). */
  future: number;
  /** Achievements already stored as unlocked, with when. */
  unlocks: { achievementId: string; unlockedAt: Date }[];
}

/**
 * Everything the streak summary needs, in one statement (one round trip on the write path): the time
 * zone, the display name, the day counters, the count of entries beyond the clock skew and the stored
 * unlocks.
 */
export const selectStreakInputs = async (tx: Tx, userId: string, after: string): Promise<StreakInputs> =>
  toStreakInputs((await tx.execute<StreakInputsRow>(streakInputsQuery(userId, after))).rows[0]!);

type StreakInputsRow = {
  time_zone: string | null;
  display_name: string | null;
  days: StreakInputs['days'] | null;
  future: number;
  unlocks: { achievementId: string; unlockedAt: string }[] | null;
};

/** The statement of `selectStreakInputs`. */
const streakInputsQuery = (userId: string, after: string) => sql`select
    (select timezone from profiles where user_id = ${userId}) as time_zone,
    (select display_name from profiles where user_id = ${userId}) as display_name,
    (select json_agg(json_build_object('date', day::text, 'tracker', tracker, 'entries', entries))
       from entry_days where user_id = ${userId}) as days,
    (select count(*)::int from (${entriesRelation(userId)}) e where occurred_at > ${after}::timestamptz) as future,
    (select json_agg(json_build_object('achievementId', achievement_id, 'unlockedAt', unlocked_at))
       from achievement_unlocks where user_id = ${userId}) as unlocks`;

const toStreakInputs = (row: StreakInputsRow): StreakInputs => {
  return {
    timeZone: row.time_zone ?? 'UTC',
    displayName: row.display_name,
    days: row.days ?? [],
    future: row.future,
    unlocks: (row.unlocks ?? []).map((u) => ({
      achievementId: u.achievementId,
      unlockedAt: new Date(u.unlockedAt),
    })),
  };
};
