import {
  createLocalClock,
  dayNumberToDate,
  type Instant,
  localDayNumber,
  toEpochMs,
} from '../units/local-time';
import { latestAllowedMs } from '../units/not-in-future';

/** The streak goal shown on the Log Data screen (days). */
export const STREAK_GOAL = 7;
/** "This week" is the last 7 local calendar days including today. */
export const WEEK_WINDOW_DAYS = 7;
/** "This month" for the Monthly Pace card: the last 30 local calendar days including today. */
export const MONTH_WINDOW_DAYS = 30;

export interface StreakSummary {
  /** Consecutive logged days ending today, or ending yesterday when today has no entry yet. */
  currentStreak: number;
  /** Longest run of consecutive logged days ever. */
  longestStreak: number;
  totalEntries: number;
  /** Entries whose local day is today or one of the 6 days before it (a rolling week, not Mon–Sun). */
  entriesThisWeek: number;
  /** Entries whose local day is today or one of the 29 days before it. */
  entriesThisMonth: number;
  /** Distinct local calendar days with at least one entry (consistency_king counts these). */
  loggedDays: number;
  /** Local date (YYYY-MM-DD) of the latest entry, null without entries. */
  lastLoggedDate: string | null;
  streakGoal: typeof STREAK_GOAL;
}

export interface StreakOptions {
  /** IANA time zone of the user: days are the user's calendar days. */
  timeZone: string;
  now: Instant;
}

/** Sorted distinct local day numbers of the entries. */
function distinctLocalDays(localDays: readonly number[]): number[] {
  return [...new Set(localDays)].sort((a, b) => a - b);
}

function longestRun(days: readonly number[]): number {
  let longest = 0;
  let run = 0;
  let previous = Number.NaN;
  for (const day of days) {
    run = day === previous + 1 ? run + 1 : 1;
    if (run > longest) longest = run;
    previous = day;
  }
  return longest;
}

/** Length of the run of logged days that ends exactly on `lastDay`. */
function runEndingOn(daySet: ReadonlySet<number>, lastDay: number): number {
  let run = 0;
  while (daySet.has(lastDay - run)) run += 1;
  return run;
}

/**
 * Streak summary from entry instants, every figure counting what it names in the user's calendar.
 * Entries dated in the future (beyond the clock skew core allows; data stored before that rule) count
 * nowhere: not in totals, days, streaks or the week.
 */
export function computeStreakSummary(entries: readonly Instant[], options: StreakOptions): StreakSummary {
  const toLocal = createLocalClock(options.timeZone);
  const nowMs = toEpochMs(options.now);
  const today = localDayNumber(toLocal(nowMs));
  const latest = latestAllowedMs(nowMs);
  const entryDays: number[] = [];
  for (const entry of entries) {
    const ms = toEpochMs(entry);
    // Within the skew an entry may fall just after midnight tonight: it counts as today's.
    if (ms <= latest) entryDays.push(Math.min(localDayNumber(toLocal(ms)), today));
  }
  const days = distinctLocalDays(entryDays);
  const daySet = new Set(days);
  const lastDay = days.at(-1);

  const endOfCurrent = daySet.has(today) ? today : today - 1;
  const weekStart = today - (WEEK_WINDOW_DAYS - 1);
  const monthStart = today - (MONTH_WINDOW_DAYS - 1);
  const inWindow = (start: number) => entryDays.filter((day) => day >= start).length;

  return {
    currentStreak: runEndingOn(daySet, endOfCurrent),
    longestStreak: longestRun(days),
    totalEntries: entryDays.length,
    entriesThisWeek: inWindow(weekStart),
    entriesThisMonth: inWindow(monthStart),
    loggedDays: days.length,
    lastLoggedDate: lastDay === undefined ? null : dayNumberToDate(lastDay),
    streakGoal: STREAK_GOAL,
  };
}
