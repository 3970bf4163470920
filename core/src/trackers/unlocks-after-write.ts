import { dateToDayNumber } from '../units/local-time';
import { ACHIEVEMENTS, type AchievementId, type AchievementMeasure } from './achievements';

/**
 * How far back the write path has to look to judge every achievement, whatever the history's length:
 * entries up to the largest entry count, days up to the largest day count, and the days either side of
 * the written day that the longest streak an achievement asks for can span.
 */
const largest = (measure: AchievementMeasure) =>
  Math.max(...ACHIEVEMENTS.filter((a) => a.measure === measure).map((a) => a.threshold));
export const WRITE_CHECK_BOUNDS = {
  entries: largest('entries'),
  loggedDays: largest('logged_days'),
  streakSpan: largest('streak_days') - 1,
} as const;

/** The achievements each figure of the write check decides. */
export const ACHIEVEMENTS_MEASURED_IN = (measure: AchievementMeasure): AchievementId[] =>
  ACHIEVEMENTS.filter((a) => a.measure === measure).map((a) => a.id);

/**
 * What one entry's write reads to judge the achievements it may unlock: bounded reads of the day
 * counters, each only while an achievement it decides is still locked. Dates are the user's local ones.
 */
export interface UnlockView {
  today: string;
  /** The local day the written entry counts on: its own, or today when it falls just after midnight. */
  day: string;
  /** Achievements already stored as unlocked. */
  unlocked: readonly string[];
  /** Entries before today, summed over at most `WRITE_CHECK_BOUNDS.entries` days; null when not read. */
  entriesBeforeToday: number | null;
  /** Entries from today on that count (those beyond the clock skew do not); null when not read. */
  entriesFromToday: number | null;
  /** Days before today with entries, counted up to `WRITE_CHECK_BOUNDS.loggedDays`; null when not read. */
  daysBeforeToday: number | null;
  /** Days before today with entries, within `streakSpan` days either side of `day`; null when not read. */
  windowDays: readonly string[] | null;
}

/** Length of the run of logged days through `day`, counted within the view's window. */
const runThrough = (logged: ReadonlySet<number>, day: number) => {
  let before = 0;
  while (logged.has(day - before - 1)) before += 1;
  let after = 0;
  while (logged.has(day + after + 1)) after += 1;
  return before + 1 + after;
};

/**
 * The achievements one entry's write unlocks, from its bounded view. Stored unlocks never lapse and
 * every figure only grows with an insert, so an achievement still locked before the write unlocks now
 * only through what the write added: the totals (exact up to the largest threshold) and the run of
 * logged days through the written day (all of it within `streakSpan` days either side).
 */
export function unlockedByWrite(view: UnlockView): AchievementId[] {
  const today = dateToDayNumber(view.today);
  const day = dateToDayNumber(view.day);
  // The written entry counts on `day`; from today on, entries beyond the skew count nowhere.
  const todayLogged = day >= today || (view.entriesFromToday ?? 0) > 0;
  const logged = new Set((view.windowDays ?? []).map(dateToDayNumber));
  logged.add(day);
  if (todayLogged) logged.add(today);
  const measured = (measure: AchievementMeasure) => {
    switch (measure) {
      case 'entries':
        return (view.entriesBeforeToday ?? 0) + Math.max(view.entriesFromToday ?? 0, 0);
      case 'logged_days':
        return (view.daysBeforeToday ?? 0) + (todayLogged ? 1 : 0);
      case 'streak_days':
        return view.windowDays ? runThrough(logged, day) : 0;
    }
  };
  return ACHIEVEMENTS.filter((a) => !view.unlocked.includes(a.id))
    .filter((a) => measured(a.measure) >= a.threshold)
    .map((a) => a.id);
}
