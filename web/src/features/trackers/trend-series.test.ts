import type { EntryResponse, ProfileResponse } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { moodSeries, pressureSeries, tooltipLabel, weightSeries } from './trend-series';

const profile = { timezone: 'UTC', glucoseUnit: 'mg/dL', weightGoal: null } as ProfileResponse;
const entry = (day: number, data: Record<string, number>, tracker = 'blood-pressure'): EntryResponse =>
  ({
    id: `e${day}`,
    tracker,
    occurredAt: `2026-11-${String(day).padStart(2, '0')}T08:00:00.000Z`,
    notes: null,
    data,
  }) as unknown as EntryResponse;

describe('blood pressure trend', () => {
  it('names the readings at a crisis level in words; none below it', () => {
    const series = pressureSeries(
      [
        entry(1, { systolic: 128, diastolic: 82 }),
        entry(2, { systolic: 185, diastolic: 95 }),
        entry(3, { systolic: 150, diastolic: 120 }),
      ],
      profile,
    );
    expect(series.alert).toBe(
      '2 readings at a hypertensive crisis level (180 or more systolic or 120 or more diastolic).',
    );
    // The domain holds every point drawn, padded by 10.
    expect(series.domain).toEqual([72, 195]);
    expect(pressureSeries([entry(1, { systolic: 179, diastolic: 119 })], profile).alert).toBeUndefined();
  });
});

describe('mood trend', () => {
  it('plots the 1–5 values doubled on the 0–10 axis, but states the latest as logged', () => {
    const series = moodSeries([entry(1, { mood: 5, energy: 3, stress: 2 }, 'mood-energy')], profile);
    expect(series.points[0]).toMatchObject({ Mood: 10, Energy: 6, Stress: 4 });
    expect(series.latest).toBe('Mood 5/5, Energy 3/5, Stress 2/5');
  });
});

describe('trend points', () => {
  it('sit at the instant each reading was taken, so a missing day leaves a gap twice as wide', () => {
    const series = pressureSeries(
      [
        entry(23, { systolic: 128, diastolic: 82 }),
        entry(24, { systolic: 130, diastolic: 84 }),
        entry(26, { systolic: 126, diastolic: 80 }),
      ],
      profile,
    );
    const [a = 0, b = 0, c = 0] = series.points.map((p) => p.at);
    expect(b - a).toBe(86_400_000);
    expect(c - b).toBe(2 * 86_400_000);
    expect(series.points[2]?.label).toBe('Nov 26');
  });
});

describe('trend tooltips', () => {
  it('say the date alone for a reading its record dated only by day, and a time for one taken at a time', () => {
    const auckland = { ...profile, timezone: 'Pacific/Auckland' } as ProfileResponse;
    const imported = {
      ...entry(14, { weight: 80 }, 'weight'),
      occurredAt: '2019-03-14T12:00:00.000Z',
      occurredPrecision: 'day',
    } as EntryResponse;
    const series = weightSeries([imported, entry(20, { weight: 79 }, 'weight')], auckland);
    const heading = (i: number) => tooltipLabel([{ payload: series.points[i] }]);
    expect(heading(0)).toMatch(/^(Mar 14, 2019|14 Mar 2019)$/);
    // 08:00 UTC is 9 in the evening in Auckland (NZDT).
    expect(heading(1)).toMatch(/Nov 20, 2026.*9:00|20 Nov 2026.*21:00/);
    expect(series.points[0]?.label).toMatch(/^(Mar 14|14 Mar)$/);
  });
});
