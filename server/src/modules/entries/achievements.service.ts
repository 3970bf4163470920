import {
  type AchievementId,
  computeStreakSummaryFromDaysWithAchievements,
  latestAllowedMs,
  type StreakSummaryResponse,
  unlockedByWrite,
  whoseFor,
} from '@healthfolio/core';
import { achievementDescription } from '@healthfolio/core/trackers/achievement-words';
import type { Database, Tx } from '../../db/database';
import { achievementUnlocks } from '../../db/schema';
import { commitWithNext, withReadAfter } from '../../db/transaction-extras';
import { selectStreakInputs } from './entry-days.repository';
import { type UnlockViewRow, unlockViewQuery } from './unlock-view.repository';

type Summary = ReturnType<typeof computeStreakSummaryFromDaysWithAchievements>;

/**
 * The summary from the day counters (a row per logged day and tracker, never every entry) and the
 * stored unlocks, read in one statement. A counter of today or later may hold entries dated beyond the
 * clock skew (rows stored before that rule): those are counted (normally none) and count nowhere.
 */
export const summarizeEntryDays = async (tx: Tx, userId: string, now = Date.now()) => {
  const inputs = await selectStreakInputs(tx, userId, streakCutoff(now));
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
    displayName: inputs.displayName,
    unlockedAt: new Map(inputs.unlocks.map((u) => [u.achievementId, u.unlockedAt])),
  };
};

/**
 * Stores the moment each achievement first unlocks. Once earned it stays earned, even if entries
 * are later deleted: the date is what the user saw.
 */
const storeUnlocks = async (
  tx: Tx,
  userId: string,
  fresh: AchievementId[],
  unlockedAt?: Map<string, Date>,
) => {
  if (!fresh.length) return;
  const inserted = await tx
    .insert(achievementUnlocks)
    .values(fresh.map((achievementId) => ({ userId, achievementId })))
    .onConflictDoNothing()
    .returning();
  for (const r of inserted) unlockedAt?.set(r.achievementId, r.unlockedAt);
};

/** The achievements the full summary shows unlocked that are not stored yet. */
const freshUnlocks = (summary: Summary, unlockedAt: Map<string, Date>) =>
  summary.achievements.filter((a) => a.unlocked && !unlockedAt.has(a.id)).map((a) => a.id);

/** Entries dated after this count nowhere (beyond the clock skew). */
const streakCutoff = (now: number) => new Date(latestAllowedMs(now)).toISOString();

/**
 * After a write that may change any day (an update, a low-glucose treatment): the full summary from
 * the counters, and an insert only for a new unlock.
 */
export const syncAchievementUnlocks = async (tx: Tx, userId: string) => {
  const { summary, unlockedAt } = await summarizeEntryDays(tx, userId);
  await storeUnlocks(tx, userId, freshUnlocks(summary, unlockedAt));
};

/**
 * Runs `write` (one entry's insert, at `at`) with the read of its unlock view right after it, in its
 * round trip on PostgreSQL (`withReadAfter`): the result and what the write unlocks. The view is
 * bounded: the write costs the same after ten years of entries as after ten.
 */
const writeWithView = async <T>(tx: Tx, userId: string, at: Date, write: () => Promise<T>, now: number) => {
  const [result, [row]] = await withReadAfter<T, UnlockViewRow>(
    tx,
    unlockViewQuery(userId, at, now, streakCutoff(now)),
    write,
  );
  return { result, unlocks: unlockedByWrite(row!.view) };
};

/** `writeWithView`, and what the write unlocks stored in the same transaction. */
export const insertWithUnlocks = async <T>(
  tx: Tx,
  userId: string,
  at: Date,
  write: () => Promise<T>,
  now = Date.now(),
) => {
  const { result, unlocks } = await writeWithView(tx, userId, at, write, now);
  await storeUnlocks(tx, userId, unlocks);
  return result;
};

/**
 * `insertWithUnlocks` for an insert that is its transaction's last statement: the insert, its unlock
 * view, the statement deferred to the commit (the audit row) and the commit go in one round trip
 * (`commitWithNext`), and `unlocks` are what it unlocked, for `storeUnlocksAfter` once it has
 * committed. Where a transaction cannot end so (PGlite), this is `insertWithUnlocks`: the unlocks are
 * stored inside it and none are left.
 */
export const insertThenCommit = async <T>(
  tx: Tx,
  userId: string,
  at: Date,
  write: () => Promise<T>,
  now = Date.now(),
): Promise<{ result: T; unlocks: AchievementId[] }> =>
  commitWithNext(tx)
    ? writeWithView(tx, userId, at, write, now)
    : { result: await insertWithUnlocks(tx, userId, at, write, now), unlocks: [] };

/**
 * Stores what a committed write unlocked (`insertThenCommit`), in a transaction of its own. Its
 * failure is not the write's: the entry is stored, and the next streak summary stores any unlock
 * still missing (`getStreakSummary`), so the error is swallowed rather than failing a request whose
 * entry a retry would log twice.
 */
export const storeUnlocksAfter = async (db: Database, userId: string, unlocks: AchievementId[]) => {
  if (!unlocks.length) return;
  await db.asUser(userId, (tx) => storeUnlocks(tx, userId, unlocks)).catch(() => undefined);
};

/**
 * The streak summary, its achievements asking for whose record it is: "Log your first entry", or "Log
 * Mia’s first entry" while a guardian acts for `ward` (person-scope actingWard).
 */
export const getStreakSummary = (
  db: Database,
  userId: string,
  ward: { name: string } | null = null,
): Promise<StreakSummaryResponse> =>
  db.asUser(userId, async (tx) => {
    const { summary, categories, unlockedAt, displayName } = await summarizeEntryDays(tx, userId);
    const w = whoseFor(ward, displayName);
    await storeUnlocks(tx, userId, freshUnlocks(summary, unlockedAt), unlockedAt);
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
          description: achievementDescription(a.id, w) ?? a.description,
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
