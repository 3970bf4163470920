import { roundTo } from '../units/round';

/**
 * Insulin on board with the exponential insulin activity curve published by OpenAPS oref0
 * (lib/iob/calculate.js, iobCalcExponential) and used by Loop's ExponentialInsulinModel:
 *   τ = tp·(1 − tp/td) / (1 − 2·tp/td), a = 2τ/td, S = 1 / (1 − a + (1 + a)·e^(−td/τ))
 *   IOB(t) = 1 − S·(1 − a)·((t² / (τ·td·(1 − a)) − t/τ − 1)·e^(−t/τ) + 1)
 * with t minutes since the dose, tp the peak and td the duration of insulin action (DIA), in minutes.
 */
export const INSULIN_CURVES = ['rapid-acting', 'ultra-rapid'] as const;
export type InsulinCurve = (typeof INSULIN_CURVES)[number];

/** oref0's peaks: rapid-acting (Humalog, Novolog) 75 minutes, ultra-rapid (Fiasp, Lyumjev) 55. */
export const INSULIN_PEAK_MINUTES: Record<InsulinCurve, number> = { 'rapid-acting': 75, 'ultra-rapid': 55 };

export const INSULIN_CURVE_LABELS: Record<InsulinCurve, string> = {
  'rapid-acting': 'Rapid-acting (peak 75 min)',
  'ultra-rapid': 'Ultra-rapid (peak 55 min)',
};

/** oref0 raises any DIA below 5 hours to 5 for the exponential curves; 8 hours is a generous ceiling. */
export const DIA_MIN_HOURS = 5;
export const DIA_MAX_HOURS = 8;

/** The highest maximum single dose a user may set (the entry schema's own ceiling is 200). */
export const MAX_SINGLE_DOSE_LIMIT_UNITS = 100;

export interface InsulinActionSettings {
  curve: InsulinCurve;
  /** Duration of insulin action, hours. */
  diaHours: number;
}

export const INSULIN_ACTION_DEFAULTS: InsulinActionSettings = { curve: 'rapid-acting', diaHours: 5 };

const MINUTE_MS = 60_000;

/**
 * The fraction of a dose still on board `minutesAgo` after it was given: 1 at the dose, 0 from the end
 * of the DIA on; 0 for a dose not given yet. Minutes are whole, as oref0 rounds them.
 */
export function iobFraction(minutesAgo: number, settings: InsulinActionSettings): number {
  const t = Math.round(minutesAgo);
  const end = settings.diaHours * 60;
  if (!(t >= 0) || t >= end) return 0;
  const peak = INSULIN_PEAK_MINUTES[settings.curve];
  const tau = (peak * (1 - peak / end)) / (1 - (2 * peak) / end);
  const a = (2 * tau) / end;
  const S = 1 / (1 - a + (1 + a) * Math.exp(-end / tau));
  return 1 - S * (1 - a) * ((t ** 2 / (tau * end * (1 - a)) - t / tau - 1) * Math.exp(-t / tau) + 1);
}

/** Insulin used per minute, as a fraction of the dose (oref0's activityContrib for one unit). */
export function insulinActivity(minutesAgo: number, settings: InsulinActionSettings): number {
  const t = Math.round(minutesAgo);
  const end = settings.diaHours * 60;
  if (!(t >= 0) || t >= end) return 0;
  const peak = INSULIN_PEAK_MINUTES[settings.curve];
  const tau = (peak * (1 - peak / end)) / (1 - (2 * peak) / end);
  const a = (2 * tau) / end;
  const S = 1 / (1 - a + (1 + a) * Math.exp(-end / tau));
  return (S / tau ** 2) * t * (1 - t / end) * Math.exp(-t / tau);
}

export interface LoggedDose {
  id?: string;
  /** When it was given: epoch ms or an ISO string. */
  at: number | string;
  /** Total units given. */
  units: number;
  /** The correction part of the dose, units (0 for a meal-only dose). */
  correctionUnits?: number;
}

const ms = (at: number | string) => (typeof at === 'number' ? at : Date.parse(at));

/** Units still active at `atMs` from every dose given before it (doses at `atMs` itself excluded). */
export function insulinOnBoard(doses: LoggedDose[], atMs: number, settings: InsulinActionSettings): number {
  let total = 0;
  for (const d of doses) {
    const given = ms(d.at);
    if (!(given < atMs)) continue;
    total += d.units * iobFraction((atMs - given) / MINUTE_MS, settings);
  }
  return total;
}

export interface IobAdjustedDose {
  /** Insulin on board, rounded to 0.1 unit as shown. */
  iob: number;
  /** The correction less the insulin on board, never below zero. */
  correctionAfterIob: number;
  /** Meal insulin plus the reduced correction. */
  totalAfterIob: number;
}

/**
 * The spec's dose with the correction reduced by insulin still on board (meal insulin is never
 * reduced: it covers food not eaten yet). Uses the rounded IOB so the numbers on screen add up.
 */
export function adjustForInsulinOnBoard(
  dose: { mealInsulin: number; correctionInsulin: number },
  iobUnits: number,
): IobAdjustedDose {
  const iob = roundTo(Math.max(0, iobUnits), 1);
  const correctionAfterIob = Math.max(0, roundTo(dose.correctionInsulin - iob, 1));
  return { iob, correctionAfterIob, totalAfterIob: roundTo(dose.mealInsulin + correctionAfterIob, 1) };
}

export interface StackingWarning {
  dose: LoggedDose;
  /** Units of that dose still on board. */
  iob: number;
  minutesAgo: number;
}

/**
 * A new dose within the duration of action of a previous correction stacks on it: the most recent
 * such correction, with its remaining insulin on board; null when none is still acting.
 */
export function stackingWarning(
  doses: LoggedDose[],
  nowMs: number,
  settings: InsulinActionSettings,
): StackingWarning | null {
  const endMinutes = settings.diaHours * 60;
  let latest: { dose: LoggedDose; minutesAgo: number } | null = null;
  for (const d of doses) {
    if (!((d.correctionUnits ?? 0) > 0)) continue;
    const minutesAgo = Math.round((nowMs - ms(d.at)) / MINUTE_MS);
    if (minutesAgo < 0 || minutesAgo >= endMinutes) continue;
    if (!latest || minutesAgo < latest.minutesAgo) latest = { dose: d, minutesAgo };
  }
  if (!latest) return null;
  return { ...latest, iob: latest.dose.units * iobFraction(latest.minutesAgo, settings) };
}
