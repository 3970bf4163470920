import { createLocalClock, localHour, toEpochMs } from '../units/local-time';
import { SPIKE_ABOVE_MGDL, spikeRecovery } from './spike-recovery';
import type { GlucoseReading } from './time-of-day';

export const MEAL_IMPACT_WINDOW_MS = 2 * 3_600_000;
/** A reading this close before a meal is its baseline. */
export const MEAL_BASELINE_WINDOW_MS = 30 * 60_000;

export const DAY_PERIODS = [
  { id: 'morning', label: 'Morning', startHour: 6, endHour: 12 },
  { id: 'afternoon', label: 'Afternoon', startHour: 12, endHour: 18 },
  { id: 'evening', label: 'Evening', startHour: 18, endHour: 24 },
  { id: 'night', label: 'Night', startHour: 0, endHour: 6 },
] as const;
export type DayPeriodId = (typeof DAY_PERIODS)[number]['id'];

export interface PeriodSummary {
  id: DayPeriodId;
  label: string;
  startHour: number;
  endHour: number;
  count: number;
  mean: number | null;
  percentInRange: number | null;
  spikes: number;
}

export interface MealForImpact {
  at: Date | string | number;
  mealType: string;
}

export interface MealImpact {
  mealType: string;
  meals: number;
  /** Mean of (highest reading in the 2 h after the meal − the baseline reading), mg/dL. */
  averageRise: number | null;
}

export interface DetailedAnalytics {
  readings: number;
  /** Readings above 180 mg/dL. */
  spikeReadings: number;
  /** Separate excursions above 180 (a run of consecutive readings above it counts once). */
  spikeEpisodes: number;
  periods: PeriodSummary[];
  /** Episodes that came back to 150 or below, and the mean minutes from the episode's start (spike-recovery.ts). */
  recovery: { events: number; averageMinutes: number | null };
  mealImpact: MealImpact[];
}

const periodOf = (hour: number) => DAY_PERIODS.findIndex((p) => hour >= p.startHour && hour < p.endHour);

/**
 * The detailed-analytics screen's figures (tracking spec §9): spikes above 180, day periods in the
 * user's local time, recovery of each spike episode, and glucose rise after logged meals.
 */
export function detailedAnalytics(
  input: readonly GlucoseReading[],
  meals: readonly MealForImpact[],
  timeZone: string,
): DetailedAnalytics {
  const readings = input.map((r) => ({ at: toEpochMs(r.at), mgdl: r.mgdl })).sort((a, b) => a.at - b.at);
  const clock = createLocalClock(timeZone);
  const acc = DAY_PERIODS.map(() => ({ count: 0, sum: 0, inRange: 0, spikes: 0 }));
  let spikeReadings = 0;
  for (const r of readings) {
    const bucket = acc[periodOf(localHour(clock(r.at)))]!;
    bucket.count += 1;
    bucket.sum += r.mgdl;
    if (r.mgdl >= 70 && r.mgdl <= 180) bucket.inRange += 1;
    if (r.mgdl > SPIKE_ABOVE_MGDL) {
      spikeReadings += 1;
      bucket.spikes += 1;
    }
  }
  const { episodes: spikeEpisodes, ...recovery } = spikeRecovery(readings);
  return {
    readings: readings.length,
    spikeReadings,
    spikeEpisodes,
    periods: DAY_PERIODS.map((p, i) => {
      const a = acc[i]!;
      return {
        ...p,
        count: a.count,
        mean: a.count ? a.sum / a.count : null,
        percentInRange: a.count ? (100 * a.inRange) / a.count : null,
        spikes: a.spikes,
      };
    }),
    recovery,
    mealImpact: mealImpact(readings, meals),
  };
}

const firstIndexAtOrAfter = (readings: readonly { at: number }[], at: number) => {
  let lo = 0;
  let hi = readings.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (readings[mid]!.at < at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
};

function mealImpact(
  readings: readonly { at: number; mgdl: number }[],
  meals: readonly MealForImpact[],
): MealImpact[] {
  const byType = new Map<string, { meals: number; rises: number[] }>();
  for (const meal of meals) {
    const at = toEpochMs(meal.at);
    const entry = byType.get(meal.mealType) ?? { meals: 0, rises: [] };
    entry.meals += 1;
    byType.set(meal.mealType, entry);
    const start = firstIndexAtOrAfter(readings, at);
    const before = readings[start - 1];
    const baseline = before && at - before.at <= MEAL_BASELINE_WINDOW_MS ? before : readings[start];
    if (!baseline || baseline.at - at > MEAL_BASELINE_WINDOW_MS) continue;
    let peak = Number.NEGATIVE_INFINITY;
    for (let i = start; i < readings.length && readings[i]!.at <= at + MEAL_IMPACT_WINDOW_MS; i++) {
      peak = Math.max(peak, readings[i]!.mgdl);
    }
    if (Number.isFinite(peak)) entry.rises.push(peak - baseline.mgdl);
  }
  return [...byType].map(([mealType, v]) => ({
    mealType,
    meals: v.meals,
    averageRise: v.rises.length ? v.rises.reduce((s, x) => s + x, 0) / v.rises.length : null,
  }));
}
