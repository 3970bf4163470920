import {
  ACHIEVEMENT_IDS,
  computeStreakSummaryFromDaysWithAchievements,
  latestAllowedMs,
  localToday,
  type StreakSummaryResponse,
} from '@healthfolio/core';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { achievementUnlocks } from '../../db/schema';
import { findProfile } from '../profiles/profiles.repository';
import { countEntriesAfter, selectEntryDays } from './entry-days.repository';

type Summary = ReturnType<typeof computeStreakSummaryFromDaysWithAchievements>;

/** The summary from the day counters: a row per logged day and tracker, never every entry. */
export const summarizeEntryDays = async (tx: Tx, userId: string, now = Date.now()) => {
  const timeZone = (await findProfile(tx, userId))?.timezone ?? 'UTC';
  const today = localToday({ timeZone, now });
  const rows = await selectEntryDays(tx, userId);
  const perDay = new Map<string, number>();
  for (const r of rows) perDay.set(r.date, (perDay.get(r.date) ?? 0) + r.entries);
  // A counter of today or later may hold entries dated beyond the clock skew (rows stored before that
  // rule): those are counted (normally none) and count nowhere.
  const future = rows.some((r) => r.date >= today)
    ? await countEntriesAfter(tx, userId, new Date(latestAllowedMs(now)).toISOString())
    : 0;
  const summary = computeStreakSummaryFromDaysWithAchievements(
    [...perDay].map(([date, entries]) => ({ date, entries })),
    { timeZone, now },
    future,
  );
  return { summary, categories: new Set(rows.map((r) => r.tracker)).size };
};

const selectUnlocks = async (tx: Tx, userId: string) => {
  const stored = await tx.select().from(achievementUnlocks).where(eq(achievementUnlocks.userId, userId));
  return new Map(stored.map((r) => [r.achievementId, r.unlockedAt]));
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

/** After an entry write: a read of the stored unlocks, and of the day counters while any is locked. */
export const syncAchievementUnlocks = async (tx: Tx, userId: string) => {
  const unlockedAt = await selectUnlocks(tx, userId);
  if (ACHIEVEMENT_IDS.every((id) => unlockedAt.has(id))) return;
  const { summary } = await summarizeEntryDays(tx, userId);
  await storeUnlocks(tx, userId, summary, unlockedAt);
};

export const getStreakSummary = (db: Database, userId: string): Promise<StreakSummaryResponse> =>
  db.asUser(userId, async (tx) => {
    const unlockedAt = await selectUnlocks(tx, userId);
    const { summary, categories } = await summarizeEntryDays(tx, userId);
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
