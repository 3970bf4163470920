import {
  computeStreakSummaryWithAchievements,
  type StreakSummaryResponse,
  type TrackerKey,
} from '@healthfolio/core';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/database';
import { achievementUnlocks } from '../../db/schema';
import { findProfile } from '../profiles/profiles.repository';
import { selectEntryInstants } from './entries.repository';

const computeFor = async (tx: Tx, userId: string) => {
  const timeZone = (await findProfile(tx, userId))?.timezone ?? 'UTC';
  const rows = await selectEntryInstants(tx, userId);
  const summary = computeStreakSummaryWithAchievements(
    rows.map((r) => r.occurred_at),
    { timeZone, now: Date.now() },
  );
  return { summary, categories: new Set(rows.map((r) => r.tracker as TrackerKey)).size };
};

/**
 * Stores the moment each achievement first unlocks. Once earned it stays earned, even if entries
 * are later deleted: the date is what the user saw.
 */
export const syncAchievementUnlocks = async (tx: Tx, userId: string) => {
  const { summary, categories } = await computeFor(tx, userId);
  const stored = await tx.select().from(achievementUnlocks).where(eq(achievementUnlocks.userId, userId));
  const unlockedAt = new Map(stored.map((r) => [r.achievementId, r.unlockedAt]));
  const fresh = summary.achievements.filter((a) => a.unlocked && !unlockedAt.has(a.id));
  if (fresh.length) {
    const inserted = await tx
      .insert(achievementUnlocks)
      .values(fresh.map((a) => ({ userId, achievementId: a.id })))
      .onConflictDoNothing()
      .returning();
    for (const r of inserted) unlockedAt.set(r.achievementId, r.unlockedAt);
  }
  return { summary, categories, unlockedAt };
};

export const getStreakSummary = (db: Database, userId: string): Promise<StreakSummaryResponse> =>
  db.asUser(userId, async (tx) => {
    const { summary, categories, unlockedAt } = await syncAchievementUnlocks(tx, userId);
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
