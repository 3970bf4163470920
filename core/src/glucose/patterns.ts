import type { GlucoseUnit } from '../profiles/profile.schema';
import type { Whose } from '../text/whose';
import { PATTERN_LOW_MGDL, PATTERN_SPIKE_MGDL, patternDescription } from './pattern-words';
import { type GlucoseReading, type HourlyAverage, hourlyAverages, localizeReadings } from './time-of-day';

/** Patterns are looked for in the last 30 days of readings (the caller selects the window). */
export const PATTERN_WINDOW_DAYS = 30;

export interface PatternReading extends GlucoseReading {
  /** Only 'post_meal' matters here; other contexts and null are ignored. */
  mealContext?: string | null;
}

export type PatternId = 'dawn_phenomenon' | 'post_meal_spikes' | 'night_lows';
export type ConfidenceLabel = 'High' | 'Medium' | 'Low';

export interface DetectedPattern {
  id: PatternId;
  title: string;
  description: string;
  /** 0–100; the label is judged on this unrounded value. */
  confidence: number;
  /** Floored, so the number shown never reaches a label boundary the label did not. */
  displayConfidence: number;
  confidenceLabel: ConfidenceLabel;
  /** Numbers behind the finding, mg/dL and counts, for the UI to format in the user's unit. */
  evidence: Record<string, number>;
}

export interface PatternAnalysis {
  patterns: DetectedPattern[];
  /** Mean per local hour over the window, for the Time of Day tab. */
  hourly: HourlyAverage[];
}

export function confidenceLabel(confidence: number): ConfidenceLabel {
  if (confidence >= 70) return 'High';
  if (confidence >= 50) return 'Medium';
  return 'Low';
}

/**
 * Local-hour windows, half-open like every other period in the app (morning 6–12 ends before
 * 12:00): "06–08h" is 06:00–07:59, "22–02h" is 22:00–01:59, "0–6h" is 00:00–05:59.
 */
const isDawnMorning = (hour: number) => hour >= 6 && hour < 8;
const isLateNight = (hour: number) => hour >= 22 || hour < 2;
const isEarlyNight = (hour: number) => hour < 6;

const MIN_DAWN_READINGS = 5; // more than 5 in each window
const DAWN_RISE_MGDL = 30; // morning average more than 30 above night
const MIN_POST_MEAL_READINGS = 10; // more than 10
const SPIKE_MGDL = PATTERN_SPIKE_MGDL;
const SPIKE_SHARE_PERCENT = 30; // more than 30% above 200
const MIN_NIGHT_READINGS = 5; // more than 5
const LOW_MGDL = PATTERN_LOW_MGDL;
const LOW_SHARE_PERCENT = 15; // more than 15% below 70

function pattern(
  id: PatternId,
  title: string,
  description: string,
  rawConfidence: number,
  evidence: Record<string, number>,
): DetectedPattern {
  // Twice a percentage can pass 100; a confidence cannot.
  const confidence = Math.min(100, rawConfidence);
  return {
    id,
    title,
    description,
    confidence,
    displayConfidence: Math.floor(confidence),
    confidenceLabel: confidenceLabel(confidence),
    evidence,
  };
}

export interface PatternOptions {
  /** IANA zone of the user: morning and night are the user's local hours. */
  timeZone: string;
  /** Unit of the thresholds quoted in descriptions. */
  unit?: GlucoseUnit;
  /** Whose readings the descriptions speak of ("Mia’s glucose …"); the account's own unless told. */
  whose?: Whose;
}

export function analyzePatterns(
  readings: readonly PatternReading[],
  options: PatternOptions,
): PatternAnalysis {
  const unit = options.unit ?? 'mg/dL';
  const w = options.whose;
  const local = localizeReadings(readings, options.timeZone);
  let morningSum = 0;
  let morningCount = 0;
  let lateSum = 0;
  let lateCount = 0;
  let earlyCount = 0;
  let earlyLows = 0;
  let postMealCount = 0;
  let postMealSpikes = 0;
  for (let i = 0; i < readings.length; i++) {
    const hour = Math.floor((local.minuteOfDay[i] as number) / 60);
    const mgdl = local.mgdl[i] as number;
    if (isDawnMorning(hour)) {
      morningSum += mgdl;
      morningCount += 1;
    }
    if (isLateNight(hour)) {
      lateSum += mgdl;
      lateCount += 1;
    }
    if (isEarlyNight(hour)) {
      earlyCount += 1;
      if (mgdl < LOW_MGDL) earlyLows += 1;
    }
    if (readings[i]?.mealContext === 'post_meal') {
      postMealCount += 1;
      if (mgdl > SPIKE_MGDL) postMealSpikes += 1;
    }
  }

  const patterns: DetectedPattern[] = [];
  if (morningCount > MIN_DAWN_READINGS && lateCount > MIN_DAWN_READINGS) {
    const morningAverage = morningSum / morningCount;
    const nightAverage = lateSum / lateCount;
    const difference = morningAverage - nightAverage;
    if (difference > DAWN_RISE_MGDL) {
      patterns.push(
        pattern(
          'dawn_phenomenon',
          'Dawn Phenomenon',
          patternDescription('dawn_phenomenon', unit, w),
          Math.min(90, (difference / 50) * 100),
          {
            morningAverage,
            nightAverage,
            difference,
            morningReadings: morningCount,
            nightReadings: lateCount,
          },
        ),
      );
    }
  }
  // Shares are compared as counts (100·k > 30·n) so exact boundaries are not lost to rounding.
  if (postMealCount > MIN_POST_MEAL_READINGS && 100 * postMealSpikes > SPIKE_SHARE_PERCENT * postMealCount) {
    const percentAbove = (100 * postMealSpikes) / postMealCount;
    patterns.push(
      // No rule for this confidence was given: it is the share of after-meal readings that spiked.
      pattern(
        'post_meal_spikes',
        'Post-Meal Spikes',
        patternDescription('post_meal_spikes', unit, w),
        percentAbove,
        {
          percentAbove,
          postMealReadings: postMealCount,
          spikes: postMealSpikes,
        },
      ),
    );
  }
  if (earlyCount > MIN_NIGHT_READINGS && 100 * earlyLows > LOW_SHARE_PERCENT * earlyCount) {
    const percentBelow = (100 * earlyLows) / earlyCount;
    patterns.push(
      pattern('night_lows', 'Night-time Lows', patternDescription('night_lows', unit, w), 2 * percentBelow, {
        percentBelow,
        nightReadings: earlyCount,
        lows: earlyLows,
      }),
    );
  }
  return { patterns, hourly: hourlyAverages(local) };
}
