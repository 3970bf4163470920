import { describe, expect, it } from 'vitest';
import { parseGlucoseInput } from '../units/glucose-units';
import {
  DEFAULT_GLUCOSE_ALARM_SETTINGS as D,
  type GlucoseAlarmSettings,
  judgeGlucoseAlarms,
  snoozeLimitFor,
} from './alarms';
import {
  GlucoseAlarmSettingsRequest,
  GlucoseAlarmSnoozeRequest,
  glucoseAlarmSettingsRequestIn,
} from './alarms.schema';

const NOW = Date.UTC(2026, 10, 28, 12, 0);
const MIN = 60_000;
/** Readings every 5 minutes ending `endAgo` minutes before NOW, oldest first. */
const series = (values: number[], endAgo = 0) =>
  values.map((mgdl, i) => ({ at: NOW - (endAgo + (values.length - 1 - i) * 5) * MIN, mgdl }));
const judge = (values: number[], s: Partial<GlucoseAlarmSettings> = {}, endAgo = 0, continuous = true) =>
  [...judgeGlucoseAlarms(series(values, endAgo), { ...D, ...s }, NOW, { continuous }).active].sort();

describe('glucose alarms', () => {
  it('raises the level alarms at their edges (below urgent low and low, above high and very high)', () => {
    expect(judge([54])).toEqual(['urgent_low']);
    expect(judge([55])).toEqual(['low']);
    expect(judge([69])).toEqual(['low']);
    expect(judge([70])).toEqual([]);
    expect(judge([180])).toEqual([]);
    expect(judge([181])).toEqual(['high']);
    expect(judge([250])).toEqual(['high']);
    expect(judge([251])).toEqual(['urgent_high']);
  });

  it('keeps urgent low on whatever else is off, and honours the levels a person chose', () => {
    const off = {
      lowEnabled: false,
      highEnabled: false,
      urgentHighEnabled: false,
      predictedLowEnabled: false,
    };
    expect(judge([50], off)).toEqual(['urgent_low']);
    expect(judge([65, 300], off)).toEqual([]);
    expect(judge([75], { lowMgdl: 80 })).toEqual(['low']);
    expect(judge([200], { highMgdl: 220 })).toEqual([]);
  });

  it('judges the rate over the last 15 minutes only when turned on', () => {
    const rising = [120, 135, 150, 165];
    expect(judge(rising)).toEqual([]);
    expect(judge(rising, { risingFastEnabled: true })).toEqual(['rising_fast']);
    // 2.8 mg/dL/min is under 3.
    expect(judge([120, 134, 148, 162], { risingFastEnabled: true })).toEqual([]);
    expect(judge([200, 185, 170, 155], { fallingFastEnabled: true, predictedLowEnabled: false })).toEqual([
      'falling_fast',
    ]);
    // Two readings are not a rate.
    expect(judge([120, 165], { risingFastEnabled: true })).toEqual([]);
  });

  it('predicts an urgent low 20 minutes ahead from the last 30 minutes, and says what it estimated', () => {
    const falling = [130, 120, 110, 100, 90, 80, 70];
    const j = judgeGlucoseAlarms(series(falling), D, NOW, { continuous: true });
    expect(j.predictedMgdl).toBe(30);
    expect([...j.active].sort()).toEqual(['predicted_low']);
    expect(judge([100, 98, 96, 94, 92, 90, 88])).toEqual([]);
    // Already urgently low: that alarm, not the estimate.
    expect(judge([80, 70, 60, 50])).toEqual(['urgent_low']);
  });

  it('calls continuous data stale after the chosen window, and never hand-logged data', () => {
    expect(judge([120], {}, 29)).toEqual([]);
    expect(judge([120], {}, 30)).toEqual(['stale']);
    expect(judge([120], { staleMinutes: 15 }, 15)).toEqual(['stale']);
    expect(judge([120], { staleMinutes: 60 }, 59)).toEqual([]);
    expect(judge([120], {}, 45, false)).toEqual([]);
    expect(judge([120], { staleEnabled: false }, 90)).toEqual([]);
  });

  it('raises no level alarm from a reading older than 30 minutes (an import of old lows)', () => {
    expect(judge([45], { staleEnabled: false }, 31)).toEqual([]);
    expect(judge([45], {}, 31)).toEqual(['stale']);
    expect(judgeGlucoseAlarms([], D, NOW, { continuous: true }).active.size).toBe(0);
  });
});

describe('alarm settings and snoozes', () => {
  it('takes the defaults and refuses levels out of order, naming each field', () => {
    expect(GlucoseAlarmSettingsRequest.safeParse(D).success).toBe(true);
    const bad = GlucoseAlarmSettingsRequest.safeParse({ ...D, lowMgdl: 55, highMgdl: 260 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['lowMgdl', 'Low must be above urgent low'],
      ['urgentHighMgdl', 'Very high must be above high'],
    ]);
    expect(GlucoseAlarmSettingsRequest.safeParse({ ...D, staleMinutes: 20 }).success).toBe(false);
  });

  it('snoozes 15 minutes to 4 hours, an urgent low at most 30 minutes', () => {
    expect(GlucoseAlarmSnoozeRequest.safeParse({ minutes: 14 }).success).toBe(false);
    expect(GlucoseAlarmSnoozeRequest.safeParse({ minutes: 240 }).success).toBe(true);
    expect(GlucoseAlarmSnoozeRequest.safeParse({ minutes: 241 }).success).toBe(false);
    expect(snoozeLimitFor('urgent_low')).toBe(30);
    expect(snoozeLimitFor('high')).toBe(240);
  });
});

describe('alarm settings messages in the person’s unit', () => {
  const messagesFor = (unit: 'mg/dL' | 'mmol/L', typed: Partial<Record<'lowMgdl' | 'highMgdl', string>>) => {
    const levels = Object.fromEntries(
      Object.entries(typed).map(([k, v]) => [k, parseGlucoseInput(v, unit) ?? Number.NaN]),
    );
    const r = glucoseAlarmSettingsRequestIn(unit).safeParse({ ...D, ...levels });
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };

  it('states the limits in mmol/L to a person who types mmol/L, and a limit shown is itself allowed', () => {
    expect(messagesFor('mmol/L', { lowMgdl: '6.0' })).toEqual(['Low must be at most 5.5 mmol/L']);
    expect(messagesFor('mmol/L', { lowMgdl: '2.5' })).toContain('Low must be at least 3.1 mmol/L');
    expect(messagesFor('mmol/L', { highMgdl: '17' })).toContain('High must be at most 16.6 mmol/L');
    // 5.6 mmol/L is 100.9 mg/dL, over the 100 allowed: the message says 5.5, which is accepted.
    expect(messagesFor('mmol/L', { lowMgdl: '5.5' })).toEqual([]);
    expect(messagesFor('mmol/L', { lowMgdl: '3.1' })).toEqual([]);
    for (const m of messagesFor('mmol/L', { lowMgdl: '9', highMgdl: '1' })) expect(m).not.toMatch(/mg\/dL/);
  });

  it('keeps mg/dL for mg/dL users and for the API', () => {
    expect(messagesFor('mg/dL', { lowMgdl: '101' })).toEqual(['Low must be at most 100 mg/dL']);
    const api = GlucoseAlarmSettingsRequest.safeParse({ ...D, lowMgdl: 50 });
    expect(api.success ? [] : api.error.issues.map((i) => i.message)).toContain(
      'Low must be at least 55 mg/dL',
    );
  });
});
