import { MS_PER_HOUR } from '../units/local-time';

/**
 * DESIGN §3: nothing health-related is dated in the future, yet a dose is often taken a little before
 * its time. One rule for the server and the screen: a dose can be marked Taken or Skip from this long
 * before it is due, and not earlier.
 */
export const DOSE_EARLY_MS = MS_PER_HOUR;

/** What the server answers when a dose is marked too early (the screen does not offer it). */
export const DOSE_NOT_DUE_MESSAGE = 'This dose is not due yet. You can mark it from an hour before its time.';

/** Whether a dose due at `dueDate` can be marked now: it is due within the hour, or already past. */
export const isDoseMarkable = (dueDate: string | Date | null, nowMs: number = Date.now()): boolean => {
  if (!dueDate) return true;
  const due = typeof dueDate === 'string' ? Date.parse(dueDate) : dueDate.getTime();
  return Number.isFinite(due) && due - DOSE_EARLY_MS <= nowMs;
};
