import { z } from 'zod';

/**
 * A person's own glucose lines in mg/dL: the urgent low and urgent high their alarms use and the
 * target range (low and high). The level words stay the consensus ones (levels.ts): these are the
 * person's range and alarm lines, reported to Nightscout followers as `thresholds`.
 */
export const GLUCOSE_TARGET_DEFAULTS = {
  urgentLow: 54,
  targetLow: 70,
  targetHigh: 180,
  urgentHigh: 250,
} as const;

const mgdl = (label: string) =>
  z
    .number({ error: `Enter the ${label}` })
    .int(`The ${label} is a whole number of mg/dL`)
    .min(40, `The ${label} is at least 40 mg/dL`)
    .max(400, `The ${label} is at most 400 mg/dL`);

export const GlucoseTargets = z
  .strictObject({
    urgentLow: mgdl('urgent low'),
    targetLow: mgdl('low end of your range'),
    targetHigh: mgdl('high end of your range'),
    urgentHigh: mgdl('urgent high'),
  })
  .superRefine((t, ctx) => {
    if (t.targetLow <= t.urgentLow)
      ctx.addIssue({
        code: 'custom',
        path: ['targetLow'],
        message: 'The low end of your range must be above the urgent low',
      });
    if (t.targetHigh <= t.targetLow)
      ctx.addIssue({
        code: 'custom',
        path: ['targetHigh'],
        message: 'The high end of your range must be above its low end',
      });
    if (t.urgentHigh <= t.targetHigh)
      ctx.addIssue({
        code: 'custom',
        path: ['urgentHigh'],
        message: 'The urgent high must be above the high end of your range',
      });
  });
export type GlucoseTargets = z.infer<typeof GlucoseTargets>;

export const GlucoseTargetsResponse = z.object({
  urgentLow: z.number(),
  targetLow: z.number(),
  targetHigh: z.number(),
  urgentHigh: z.number(),
  /** False while the person has not set their own (the defaults are answered). */
  custom: z.boolean(),
});
export type GlucoseTargetsResponse = z.infer<typeof GlucoseTargetsResponse>;

/** Nightscout's `settings.thresholds` from a person's lines (bgLow is its urgent low, bgHigh its urgent high). */
export const nightscoutThresholds = (t: Omit<GlucoseTargets, never>) => ({
  bgHigh: t.urgentHigh,
  bgTargetTop: t.targetHigh,
  bgTargetBottom: t.targetLow,
  bgLow: t.urgentLow,
});
