import type { EntryCreateRequest, EntryResponse, GlucoseUnit, TrackerKey } from '@healthfolio/core';
import { OWN_RECORD, type Whose } from '@healthfolio/core/text/whose';
import { formatGlucose, parseGlucoseInput } from '@healthfolio/core/units/glucose-units';
import type { WeightUnit } from '@healthfolio/core/units/weight-units';
import { dateOnlyDay, isDateOnly, occurredAtOf } from './date-only-when';
import { isoToLocalInput, nowLocalInput } from './local-datetime';
import type { LogTracker } from './tracker-meta';

/** Everything the dialog can show, as the inputs hold it (text, slider numbers, checkbox lists). */
export type LogValues = {
  /** The date and time (`YYYY-MM-DDTHH:MM`), or the date alone of an entry dated only so (date-only-when.ts). */
  occurredAt: string;
  /** The time entered for an entry dated only by its day; empty keeps it so. */
  occurredTime: string;
  notes: string;
  glucose: string;
  timing: string;
  carbsConsumed: string;
  systolic: string;
  diastolic: string;
  weight: string;
  weightUnit: WeightUnit;
  weightContext: string;
  mealType: string;
  calories: string;
  carbs: string;
  value: string;
  foodPhoto: string;
  /** The meal photo analysis the figures came from (the server records them as an AI estimate). */
  aiAnalysisId: string;
  /** The photo picked in this dialog; stored on Save unless `aiAnalysisId` already names its copy. */
  photoFile: File | null;
  /** True while the photo is being analysed: Save waits (meal-photo.tsx). */
  photoBusy: boolean;
  mood: number;
  energy: number;
  stress: number;
  sleepQuality: number;
  activity: string;
  dietaryContext: string;
  socialContext: string;
  moodTriggers: string[];
  painIntensity: number;
  painLocation: string;
  painType: string;
  painDuration: string;
  activityLimitation: string;
  painTriggers: string[];
  reliefMethods: string[];
};

const BLANK: Omit<LogValues, 'occurredAt'> = {
  occurredTime: '',
  notes: '',
  glucose: '',
  timing: '',
  carbsConsumed: '',
  systolic: '',
  diastolic: '',
  weight: '',
  weightUnit: 'lbs',
  weightContext: '',
  mealType: '',
  calories: '',
  carbs: '',
  value: '',
  foodPhoto: '',
  aiAnalysisId: '',
  photoFile: null,
  photoBusy: false,
  mood: 3,
  energy: 3,
  stress: 3,
  sleepQuality: 3,
  activity: '',
  dietaryContext: '',
  socialContext: '',
  moodTriggers: [],
  painIntensity: 1,
  painLocation: '',
  painType: '',
  painDuration: '',
  activityLimitation: '',
  painTriggers: [],
  reliefMethods: [],
};

/**
 * Fresh defaults (time now, sliders at 3, pain 1, the person's weight unit), or an entry's own values
 * when editing.
 */
export function initialValues(
  timeZone: string,
  unit: GlucoseUnit,
  entry?: EntryResponse,
  weightUnit: WeightUnit = 'lbs',
): LogValues {
  const values: LogValues = { ...BLANK, weightUnit, occurredAt: nowLocalInput(timeZone) };
  if (!entry) return values;
  values.occurredAt = isDateOnly(entry) ? dateOnlyDay(entry) : isoToLocalInput(entry.occurredAt, timeZone);
  values.notes = entry.notes ?? '';
  const target = values as unknown as Record<string, unknown>;
  for (const [key, raw] of Object.entries(entry.data)) {
    if (!(key in BLANK)) continue;
    const blank = (BLANK as Record<string, unknown>)[key];
    if (key === 'glucose' && typeof raw === 'number') target[key] = formatGlucose(raw, unit);
    else if (typeof blank === 'string' && (typeof raw === 'string' || typeof raw === 'number'))
      target[key] = String(raw);
    else if (typeof blank === typeof raw || (Array.isArray(blank) && Array.isArray(raw))) target[key] = raw;
  }
  // An edited meal keeps citing its analysis, so the server re-judges which figures are still the AI's.
  const estimate = entry.data.aiEstimate as { analysisId?: unknown } | undefined;
  if (typeof estimate?.analysisId === 'string') values.aiAnalysisId = estimate.analysisId;
  // ...and its stored photo (a photo kept without analysis cites the same record).
  else if (typeof entry.data.mealPhotoId === 'string') values.aiAnalysisId = entry.data.mealPhotoId;
  return values;
}

