import type { EntryResponse, ProfileResponse } from '@healthfolio/core';
import { describe, expect, it } from 'vitest';
import { moodSeries, pressureSeries } from './trend-series';

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
