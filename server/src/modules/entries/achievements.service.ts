import {
  computeStreakSummaryFromDaysWithAchievements,
  latestAllowedMs,
  type StreakSummaryResponse,
} from '@healthfolio/core';
import { type Database, type Tx, withReadAfter } from '../../db/database';
import { achievementUnlocks } from '../../db/schema';
import {
  type StreakInputs,
  type StreakInputsRow,
  selectStreakInputs,
  streakInputsQuery,
  toStreakInputs,
} from './entry-days.repository';

type Summary = ReturnType<typeof computeStreakSummaryFromDaysWithAchievements>;

/**
 * The summary from the day counters (a row per logged day and tracker, never every entry) and the
 * stored unlocks, read in one statement. A counter of today or later may hold entries dated beyond the
 * clock skew (rows stored before that rule): those are counted (normally none) and count nowhere.
 */
export const summarizeEntryDays = async (tx: Tx, userId: string, now = Date.now(), read?: StreakInputs) => {
  const inputs = read ?? (await selectStreakInputs(tx, userId, streakCutoff(now)));
  const perDay = new Map<string, number>();
  for (const r of inputs.days) perDay.set(r.date, (perDay.get(r.date) ?? 0) + r.entries);
  const summary = computeStreakSummaryFromDaysWithAchievements(
    [...perDay].map(([date, entries]) => ({ date, entries })),
    { timeZone: inputs.timeZone, now },
    inputs.future,
  );
  return {
    summary,
    categories: new Set(inputs.days.map((r) => r.tracker)).size,
    unlockedAt: new Map(inputs.unlocks.map((u) => [u.achievementId, u.unlockedAt])),
  };
};

/**
 * Stores the moment each achievement first unlocks. Once earned it stays earned, even if entries
 * are later deleted: the date is what the user saw.
 */
const storeUnlocks = async (tx: Tx, userId: string, summary: Summary, unlockedAt: Map<string, Date>) => {
  const fresh = summary.achievements.filter((a) => a.unlocked && !unlockedAt.has(a.id));
  if (!fresh.length) return;
  const inserted = await tx
    .insert(achievementUnlocks)
    .values(fresh.map((a) => ({ userId, achievementId: a.id })))
    .onConflictDoNothing()
    .returning();
  for (const r of inserted) unlockedAt.set(r.achievementId, r.unlockedAt);
};

/** Entries dated after this count nowhere (beyond the clock skew). */
const streakCutoff = (now: number) => new Date(latestAllowedMs(now)).toISOString();

/**
 * After an entry write: one read of the counters and the stored unlocks (or `read`, those read with
 * the write: `streakInputsAfter`); an insert only for a new one.
 */
export const syncAchievementUnlocks = async (
  tx: Tx,
  userId: string,
  read?: { inputs: StreakInputs; now: number },
) => {
  const { summary, unlockedAt } = await summarizeEntryDays(tx, userId, read?.now, read?.inputs);
  await storeUnlocks(tx, userId, summary, unlockedAt);
};

/**
 * Runs `write` (an entry's insert) with the read of the streak inputs right after it, in its round
 * trip on PostgreSQL (`withReadAfter`): the counters its triggers updated are seen.
 */
export const streakInputsAfter = async <T>(tx: Tx, userId: string, write: () => Promise<T>) => {
  const now = Date.now();
  const [result, [row]] = await withReadAfter<T, StreakInputsRow>(
    tx,
    streakInputsQuery(userId, streakCutoff(now)),
    write,
  );
  return { result, read: { inputs: toStreakInputs(row!), now } };
};

export const getStreakSummary = (db: Database, userId: string): Promise<StreakSummaryResponse> =>
  db.asUser(userId, async (tx) => {
    const { summary, categories, unlockedAt } = await summarizeEntryDays(tx, userId);
    await storeUnlocks(tx, userId, summary, unlockedAt);
    return {
      currentStreak: summary.currentStreak,
      longestStreak: summary.longestStreak,
      totalEntries: summary.totalEntries,
      entriesThisWeek: summary.entriesThisWeek,
      entriesThisMonth: summary.entriesThisMonth,
      loggedDays: summary.loggedDays,
      lastLoggedDate: summary.lastLoggedDate,
      streakGoal: summary.streakGoal,
      categories,
      achievements: summary.achievements.map((a) => {
        const at = unlockedAt.get(a.id);
        return {
          id: a.id,
          title: a.title,
          description: a.description,
          icon: a.icon,
          threshold: a.threshold,
          unlocked: a.unlocked || Boolean(at),
          progress: at ? a.maxProgress : a.progress,
          maxProgress: a.maxProgress,
          unlockedAt: at ? at.toISOString() : null,
        };
      }),
    };
  });
