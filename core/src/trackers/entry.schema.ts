import { z } from 'zod';
import { AiEstimate } from '../ai/meal-analysis.schema';
import {
  DIA_MAX_HOURS,
  DIA_MIN_HOURS,
  INSULIN_CURVES,
  MAX_SINGLE_DOSE_LIMIT_UNITS,
} from '../glucose/insulin-on-board';
import { GLUCOSE_LOG_MAX_MGDL, GLUCOSE_LOG_MIN_MGDL } from '../glucose/log-range';
import { text as freeText } from '../http/text';
import { DATE_PRECISIONS } from '../units/date-precision';
import { FUTURE_DATE_MESSAGE, isDateNotInFuture, isNotInFuture } from '../units/not-in-future';
import { datedAsGiven, isDatedBegun } from '../units/partial-date-future';
import { WEIGHT_UNITS } from '../units/weight-units';
import {
  DIASTOLIC_MAX_MMHG,
  DIASTOLIC_MIN_MMHG,
  SYSTOLIC_MAX_MMHG,
  SYSTOLIC_MIN_MMHG,
} from './blood-pressure-category';
import {
  ACTIVITIES,
  ACTIVITY_LIMITATIONS,
  DIETARY_CONTEXTS,
  GLUCOSE_TIMINGS,
  INSULIN_MEAL_TYPES,
  MEAL_TYPES,
  MOOD_TRIGGERS,
  PAIN_DURATIONS,
  PAIN_LOCATIONS,
  PAIN_TRIGGERS,
  PAIN_TYPES,
  RELIEF_METHODS,
  SOCIAL_CONTEXTS,
  WEIGHT_CONTEXTS,
} from './enums';
import { MOOD_SCALE_MAX, PAIN_SCALE_MAX } from './scales';
import { TRACKER_TITLES, type TrackerKey as TrackerKeyType } from './tracker-titles';

export { MOOD_SCALE_MAX, PAIN_SCALE_MAX, TRACKER_TITLES };
export type TrackerKey = TrackerKeyType;
export const TRACKER_KEYS = Object.keys(TRACKER_TITLES) as TrackerKey[];
export const TrackerKey = z.enum(TRACKER_KEYS as [TrackerKey, ...TrackerKey[]]);

export { GLUCOSE_LOG_MAX_MGDL, GLUCOSE_LOG_MIN_MGDL };

const wholeNumber = (min: number, max: number, what: string) =>
  z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(min, `${what} must be at least ${min}`)
    .max(max, `${what} must be at most ${max}`);
const scale = (min: number, max: number, what: string) => wholeNumber(min, max, what);
const text = (max: number) => freeText().trim().min(1).max(max);

export const BloodGlucoseData = z.strictObject({
  /** Always mg/dL on the wire; the web converts what the user typed in mmol/L. */
  glucose: z
    .number({ error: 'Glucose must be a number' })
    .min(GLUCOSE_LOG_MIN_MGDL, `Glucose must be at least ${GLUCOSE_LOG_MIN_MGDL} mg/dL`)
    .max(GLUCOSE_LOG_MAX_MGDL, `Glucose must be at most ${GLUCOSE_LOG_MAX_MGDL} mg/dL`),
  timing: z.enum(GLUCOSE_TIMINGS).optional(),
  carbsConsumed: wholeNumber(0, 1000, 'Carbs').optional(),
});

// Outside a monitor's range the reading is a typo or a cuff error: say the range and to check it.
const pressure = (min: number, max: number, what: string) => {
  const outside = `${what} must be between ${min} and ${max} mmHg: check the reading`;
  return z
    .number({ error: `${what} must be a number` })
    .int(`${what} must be a whole number`)
    .min(min, outside)
    .max(max, outside);
};

/** A reading is a pair: a systolic value alone ("135/-") is not a blood pressure. */
export const BloodPressureData = z
  .strictObject({
    systolic: pressure(SYSTOLIC_MIN_MMHG, SYSTOLIC_MAX_MMHG, 'Systolic'),
    diastolic: pressure(DIASTOLIC_MIN_MMHG, DIASTOLIC_MAX_MMHG, 'Diastolic'),
  })
  .refine((d) => d.systolic > d.diastolic, {
    message: 'Systolic must be higher than diastolic',
    path: ['systolic'],
  });

export const WeightData = z.strictObject({
  weight: z
    .number({ error: 'Weight must be a number' })
    .gt(0, 'Weight must be more than 0')
    .max(1000, 'Weight must be at most 1000'),
  weightUnit: z.enum(WEIGHT_UNITS),
  weightContext: z.enum(WEIGHT_CONTEXTS).optional(),
});

export const MealFood = z.strictObject({
  name: text(200),
  portion: z.number().gt(0).max(5000),
  carbs: z.number().min(0).max(5000),
});

