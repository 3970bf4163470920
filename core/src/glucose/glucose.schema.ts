import { z } from 'zod';
import { FUTURE_DATE_MESSAGE, isNotInFuture } from '../units/not-in-future';

/** No glucose response carries more raw rows than this; longer windows are aggregated. */
export const GLUCOSE_MAX_ROWS = 1000;
/** Readings per import batch request (the web sends a file in batches to show progress). */
export const GLUCOSE_BATCH_MAX = 5000;

export const GLUCOSE_BATCH_SOURCES = ['import:dexcom-clarity', 'import:libreview', 'import:csv'] as const;

export const GlucoseReadingResponse = z.object({
  id: z.string().uuid(),
  valueMgdl: z.number(),
  recordedAt: z.string(),
  source: z.string(),
  mealContext: z.string().nullable(),
});
export type GlucoseReadingResponse = z.infer<typeof GlucoseReadingResponse>;

export const GlucoseReadingsQuery = z.strictObject({
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  limit: z.coerce.number().int().min(1).max(GLUCOSE_MAX_ROWS).default(24),
});
export type GlucoseReadingsQuery = z.infer<typeof GlucoseReadingsQuery>;

export const GlucoseReadingsResponse = z.object({ items: z.array(GlucoseReadingResponse) });

export const GlucoseSeriesQuery = z.strictObject({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }).optional(),
  maxPoints: z.coerce.number().int().min(10).max(GLUCOSE_MAX_ROWS).default(500),
});
export type GlucoseSeriesQuery = z.infer<typeof GlucoseSeriesQuery>;

export const GlucoseSeriesPoint = z.object({
  at: z.string(),
  mean: z.number(),
  min: z.number(),
  max: z.number(),
  count: z.number(),
});
export const GlucoseSeriesResponse = z.object({
  /** 0 when every point is a single reading; otherwise the width of each averaged bucket. */
  bucketMinutes: z.number(),
  points: z.array(GlucoseSeriesPoint),
});
export type GlucoseSeriesResponse = z.infer<typeof GlucoseSeriesResponse>;

export const GlucoseBatchRequest = z.strictObject({
  source: z.enum(GLUCOSE_BATCH_SOURCES),
  readings: z
    .array(
      z.strictObject({
        at: z.iso.datetime({ offset: true }).refine((at) => isNotInFuture(at), FUTURE_DATE_MESSAGE),
        mgdl: z
          .number()
          .min(20, 'Glucose below 20 mg/dL is not a reading')
          .max(600, 'Glucose above 600 mg/dL is not a reading'),
      }),
    )
    .min(1)
    .max(GLUCOSE_BATCH_MAX, `At most ${GLUCOSE_BATCH_MAX} readings per request`),
});
export type GlucoseBatchRequest = z.infer<typeof GlucoseBatchRequest>;

export const GlucoseBatchResponse = z.object({
  received: z.number(),
  inserted: z.number(),
  /** Already stored (same time and source): re-importing a file adds nothing. */
  duplicates: z.number(),
});

export const GlucoseWindowQuery = z.strictObject({
  days: z.coerce.number().int().min(1).max(365).default(14),
});

const Band = z.object({
  very_low: z.number(),
  low: z.number(),
  in_range: z.number(),
  high: z.number(),
  very_high: z.number(),
});

export const GlucoseStatsResponse = z.object({
  from: z.string(),
  to: z.string(),
  days: z.number(),
  statistics: z
    .object({
      count: z.number(),
      mean: z.number(),
      median: z.number(),
      sd: z.number().nullable(),
      cv: z.number().nullable(),
      gmi: z.number(),
      eA1c: z.number(),
      percentBelow54: z.number(),
      percentBelow70: z.number(),
      percentInRange: z.number(),
      percentAbove180: z.number(),
      percentAbove250: z.number(),
      bandCounts: Band,
      bandPercentages: Band,
    })
    .nullable(),
  firstAt: z.string().nullable(),
  lastAt: z.string().nullable(),
  gmiSufficiency: z.object({
    sufficient: z.boolean(),
    coveredDays: z.number(),
    expectedReadings: z.number(),
    readings: z.number(),
    wearPercent: z.number(),
  }),
  /** Shown only with ≥14 days and ≥70% of expected CGM readings. */
  gmi: z.number().nullable(),
  agp: z.array(
    z.object({
      startMinute: z.number(),
      count: z.number(),
      p5: z.number().nullable(),
      p25: z.number().nullable(),
      p50: z.number().nullable(),
      p75: z.number().nullable(),
      p95: z.number().nullable(),
    }),
  ),
  hourly: z.array(z.object({ hour: z.number(), count: z.number(), mean: z.number().nullable() })),
});
export type GlucoseStatsResponse = z.infer<typeof GlucoseStatsResponse>;

export const GlucoseStatusResponse = z.object({
  /** A connected source (a device, a Nightscout site or uploader) sent a reading in the last 24 hours; a file import is not one. */
  cgmConnected: z.boolean(),
  lastCgmAt: z.string().nullable(),
  totalReadings: z.number(),
  /** Every reading (sensor, imported and logged) since midnight in the user's time zone. */
  readingsToday: z.number(),
});

export const PatternResponse = z.object({
  days: z.number(),
  readings: z.number(),
  patterns: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      description: z.string(),
      confidence: z.number(),
      displayConfidence: z.number(),
      confidenceLabel: z.enum(['High', 'Medium', 'Low']),
      evidence: z.record(z.string(), z.number()),
    }),
  ),
  hourly: z.array(z.object({ hour: z.number(), count: z.number(), mean: z.number().nullable() })),
});

export const AnalyticsResponse = z.object({
  days: z.number(),
  readings: z.number(),
  spikeReadings: z.number(),
  spikeEpisodes: z.number(),
  periods: z.array(
    z.object({
      id: z.string(),
      label: z.string(),
      startHour: z.number(),
      endHour: z.number(),
      count: z.number(),
      mean: z.number().nullable(),
      percentInRange: z.number().nullable(),
      spikes: z.number(),
    }),
  ),
  recovery: z.object({ events: z.number(), averageMinutes: z.number().nullable() }),
  mealImpact: z.array(
    z.object({ mealType: z.string(), meals: z.number(), averageRise: z.number().nullable() }),
  ),
});
