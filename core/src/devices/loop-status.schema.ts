import { z } from 'zod';

/**
 * What a closed loop (Loop, AndroidAPS, OpenAPS, Trio) last told Healthfolio through its Nightscout
 * uploads, for the diabetes home: each part is null when no recent device status carries it.
 */
export const LoopStatusResponse = z.object({
  /** The newest device status, within the last hour. */
  reportedAt: z.iso.datetime().nullable(),
  loop: z
    .object({
      /** Loop, OpenAPS (AndroidAPS and Trio report as OpenAPS). */
      system: z.string(),
      state: z.enum(['looping', 'enacted', 'error']),
      lastRunAt: z.iso.datetime().nullable(),
    })
    .nullable(),
  iob: z.object({ units: z.number(), at: z.iso.datetime() }).nullable(),
  cob: z.object({ grams: z.number(), at: z.iso.datetime() }).nullable(),
  pump: z
    .object({
      reservoirUnits: z.number().nullable(),
      batteryPercent: z.number().nullable(),
      batteryVolts: z.number().nullable(),
    })
    .nullable(),
  uploaderBatteryPercent: z.number().nullable(),
  tempBasal: z
    .object({
      /** U/h running now: the absolute rate, or the percent applied to the scheduled rate. */
      ratePerHour: z.number().nullable(),
      percent: z.number().nullable(),
      scheduledPerHour: z.number().nullable(),
      startedAt: z.iso.datetime(),
      endsAt: z.iso.datetime(),
    })
    .nullable(),
  /** The profile in force after a profile switch (AndroidAPS, Trio, a careportal); null without one. */
  profile: z
    .object({
      name: z.string(),
      percentage: z.number(),
      timeshiftHours: z.number(),
      /** A temporary switch's end; null for one that holds until the next. */
      endsAt: z.iso.datetime().nullable(),
    })
    .nullable(),
});
export type LoopStatusResponse = z.infer<typeof LoopStatusResponse>;

/** The temporary basals a loop ran in a window (the glucose chart's basal band). */
export const TempBasalsQuery = z
  .strictObject({
    from: z.iso.datetime({ offset: true }),
    to: z.iso.datetime({ offset: true }),
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { message: 'from must be before to', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 31 * 86_400_000, {
    message: 'Ask for at most 31 days',
    path: ['from'],
  });
export type TempBasalsQuery = z.infer<typeof TempBasalsQuery>;

export const TempBasalsResponse = z.object({
  items: z.array(
    z.object({
      startedAt: z.iso.datetime(),
      /** Its duration, or the start of the next temp basal, which replaced it. */
      endsAt: z.iso.datetime(),
      /** U/h: the absolute rate, or the percent applied to the scheduled rate; null when neither is known. */
      ratePerHour: z.number().nullable(),
      percent: z.number().nullable(),
    }),
  ),
});
export type TempBasalsResponse = z.infer<typeof TempBasalsResponse>;