export const MealData = z.strictObject({
  mealType: z.enum(MEAL_TYPES).optional(),
  calories: wholeNumber(0, 10000, 'Calories').optional(),
  carbs: z.number().min(0, 'Carbs must be at least 0').max(5000).optional(),
  /** What was eaten, in the user's words. */
  value: text(2000).optional(),
  foodPhoto: text(255).optional(),
  foods: z.array(MealFood).max(100).optional(),
  /** A meal photo analysis this meal's figures came from; the server turns it into `aiEstimate`. */
  aiAnalysisId: z.string().uuid().optional(),
  /** Written by the server only (what a client sends here is replaced): which figures are the AI's. */
  aiEstimate: AiEstimate.optional(),
  /** Written by the server only: the cited analysis whose stored photo belongs to this meal. */
  mealPhotoId: z.string().uuid().optional(),
});

export const MoodEnergyData = z.strictObject({
  mood: scale(1, MOOD_SCALE_MAX, 'Mood').optional(),
  energy: scale(1, MOOD_SCALE_MAX, 'Energy').optional(),
  stress: scale(1, MOOD_SCALE_MAX, 'Stress').optional(),
  sleepQuality: scale(1, MOOD_SCALE_MAX, 'Sleep quality').optional(),
  activity: z.enum(ACTIVITIES).optional(),
  dietaryContext: z.enum(DIETARY_CONTEXTS).optional(),
  socialContext: z.enum(SOCIAL_CONTEXTS).optional(),
  moodTriggers: z.array(z.enum(MOOD_TRIGGERS)).max(MOOD_TRIGGERS.length).optional(),
});

export const PainData = z.strictObject({
  painIntensity: scale(1, PAIN_SCALE_MAX, 'Pain intensity'),
  painLocation: z.enum(PAIN_LOCATIONS).optional(),
  painType: z.enum(PAIN_TYPES).optional(),
  painDuration: z.enum(PAIN_DURATIONS).optional(),
  painTriggers: z.array(z.enum(PAIN_TRIGGERS)).max(PAIN_TRIGGERS.length).optional(),
  reliefMethods: z.array(z.enum(RELIEF_METHODS)).max(RELIEF_METHODS.length).optional(),
  activityLimitation: z.enum(ACTIVITY_LIMITATIONS).optional(),
  value: text(2000).optional(),
});

export const JournalData = z.strictObject({ value: text(20000) });
export const MedicationData = z.strictObject({ value: text(500) });

export const InsulinData = z.strictObject({
  glucose_reading: z.number().min(20).max(600).optional(),
  carbs: z.number().min(0).max(1000).optional(),
  meal_type: z.enum(INSULIN_MEAL_TYPES).optional(),
  meal_insulin: z.number().min(0).max(200),
  correction_insulin: z.number().min(0).max(200),
  total_insulin: z.number().gt(0, 'Total dose must be above 0').max(200),
  /** The user confirmed the High Dose Alert (required above 10 units). */
  high_dose_confirmed: z.literal(true).optional(),
});

/**
 * Every setting a dose is worked out and checked from is required: the calculator suggests nothing
 * and the server accepts no dose until the user saved them all (DESIGN §10).
 */
export const InsulinSettingsData = z.strictObject({
  carb_ratio: z.number().gt(0, 'Carb ratio must be above 0').max(200),
  correction_factor: z.number().gt(0, 'Correction factor must be above 0').max(1000),
  target_glucose: z.number().min(70).max(200),
  /** Insulin on board: the activity curve and the duration of insulin action. */
  insulin_curve: z.enum(INSULIN_CURVES),
  dia_hours: z
    .number()
    .min(DIA_MIN_HOURS, `Duration of insulin action must be at least ${DIA_MIN_HOURS} hours`)
    .max(DIA_MAX_HOURS, `Duration of insulin action must be at most ${DIA_MAX_HOURS} hours`),
  /** Doses above this are refused. */
  max_single_dose: z
    .number()
    .gt(0, 'Maximum single dose must be above 0')
    .max(
      MAX_SINGLE_DOSE_LIMIT_UNITS,
      `Maximum single dose must be at most ${MAX_SINGLE_DOSE_LIMIT_UNITS} units`,
    ),
  /**
   * Set by a record import: settings brought back from a file are not in force (no dose is suggested
   * or accepted from them) until the person checks them and saves them again (DESIGN §10).
   */
  needs_review: z.literal(true).optional(),
});

export const A1cData = z.strictObject({
  value: z.number().min(3).max(20),
  test_date: z.iso
    .date({ error: 'Test date is required' })
    .refine((d) => isDateNotInFuture(d), FUTURE_DATE_MESSAGE),
  lab_name: text(200).optional(),
});

export const TRACKER_DATA = {
  'blood-glucose': BloodGlucoseData,
  'blood-pressure': BloodPressureData,
  weight: WeightData,
  meal: MealData,
  'mood-energy': MoodEnergyData,
  pain: PainData,
  journal: JournalData,
  medication: MedicationData,
  insulin: InsulinData,
  'insulin-settings': InsulinSettingsData,
  a1c: A1cData,
} as const satisfies Record<TrackerKey, z.ZodType>;

export type TrackerData<K extends TrackerKey> = z.infer<(typeof TRACKER_DATA)[K]>;

