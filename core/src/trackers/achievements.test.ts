import { describe, expect, it } from 'vitest';
import { computeAchievements, computeStreakSummaryWithAchievements } from './achievements';
import { computeStreakSummary } from './streaks';

const byId = (stats: { totalEntries: number; longestStreak: number; loggedDays: number }) =>
  Object.fromEntries(computeAchievements(stats).map((a) => [a.id, a]));

describe('achievements', () => {
  it('lists the five achievements with their thresholds', () => {
    const list = computeAchievements({ totalEntries: 0, longestStreak: 0, loggedDays: 0 });
    expect(list.map((a) => [a.id, a.threshold])).toEqual([
      ['first_log', 1],
      ['week_streak', 7],
      ['month_streak', 30],
      ['consistency_king', 50],
      ['century_club', 100],
    ]);
    for (const a of list) {
      expect(a.unlocked).toBe(false);
      expect(a.progress).toBe(0);
      expect(a.maxProgress).toBe(a.threshold);
      expect(a.title.length).toBeGreaterThan(0);
      expect(a.description.length).toBeGreaterThan(0);
    }
  });

  it('unlocks exactly at each threshold and not one below', () => {
    expect(byId({ totalEntries: 1, longestStreak: 1, loggedDays: 1 }).first_log?.unlocked).toBe(true);
    expect(byId({ totalEntries: 0, longestStreak: 0, loggedDays: 0 }).first_log?.unlocked).toBe(false);
    expect(byId({ totalEntries: 99, longestStreak: 6, loggedDays: 49 })).toMatchObject({
      week_streak: { unlocked: false, progress: 6 },
      month_streak: { unlocked: false, progress: 6 },
      consistency_king: { unlocked: false, progress: 49 },
      century_club: { unlocked: false, progress: 99 },
    });
    expect(byId({ totalEntries: 100, longestStreak: 30, loggedDays: 50 })).toMatchObject({
      week_streak: { unlocked: true, progress: 7 },
      month_streak: { unlocked: true, progress: 30 },
      consistency_king: { unlocked: true, progress: 50 },
      century_club: { unlocked: true, progress: 100 },
    });
  });

  it('judges streak achievements on the longest streak, so a break does not take them away', () => {
    expect(byId({ totalEntries: 10, longestStreak: 7, loggedDays: 7 }).week_streak?.unlocked).toBe(true);
  });

  it('counts consistency in distinct days: 100 entries on one day are not 50 days', () => {
    const entries = Array.from({ length: 100 }, (_, i) => Date.parse('2024-06-01T00:00:00Z') + i * 60_000);
    const summary = computeStreakSummary(entries, { timeZone: 'UTC', now: '2024-06-01T23:00:00Z' });
    const a = byId(summary);
    expect(a.century_club?.unlocked).toBe(true);
    expect(a.consistency_king).toMatchObject({ unlocked: false, progress: 1 });
    expect(a.week_streak).toMatchObject({ unlocked: false, progress: 1 });
  });

  it('come with the streak summary, unlocked from a real week of entries', () => {
    const week = Array.from({ length: 7 }, (_, i) => `2024-06-0${i + 1}T18:00:00Z`);
    const s = computeStreakSummaryWithAchievements(week, {
      timeZone: 'Europe/Berlin',
      now: '2024-06-07T20:00:00Z',
    });
    expect(s).toMatchObject({ currentStreak: 7, longestStreak: 7, totalEntries: 7, streakGoal: 7 });
    expect(s.achievements.filter((a) => a.unlocked).map((a) => a.id)).toEqual(['first_log', 'week_streak']);
  });
});
