import { toEpochMs } from '../units/local-time';

/**
 * The glucose alarms judged on the server: the ones Dexcom, xDrip+ and Nightscout users rely on.
 * Where those apps agree we take their default; where they differ, the consensus lines (Battelino 2019)
 * decide, so an alarm and the level word of the reading that raised it agree:
 * - urgent low 55 mg/dL, always on: Dexcom's fixed Urgent Low (55) and Nightscout's BG_LOW (55);
 * - low 70: Dexcom's and xDrip+'s default Low alert, and the consensus "Low" line;
 * - high 180: Nightscout's BG_TARGET_TOP and the top of the consensus range (Dexcom's own 250 is our
 *   urgent high);
 * - urgent high 250: Dexcom's default High alert and the consensus "Very high" line (Nightscout's
 *   BG_HIGH is 260);
 * - rising / falling fast 3 mg/dL/min over the last 15 minutes: Dexcom's rise and fall rate alerts offer
 *   2 or 3 mg/dL/min and draw the double arrow above 3; off by default there, and here;
 * - predicted low: Dexcom's "Urgent Low Soon" (below 55 within 20 minutes), from a straight line fitted
 *   to the last 30 minutes, so an estimate, which its words say;
 * - stale data: Dexcom's signal loss alert (20 minutes) rounded to the choices 15, 30 or 60 minutes.
 */
export const GLUCOSE_ALARM_KINDS = [
  'urgent_low',
  'low',
  'high',
  'urgent_high',
  'rising_fast',
  'falling_fast',
  'predicted_low',
  'stale',
] as const;
export type GlucoseAlarmKind = (typeof GLUCOSE_ALARM_KINDS)[number];

/** The words a lock screen and the alarm card show for each alarm. */
export const GLUCOSE_ALARM_LABELS: Record<GlucoseAlarmKind, string> = {
  urgent_low: 'Urgent low',
  low: 'Low',
  high: 'High',
  urgent_high: 'Very high',
  rising_fast: 'Rising fast',
  falling_fast: 'Falling fast',
  predicted_low: 'Urgent low soon',
  stale: 'No recent readings',
};

export const STALE_MINUTES_CHOICES = [15, 30, 60] as const;
export type StaleMinutes = (typeof STALE_MINUTES_CHOICES)[number];

export interface GlucoseAlarmSettings {
  /** Always on: only its level can change. */
  urgentLowMgdl: number;
  lowEnabled: boolean;
  lowMgdl: number;
  highEnabled: boolean;
  highMgdl: number;
  urgentHighEnabled: boolean;
  urgentHighMgdl: number;
  risingFastEnabled: boolean;
  /** mg/dL per minute. */
  risingFastRate: number;
  fallingFastEnabled: boolean;
  fallingFastRate: number;
  predictedLowEnabled: boolean;
  staleEnabled: boolean;
  staleMinutes: StaleMinutes;
}

export const DEFAULT_GLUCOSE_ALARM_SETTINGS: GlucoseAlarmSettings = {
  urgentLowMgdl: 55,
  lowEnabled: true,
  lowMgdl: 70,
  highEnabled: true,
  highMgdl: 180,
  urgentHighEnabled: true,
  urgentHighMgdl: 250,
  risingFastEnabled: false,
  risingFastRate: 3,
  fallingFastEnabled: false,
  fallingFastRate: 3,
  predictedLowEnabled: true,
  staleEnabled: true,
  staleMinutes: 30,
};

/** The window the rate alarms look at, and the one the predicted low is fitted to. */
export const ALARM_RATE_WINDOW_MINUTES = 15;
export const ALARM_PREDICTION_WINDOW_MINUTES = 30;
export const ALARM_PREDICTION_AHEAD_MINUTES = 20;
/** A reading older than this raises no level alarm (importing last month's lows pages nobody). */
export const ALARM_RECENT_READING_MINUTES = 30;

/** Snooze choices (minutes); an urgent low is never snoozed longer than 30 minutes. */
export const SNOOZE_MINUTES_CHOICES = [15, 30, 60, 120, 240] as const;
export const SNOOZE_MIN_MINUTES = 15;
export const SNOOZE_MAX_MINUTES = 240;
export const URGENT_LOW_SNOOZE_MAX_MINUTES = 30;
/** An urgent low nobody acknowledged in this long goes to the caregivers and guardians. */
export const URGENT_LOW_ESCALATE_AFTER_MINUTES = 15;

