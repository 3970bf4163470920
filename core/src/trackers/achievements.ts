import type { Instant } from '../units/local-time';
import { ACHIEVEMENT_DESCRIPTIONS } from './achievement-words';
import {
  computeStreakSummary,
  computeStreakSummaryFromDays,
  type EntryDayCount,
  type StreakOptions,
  type StreakSummary,
} from './streaks';

export const ACHIEVEMENT_IDS = [
  'first_log',
  'week_streak',
  'month_streak',
  'consistency_king',
  'century_club',
] as const;
export type AchievementId = (typeof ACHIEVEMENT_IDS)[number];

/** What each achievement is measured in; the UI says so ("50 days with an entry"). */
export type AchievementMeasure = 'entries' | 'streak_days' | 'logged_days';

export interface AchievementDefinition {
  id: AchievementId;
  title: string;
  description: string;
  /** lucide-react icon name. */
  icon: string;
  measure: AchievementMeasure;
  threshold: number;
}

export interface Achievement extends AchievementDefinition {
  unlocked: boolean;
  /** Progress towards the threshold, capped at it so bars never overflow. */
  progress: number;
  maxProgress: number;
}

/** The counts achievements are judged on; a StreakSummary provides all three. */
export interface AchievementStats {
  totalEntries: number;
  longestStreak: number;
  loggedDays: number;
}

export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  {
    id: 'first_log',
    title: 'First Steps',
    description: ACHIEVEMENT_DESCRIPTIONS.first_log(),
    icon: 'sparkles',
    measure: 'entries',
    threshold: 1,
  },
  {
    id: 'week_streak',
    title: 'Week Warrior',
    description: ACHIEVEMENT_DESCRIPTIONS.week_streak(),
    icon: 'flame',
    measure: 'streak_days',
    threshold: 7,
  },
  {
    id: 'month_streak',
    title: 'Monthly Master',
    description: ACHIEVEMENT_DESCRIPTIONS.month_streak(),
    icon: 'calendar-check',
    measure: 'streak_days',
    threshold: 30,
  },
  {
    id: 'consistency_king',
    title: 'Consistency King',
    description: ACHIEVEMENT_DESCRIPTIONS.consistency_king(),
    icon: 'crown',
    measure: 'logged_days',
    threshold: 50,
  },
  {
    id: 'century_club',
    title: 'Century Club',
    description: ACHIEVEMENT_DESCRIPTIONS.century_club(),
    icon: 'trophy',
    measure: 'entries',
    threshold: 100,
  },
];

function measured(stats: AchievementStats, measure: AchievementMeasure): number {
  switch (measure) {
    case 'entries':
      return stats.totalEntries;
    case 'streak_days':
      // The longest streak, so an achievement once earned stays earned after a break.
      return stats.longestStreak;
    case 'logged_days':
      return stats.loggedDays;
  }
}

export function computeAchievements(stats: AchievementStats): Achievement[] {
  return ACHIEVEMENTS.map((definition) => {
    const value = measured(stats, definition.measure);
    return {
      ...definition,
      unlocked: value >= definition.threshold,
      progress: Math.min(value, definition.threshold),
      maxProgress: definition.threshold,
    };
  });
}

/** The spec's streak summary: streak figures plus the achievement list, from the user's entries. */
export function computeStreakSummaryWithAchievements(
  entries: readonly Instant[],
  options: StreakOptions,
): StreakSummary & { achievements: Achievement[] } {
  const summary = computeStreakSummary(entries, options);
  return { ...summary, achievements: computeAchievements(summary) };
}

/** The same from per-day counters (see `computeStreakSummaryFromDays`). */
export function computeStreakSummaryFromDaysWithAchievements(
  days: readonly EntryDayCount[],
  options: StreakOptions,
  futureEntries = 0,
): StreakSummary & { achievements: Achievement[] } {
  const summary = computeStreakSummaryFromDays(days, options, futureEntries);
  return { ...summary, achievements: computeAchievements(summary) };
}
