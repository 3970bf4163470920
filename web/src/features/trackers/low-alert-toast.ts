/**
 * One toast for a low: the log dialog's and the follow-up notification's (live stream) share this id,
 * so the second replaces the first instead of stacking, and nothing sits on top of the alert.
 * Kept apart from glucose-toast.ts (no core imports) because every dashboard page's live stream uses it
 * and the dashboard's first load must not carry the glucose rules and zod.
 */
export const LOW_ALERT_TOAST_ID = 'glucose-low-alert';

/** An urgent low stays until the user closes it. */
export const lowAlertToastOptions = (urgent: boolean) => ({
  id: LOW_ALERT_TOAST_ID,
  duration: urgent ? Number.POSITIVE_INFINITY : 30_000,
  closeButton: true,
});