const text = (v: string) => (v.trim() ? v.trim() : undefined);
const whole = (v: string) => (/^\d+$/.test(v.trim()) ? Number(v.trim()) : undefined);
const decimal = (v: string) => (v.trim() ? Number(v.trim().replace(',', '.')) : undefined);
const list = (v: string[]) => (v.length ? v : undefined);

const DATA: Record<LogTracker, (v: LogValues, unit: GlucoseUnit) => Record<string, unknown>> = {
  'blood-glucose': (v, unit) => ({
    // Typed in the user's unit, always sent in mg/dL; unparseable text goes as NaN for the schema to refuse.
    glucose: v.glucose.trim() ? (parseGlucoseInput(v.glucose, unit) ?? Number.NaN) : undefined,
    timing: text(v.timing),
    carbsConsumed: whole(v.carbsConsumed),
  }),
  'blood-pressure': (v) => ({ systolic: whole(v.systolic), diastolic: whole(v.diastolic) }),
  weight: (v) => ({
    // Parsed as typed, not clamped: 1200 must reach the schema to be refused as "at most 1000".
    weight: decimal(v.weight),
    weightUnit: v.weightUnit,
    weightContext: text(v.weightContext),
  }),
  meal: (v) => ({
    mealType: text(v.mealType),
    calories: whole(v.calories),
    carbs: decimal(v.carbs),
    value: text(v.value),
    foodPhoto: text(v.foodPhoto),
    aiAnalysisId: text(v.aiAnalysisId),
  }),
  'mood-energy': (v) => ({
    mood: v.mood,
    energy: v.energy,
    stress: v.stress,
    sleepQuality: v.sleepQuality,
    activity: text(v.activity),
    dietaryContext: text(v.dietaryContext),
    socialContext: text(v.socialContext),
    moodTriggers: list(v.moodTriggers),
  }),
  pain: (v) => ({
    painIntensity: v.painIntensity,
    painLocation: text(v.painLocation),
    painType: text(v.painType),
    painDuration: text(v.painDuration),
    painTriggers: list(v.painTriggers),
    reliefMethods: list(v.reliefMethods),
    activityLimitation: text(v.activityLimitation),
    value: text(v.value),
  }),
  journal: (v) => ({ value: text(v.value) }),
  medication: (v) => ({ value: text(v.value) }),
};

/** The request body: empty optional values omitted, numbers as numbers (spec §5). */
export function toPayload(
  tracker: LogTracker,
  v: LogValues,
  unit: GlucoseUnit,
  timeZone: string,
  entry?: EntryResponse,
) {
  const data = Object.fromEntries(Object.entries(DATA[tracker](v, unit)).filter(([, x]) => x !== undefined));
  const notes = text(v.notes);
  return {
    tracker,
    occurredAt: occurredAtOf(v, timeZone, entry),
    ...(notes ? { notes } : {}),
    data,
  } as EntryCreateRequest;
}

/** A schema or server error path ("data.glucose", "/data/glucose", "occurredAt") → the form field. */
export function fieldForPath(
  path: string | readonly PropertyKey[],
  tracker: TrackerKey,
): keyof LogValues | 'root' {
  const parts = (typeof path === 'string' ? path.split(/[./]/) : path.map(String)).filter(Boolean);
  const [first, second] = parts[0] === 'body' ? parts.slice(1) : parts;
  if (first === 'occurredAt' || first === 'notes') return first;
  if (first === 'data' && second && second in BLANK) return second as keyof LogValues;
  if (first === 'data' && tracker === 'blood-pressure') return 'systolic';
  return 'root';
}

// zod's own words for a missing value are not for people; they name whose entry it is (households).
const MISSING: Partial<Record<keyof LogValues, (w: Whose) => string>> = {
  glucose: () => 'Enter a glucose value',
  weight: (w) => `Enter ${w.your} weight`,
  systolic: () => 'Enter the systolic value',
  diastolic: () => 'Enter the diastolic value',
};
// The one text field of a journal or medication entry, named.
const MISSING_VALUE: Partial<Record<LogTracker, (w: Whose) => string>> = {
  journal: (w) => `Write ${w.your} journal entry`,
  medication: (w) => `Enter the medication ${w.you} took`,
};

/**
 * What to say for a field left empty, naming it ("Enter your weight", "Enter Mia’s weight" while a
 * guardian acts for Mia); undefined keeps the schema's own words.
 */
export const missingText = (field: string, tracker: LogTracker, w: Whose = OWN_RECORD) =>
  (field === 'value' ? MISSING_VALUE[tracker] : MISSING[field as keyof LogValues])?.(w);
