import { MS_PER_HOUR, MS_PER_MINUTE } from './local-time';

/**
 * DESIGN §3: nothing health-related is dated in the future. A device or browser clock a little ahead
 * of the server's is normal, so an instant up to this much after the server's "now" still counts.
 */
export const CLOCK_SKEW_MS = 5 * MS_PER_MINUTE;

/** The one message every field of this rule shows. */
export const FUTURE_DATE_MESSAGE = 'Cannot be in the future';

/** The latest instant (epoch ms) a health value may be dated at, now. */
export const latestAllowedMs = (nowMs: number = Date.now()) => nowMs + CLOCK_SKEW_MS;

/** Whether an instant (ISO text or epoch ms) is not in the future, allowing the clock skew. */
export function isNotInFuture(at: string | number | Date, nowMs: number = Date.now()): boolean {
  const ms = typeof at === 'number' ? at : typeof at === 'string' ? Date.parse(at) : at.getTime();
  return Number.isFinite(ms) && ms <= latestAllowedMs(nowMs);
}

/** UTC+14 (Kiribati) is the first zone to start a date. */
const EARLIEST_ZONE_OFFSET_MS = 14 * MS_PER_HOUR;

/**
 * Whether a calendar date (YYYY-MM-DD) is not in the future: it has begun somewhere on Earth. Without
 * the user's zone this is the only rule that never refuses a lab test dated "today" for anyone.
 */
export function isDateNotInFuture(date: string, nowMs: number = Date.now()): boolean {
  const startsAtUtc = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(startsAtUtc) && startsAtUtc - EARLIEST_ZONE_OFFSET_MS <= latestAllowedMs(nowMs);
}
