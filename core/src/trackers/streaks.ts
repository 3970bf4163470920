import {
  createLocalClock,
  dateToDayNumber,
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

/** Entries of one local calendar day (a row of the server's per-day counters). */
export interface EntryDayCount {
  /** The local date, YYYY-MM-DD. */
  date: string;
  entries: number;
}

/** Today's local date (YYYY-MM-DD) in the user's zone: entries from today on are judged one by one. */
export function localToday(options: StreakOptions): string {
  const nowMs = toEpochMs(options.now);
  return dayNumberToDate(localDayNumber(createLocalClock(options.timeZone)(nowMs)));
}

/**
 * Entries counted per local day number. Entries dated in the future (beyond the clock skew core allows;
 * data stored before that rule) count nowhere; within the skew an entry may fall just after midnight
 * tonight: it counts as today's.
 */
function countsFromInstants(
  entries: readonly Instant[],
  options: StreakOptions,
): { counts: Map<number, number>; today: number } {
  const toLocal = createLocalClock(options.timeZone);
  const nowMs = toEpochMs(options.now);
  const today = localDayNumber(toLocal(nowMs));
  const latest = latestAllowedMs(nowMs);
  const counts = new Map<number, number>();
  for (const entry of entries) {
    const ms = toEpochMs(entry);
    if (ms > latest) continue;
    const day = Math.min(localDayNumber(toLocal(ms)), today);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  return { counts, today };
}

/**
 * The same from per-day counters: the days before today as counted; today's and later counters all
 * belong to today (within the skew an entry may fall just after midnight), less the entries that lie
 * beyond the clock skew (`futureEntries`, counted by the caller), which count nowhere.
 */
function countsFromDays(
  days: readonly EntryDayCount[],
  futureEntries: number,
  options: StreakOptions,
): { counts: Map<number, number>; today: number } {
  const today = localDayNumber(createLocalClock(options.timeZone)(toEpochMs(options.now)));
  const counts = new Map<number, number>();
  let fromToday = -futureEntries;
  for (const { date, entries } of days) {
    const day = dateToDayNumber(date);
    if (entries <= 0) continue;
    if (day < today) counts.set(day, (counts.get(day) ?? 0) + entries);
    else fromToday += entries;
  }
  if (fromToday > 0) counts.set(today, fromToday);
  return { counts, today };
}

function summarize(counts: ReadonlyMap<number, number>, today: number): StreakSummary {
  const days = [...counts.keys()].sort((a, b) => a - b);
  const daySet = new Set(days);
  const lastDay = days.at(-1);
  const endOfCurrent = daySet.has(today) ? today : today - 1;
  const inWindow = (windowDays: number) => {
    let n = 0;
    for (const [day, entries] of counts) if (day > today - windowDays) n += entries;
    return n;
  };
  let total = 0;
  for (const entries of counts.values()) total += entries;
  return {
    currentStreak: runEndingOn(daySet, endOfCurrent),
    longestStreak: longestRun(days),
    totalEntries: total,
    entriesThisWeek: inWindow(WEEK_WINDOW_DAYS),
    entriesThisMonth: inWindow(MONTH_WINDOW_DAYS),
    loggedDays: days.length,
    lastLoggedDate: lastDay === undefined ? null : dayNumberToDate(lastDay),
    streakGoal: STREAK_GOAL,
  };
}

/**
 * Streak summary from entry instants, every figure counting what it names in the user's calendar.
 * Entries dated in the future count nowhere: not in totals, days, streaks or the week.
 */
export function computeStreakSummary(entries: readonly Instant[], options: StreakOptions): StreakSummary {
  const { counts, today } = countsFromInstants(entries, options);
  return summarize(counts, today);
}

/**
 * The same summary from per-day counters (local dates in the user's zone) and the number of entries
 * dated beyond the clock skew (rows stored before that rule; they are in the counters, and count nowhere).
 * The work is one pass over the logged days, whatever the number of entries.
 */
export function computeStreakSummaryFromDays(
  days: readonly EntryDayCount[],
  options: StreakOptions,
  futureEntries = 0,
): StreakSummary {
  const { counts, today } = countsFromDays(days, futureEntries, options);
  return summarize(counts, today);
}