const Notes = freeText().trim().max(5000).optional();
export const DATE_AND_TIME_REQUIRED = 'Date and time are required';
const Timed = z.iso.datetime({ offset: true, error: DATE_AND_TIME_REQUIRED });
/**
 * When it happened: a date and time with its offset, or a date alone (`2026-03-15`), which is stored
 * at the middle of its day, dated by the day (units/partial-date-future.ts `datedAsGiven`). A date
 * alone is checked here only to have begun somewhere on Earth; the server checks the person's zone.
 */
const OccurredAt = z
  .union([Timed, z.iso.date()], { error: DATE_AND_TIME_REQUIRED })
  .refine((at) => isDatedBegun(datedAsGiven(at)), FUTURE_DATE_MESSAGE);
/** A glucose reading is kept with its time (its table has no date of a day alone). */
const OccurredAtTimed = Timed.refine((at) => isNotInFuture(at), FUTURE_DATE_MESSAGE);

/**
 * An id the browser made for an entry it queued offline: sending it again (a retry after the
 * connection dropped) answers the entry the first send created instead of a second one.
 */
const ClientId = z.string().uuid().optional();

const createVariant = <K extends TrackerKey>(key: K) =>
  z.strictObject({
    tracker: z.literal(key),
    occurredAt: key === 'blood-glucose' ? OccurredAtTimed : OccurredAt,
    notes: Notes,
    data: TRACKER_DATA[key],
    clientId: ClientId,
  });

export const EntryCreateRequest = z.discriminatedUnion(
  'tracker',
  TRACKER_KEYS.map(createVariant) as unknown as [
    ReturnType<typeof createVariant>,
    ...ReturnType<typeof createVariant>[],
  ],
);
export type EntryCreateRequest = {
  [K in TrackerKey]: {
    tracker: K;
    occurredAt: string;
    notes?: string;
    data: TrackerData<K>;
    clientId?: string;
  };
}[TrackerKey];

/**
 * An edit may change the time, the notes and the data (validated against the entry's tracker). A date
 * alone dates the entry by that day; a date and time makes it a timed entry.
 */
export const EntryUpdateRequest = z.strictObject({
  occurredAt: OccurredAt.optional(),
  notes: freeText().trim().max(5000).nullable().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type EntryUpdateRequest = z.infer<typeof EntryUpdateRequest>;

export const EntryResponse = z.object({
  id: z.string().uuid(),
  tracker: TrackerKey,
  title: z.string(),
  occurredAt: z.string(),
  /**
   * An imported entry whose record dated it only by day (or month, year): shown so, without a time
   * (units/date-precision.ts). Null for an entry at a time of day.
   */
  occurredPrecision: z.enum(DATE_PRECISIONS).nullish(),
  notes: z.string().nullable(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EntryResponse = z.infer<typeof EntryResponse>;

export const ENTRY_PAGE_MAX = 200;

export const EntryListQuery = z
  .strictObject({
    tracker: TrackerKey.optional(),
    from: z.iso.datetime({ offset: true }).optional(),
    // The last `days` days up to now, reckoned by the server: an address that does not change with
    // the clock, so the dashboard's HTML can ask for it before any script runs.
    days: z.coerce.number().int().min(1).max(366).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    order: z.enum(['asc', 'desc']).default('desc'),
    limit: z.coerce.number().int().min(1).max(ENTRY_PAGE_MAX).default(50),
    cursor: z.string().max(200).optional(),
  })
  .refine((q) => !(q.from && q.days), { message: 'Give either from or days, not both.', path: ['days'] });
export type EntryListQuery = z.infer<typeof EntryListQuery>;

export const EntryListResponse = z.object({
  items: z.array(EntryResponse),
  nextCursor: z.string().nullable(),
});
export type EntryListResponse = z.infer<typeof EntryListResponse>;

export const AchievementResponse = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  icon: z.string(),
  threshold: z.number(),
  unlocked: z.boolean(),
  progress: z.number(),
  maxProgress: z.number(),
  unlockedAt: z.string().nullable(),
});

export const StreakSummaryResponse = z.object({
  currentStreak: z.number(),
  longestStreak: z.number(),
  totalEntries: z.number(),
  entriesThisWeek: z.number(),
  /** Entries of the last 30 local days (the Monthly Pace card). */
  entriesThisMonth: z.number(),
  loggedDays: z.number(),
  lastLoggedDate: z.string().nullable(),
  streakGoal: z.number(),
  /** Distinct trackers the user has logged. */
  categories: z.number(),
  achievements: z.array(AchievementResponse),
});
export type StreakSummaryResponse = z.infer<typeof StreakSummaryResponse>;

export const TrackerStatsResponse = z.object({
  tracker: TrackerKey,
  total: z.number(),
  thisWeek: z.number(),
  thisMonth: z.number(),
  lastMonth: z.number(),
  latest: EntryResponse.nullable(),
  /** Blood glucose only: mean of the last 7 days in mg/dL, null without readings. */
  average7d: z.number().nullable(),
  /** Blood glucose only: how many readings (every source) that mean is of. */
  average7dReadings: z.number(),
});
export type TrackerStatsResponse = z.infer<typeof TrackerStatsResponse>;
