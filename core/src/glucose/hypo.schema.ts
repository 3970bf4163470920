import { z } from 'zod';
import { GLUCOSE_LOG_MAX_MGDL, GLUCOSE_LOG_MIN_MGDL } from '../trackers/entry.schema';
import { RECHECK_AFTER_MINUTES } from './dosing-guards';

/** After a low reading: the re-check reminder at 15 minutes (rule of 15), the escalation at 30. */
export const HYPO_RECHECK_AFTER_MINUTES = RECHECK_AFTER_MINUTES;
export const HYPO_ESCALATE_AFTER_MINUTES = 30;
/**
 * Only a reading from the last 30 minutes starts a follow-up: importing last month's CGM file must not
 * page anyone about lows that are long over.
 */
export const HYPO_RECENT_READING_MINUTES = 30;

/**
 * active: waiting for the re-check; recovered: a reading at or above 70 came in; escalated: still low
 * or no re-check after 30 minutes; stopped: the user turned follow-ups off while it was running.
 */
export const HYPO_FOLLOW_UP_STATUSES = ['active', 'recovered', 'escalated', 'stopped'] as const;
export type HypoFollowUpStatus = (typeof HYPO_FOLLOW_UP_STATUSES)[number];

export const HypoSettingsResponse = z.object({
  /** Follow-ups start on a low reading (on by default). */
  enabled: z.boolean(),
  /** The caregivers who get the urgent alert: usable shares marked "alert on low". */
  alertRecipients: z.array(z.object({ email: z.string(), name: z.string().nullable() })),
});
export type HypoSettingsResponse = z.infer<typeof HypoSettingsResponse>;

export const HypoSettingsUpdateRequest = z.strictObject({ enabled: z.boolean() });
export type HypoSettingsUpdateRequest = z.infer<typeof HypoSettingsUpdateRequest>;

/** The calculator's "start the follow-up": logs the low reading now and starts its follow-up. */
export const HypoFollowUpStartRequest = z.strictObject({
  glucoseMgdl: z
    .number({ error: 'Glucose must be a number' })
    .min(GLUCOSE_LOG_MIN_MGDL, `Glucose must be at least ${GLUCOSE_LOG_MIN_MGDL} mg/dL`)
    .max(GLUCOSE_LOG_MAX_MGDL, `Glucose must be at most ${GLUCOSE_LOG_MAX_MGDL} mg/dL`),
});
export type HypoFollowUpStartRequest = z.infer<typeof HypoFollowUpStartRequest>;

export const HypoFollowUpResponse = z.object({
  id: z.string().uuid(),
  status: z.enum(HYPO_FOLLOW_UP_STATUSES),
  urgent: z.boolean(),
  /** The low reading that started it: mg/dL and when it was taken. */
  valueMgdl: z.number(),
  readingAt: z.string(),
  startedAt: z.string(),
  recheckDueAt: z.string(),
  recheckSentAt: z.string().nullable(),
  escalateDueAt: z.string(),
  escalatedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
});
export type HypoFollowUpResponse = z.infer<typeof HypoFollowUpResponse>;

export const HypoFollowUpListResponse = z.object({ items: z.array(HypoFollowUpResponse) });
export type HypoFollowUpListResponse = z.infer<typeof HypoFollowUpListResponse>;