export const snoozeLimitFor = (kind: GlucoseAlarmKind) =>
  kind === 'urgent_low' ? URGENT_LOW_SNOOZE_MAX_MINUTES : SNOOZE_MAX_MINUTES;

export interface AlarmReading {
  at: Date | string | number;
  mgdl: number;
}

interface Point {
  t: number;
  mgdl: number;
}

const MINUTE = 60_000;

/** Least-squares slope (mg/dL per minute) of the points; null with fewer than 3 or too short a span. */
export function glucoseSlope(points: readonly Point[], minSpanMinutes: number): number | null {
  if (points.length < 3) return null;
  const first = points[0]!.t;
  const last = points[points.length - 1]!.t;
  if ((last - first) / MINUTE < minSpanMinutes) return null;
  const xs = points.map((p) => (p.t - first) / MINUTE);
  const meanX = xs.reduce((a, b) => a + b, 0) / xs.length;
  const meanY = points.reduce((a, p) => a + p.mgdl, 0) / points.length;
  let num = 0;
  let den = 0;
  xs.forEach((x, i) => {
    num += (x - meanX) * (points[i]!.mgdl - meanY);
    den += (x - meanX) ** 2;
  });
  return den === 0 ? null : num / den;
}

export interface AlarmJudgement {
  active: Set<GlucoseAlarmKind>;
  /** The newest reading judged (what the alarm's value snapshot keeps), if any; `t` in epoch ms. */
  latest: { t: number; mgdl: number } | null;
  /** The 20-minute estimate, when one could be made. */
  predictedMgdl: number | null;
}

/**
 * The alarm conditions true at `now` from a person's recent readings. `continuous`: the readings come
 * from a CGM or another device that sends them on its own; only then can data be "stale" (a person
 * who logs by hand is not alarmed 30 minutes after each log). Urgent low replaces low and very high
 * replaces high: one alarm per level.
 */
export function judgeGlucoseAlarms(
  readings: readonly AlarmReading[],
  settings: GlucoseAlarmSettings,
  now: Date | number,
  opts: { continuous: boolean },
): AlarmJudgement {
  const nowMs = toEpochMs(now);
  const points = readings
    .map((r) => ({ t: toEpochMs(r.at), mgdl: r.mgdl }))
    .filter((p) => p.t <= nowMs && Number.isFinite(p.mgdl))
    .sort((a, b) => a.t - b.t);
  const active = new Set<GlucoseAlarmKind>();
  const latest = points[points.length - 1] ?? null;
  if (!latest) return { active, latest: null, predictedMgdl: null };
  const ageMinutes = (nowMs - latest.t) / MINUTE;
  if (opts.continuous && settings.staleEnabled && ageMinutes >= settings.staleMinutes) active.add('stale');
  if (ageMinutes > ALARM_RECENT_READING_MINUTES) return { active, latest, predictedMgdl: null };

  const v = latest.mgdl;
  if (v < settings.urgentLowMgdl) active.add('urgent_low');
  else if (settings.lowEnabled && v < settings.lowMgdl) active.add('low');
  if (settings.urgentHighEnabled && v > settings.urgentHighMgdl) active.add('urgent_high');
  else if (settings.highEnabled && v > settings.highMgdl) active.add('high');

  const within = (minutes: number) => points.filter((p) => latest.t - p.t <= minutes * MINUTE);
  const rate = glucoseSlope(within(ALARM_RATE_WINDOW_MINUTES), 10);
  if (rate !== null) {
    if (settings.risingFastEnabled && rate >= settings.risingFastRate) active.add('rising_fast');
    if (settings.fallingFastEnabled && rate <= -settings.fallingFastRate) active.add('falling_fast');
  }

  let predictedMgdl: number | null = null;
  const trend = glucoseSlope(within(ALARM_PREDICTION_WINDOW_MINUTES), 15);
  if (trend !== null) {
    const ahead = ALARM_PREDICTION_AHEAD_MINUTES + (nowMs - latest.t) / MINUTE;
    predictedMgdl = Math.round(v + trend * ahead);
    if (settings.predictedLowEnabled && !active.has('urgent_low') && predictedMgdl < settings.urgentLowMgdl)
      active.add('predicted_low');
  }
  return { active, latest, predictedMgdl };
}
