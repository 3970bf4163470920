import { z } from 'zod';
import type { GlucoseUnit } from '../profiles/profile.schema';
import { formatGlucoseLimit } from '../units/glucose-units';
import {
  GLUCOSE_ALARM_KINDS,
  type GlucoseAlarmSettings,
  SNOOZE_MAX_MINUTES,
  SNOOZE_MIN_MINUTES,
  STALE_MINUTES_CHOICES,
} from './alarms';

/** A level in mg/dL; its messages give the limits in `unit`, the one the person types in. */
const level = (unit: GlucoseUnit) => (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be at least ${formatGlucoseLimit(min, 'min', unit)}`)
    .max(max, `${label} must be at most ${formatGlucoseLimit(max, 'max', unit)}`);

const rate = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(1, `${label} must be at least 1 mg/dL per minute`)
    .max(5, `${label} must be at most 5 mg/dL per minute`);

/**
 * The whole settings object (PUT replaces it); levels in mg/dL, in order urgent low < low < high < very
 * high. `unit`: the unit the messages state limits in (the Alarms card checks in the person's unit).
 */
export const glucoseAlarmSettingsRequestIn = (unit: GlucoseUnit) => {
  const mgdl = level(unit);
  return z
    .strictObject({
      urgentLowMgdl: mgdl('Urgent low', 40, 65),
      lowEnabled: z.boolean(),
      lowMgdl: mgdl('Low', 55, 100),
      highEnabled: z.boolean(),
      highMgdl: mgdl('High', 120, 300),
      urgentHighEnabled: z.boolean(),
      urgentHighMgdl: mgdl('Very high', 180, 400),
      risingFastEnabled: z.boolean(),
      risingFastRate: rate('Rising fast'),
      fallingFastEnabled: z.boolean(),
      fallingFastRate: rate('Falling fast'),
      predictedLowEnabled: z.boolean(),
      staleEnabled: z.boolean(),
      staleMinutes: z.union(
        STALE_MINUTES_CHOICES.map((m) => z.literal(m)),
        { error: 'No recent readings: choose 15, 30 or 60 minutes' },
      ),
    })
    .superRefine((s, ctx) => {
      if (s.lowMgdl <= s.urgentLowMgdl)
        ctx.addIssue({ code: 'custom', path: ['lowMgdl'], message: 'Low must be above urgent low' });
      if (s.highMgdl <= s.lowMgdl)
        ctx.addIssue({ code: 'custom', path: ['highMgdl'], message: 'High must be above low' });
      if (s.urgentHighMgdl <= s.highMgdl)
        ctx.addIssue({ code: 'custom', path: ['urgentHighMgdl'], message: 'Very high must be above high' });
    });
};

/** What the API checks: levels and their limits in mg/dL. */
export const GlucoseAlarmSettingsRequest = glucoseAlarmSettingsRequestIn('mg/dL');
export type GlucoseAlarmSettingsRequest = GlucoseAlarmSettings;

export const GlucoseAlarmSettingsResponse = z.object({
  urgentLowMgdl: z.number(),
  lowEnabled: z.boolean(),
  lowMgdl: z.number(),
  highEnabled: z.boolean(),
  highMgdl: z.number(),
  urgentHighEnabled: z.boolean(),
  urgentHighMgdl: z.number(),
  risingFastEnabled: z.boolean(),
  risingFastRate: z.number(),
  fallingFastEnabled: z.boolean(),
  fallingFastRate: z.number(),
  predictedLowEnabled: z.boolean(),
  staleEnabled: z.boolean(),
  staleMinutes: z.number(),
});
export type GlucoseAlarmSettingsResponse = z.infer<typeof GlucoseAlarmSettingsResponse>;

export const GlucoseAlarmKindSchema = z.enum(GLUCOSE_ALARM_KINDS);

export const GlucoseAlarmResponse = z.object({
  id: z.string().uuid(),
  kind: GlucoseAlarmKindSchema,
  /** The reading that raised it (mg/dL); null for "No recent readings". */
  valueMgdl: z.number().nullable(),
  readingAt: z.string().nullable(),
  raisedAt: z.string(),
  /** Where it went: how many devices took the push, the in-app notice, how many emails. */
  delivered: z.object({ pushDevices: z.number().int(), inApp: z.boolean(), emails: z.number().int() }),
  acknowledgedAt: z.string().nullable(),
  /** The name of whoever acknowledged it (the person, a guardian). */
  acknowledgedBy: z.string().nullable(),
  snoozedUntil: z.string().nullable(),
  escalatedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  /** Open: the condition is still true (it may be snoozed). */
  active: z.boolean(),
});
export type GlucoseAlarmResponse = z.infer<typeof GlucoseAlarmResponse>;

export const GLUCOSE_ALARM_PAGE_MAX = 200;

/** A page of the history, newest first; `cursor`: the `nextCursor` of the page before (as other lists). */
export const GlucoseAlarmListQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(GLUCOSE_ALARM_PAGE_MAX).default(50),
  cursor: z.string().max(200).optional(),
});
export type GlucoseAlarmListQuery = z.infer<typeof GlucoseAlarmListQuery>;

export const GlucoseAlarmListResponse = z.object({
  items: z.array(GlucoseAlarmResponse),
  /** Pass as `cursor` for the older alarms; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type GlucoseAlarmListResponse = z.infer<typeof GlucoseAlarmListResponse>;

/** The upper limit per kind (urgent low: 30) is checked by the service, which knows the alarm. */
export const GlucoseAlarmSnoozeRequest = z.strictObject({
  minutes: z
    .number({ error: 'Minutes must be a number' })
    .int('Minutes must be a whole number')
    .min(SNOOZE_MIN_MINUTES, `A snooze lasts at least ${SNOOZE_MIN_MINUTES} minutes`)
    .max(SNOOZE_MAX_MINUTES, `A snooze lasts at most ${SNOOZE_MAX_MINUTES / 60} hours`),
});
export type GlucoseAlarmSnoozeRequest = z.infer<typeof GlucoseAlarmSnoozeRequest>;
