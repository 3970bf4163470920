import { describe, expect, it } from 'vitest';
import { analyzePatterns, confidenceLabel, type PatternReading } from './patterns';

/** Readings at a UTC hour on consecutive days; with timeZone 'UTC' that is the local hour. */
function at(
  hour: number,
  values: number[],
  extra: Partial<PatternReading> = {},
  minute = 0,
): PatternReading[] {
  return values.map((mgdl, day) => ({
    at: Date.UTC(2024, 4, 1 + day, hour, minute),
    mgdl,
    ...extra,
  }));
}
const times = (n: number, mgdl: number) => Array.from({ length: n }, () => mgdl);
const analyze = (readings: PatternReading[]) => analyzePatterns(readings, { timeZone: 'UTC' });
const find = (readings: PatternReading[], id: string) => analyze(readings).patterns.find((p) => p.id === id);

describe('confidence labels', () => {
  it('are High from 70, Medium from 50, else Low', () => {
    expect(confidenceLabel(70)).toBe('High');
    expect(confidenceLabel(69.99)).toBe('Medium');
    expect(confidenceLabel(50)).toBe('Medium');
    expect(confidenceLabel(49.99)).toBe('Low');
  });
});

describe('dawn phenomenon', () => {
  const night = (n: number, mgdl = 100) => at(23, times(n, mgdl));
  const morning = (n: number, mgdl: number) => at(7, times(n, mgdl));

  it('needs more than 5 morning and more than 5 night readings', () => {
    expect(find([...morning(6, 150), ...night(6)], 'dawn_phenomenon')).toBeDefined();
    expect(find([...morning(5, 150), ...night(6)], 'dawn_phenomenon')).toBeUndefined();
    expect(find([...morning(6, 150), ...night(5)], 'dawn_phenomenon')).toBeUndefined();
  });

  it('needs the morning average more than 30 above the night average', () => {
    expect(find([...morning(6, 130), ...night(6)], 'dawn_phenomenon')).toBeUndefined();
    expect(find([...morning(6, 131), ...night(6)], 'dawn_phenomenon')).toMatchObject({
      confidence: 62,
      confidenceLabel: 'Medium',
      evidence: { difference: 31, morningAverage: 131, nightAverage: 100 },
    });
  });

  it('scores difference / 50 × 100, capped at 90', () => {
    expect(find([...morning(6, 135), ...night(6)], 'dawn_phenomenon')).toMatchObject({
      confidence: 70,
      confidenceLabel: 'High',
    });
    expect(find([...morning(6, 200), ...night(6)], 'dawn_phenomenon')?.confidence).toBe(90);
  });

  it("counts 06:00–07:59 as morning and 22:00–01:59 as night, in the user's time zone", () => {
    // 08:00 is not morning and 02:00 is not night: the pattern disappears.
    const outside = [...at(8, times(6, 200)), ...at(2, times(6, 100))];
    expect(find([...outside, ...night(6)], 'dawn_phenomenon')).toBeUndefined();
    const edges = [...at(6, times(6, 200)), ...at(1, times(6, 100), {}, 59), ...at(22, times(6, 100))];
    expect(find(edges, 'dawn_phenomenon')?.evidence).toMatchObject({ morningReadings: 6, nightReadings: 12 });
    // 21:00 UTC is 07:00 in Tokyo (+9): six morning readings there, none in UTC.
    const tokyo = [...at(21, times(6, 200)), ...at(14, times(6, 100))]; // 14:00 UTC = 23:00 Tokyo
    expect(analyzePatterns(tokyo, { timeZone: 'Asia/Tokyo' }).patterns.map((p) => p.id)).toEqual([
      'dawn_phenomenon',
    ]);
    expect(find(tokyo, 'dawn_phenomenon')).toBeUndefined();
  });
});

describe('post-meal spikes', () => {
  const postMeal = (values: number[]) => at(13, values, { mealContext: 'post_meal' });

  it('needs more than 10 post-meal readings', () => {
    expect(find(postMeal([...times(4, 250), ...times(6, 150)]), 'post_meal_spikes')).toBeUndefined();
    expect(find(postMeal([...times(4, 250), ...times(7, 150)]), 'post_meal_spikes')).toBeDefined();
  });

  it('needs more than 30% of them above 200 (200 itself is not above)', () => {
    expect(find(postMeal([...times(6, 201), ...times(14, 150)]), 'post_meal_spikes')).toBeUndefined();
    expect(find(postMeal([...times(7, 200), ...times(13, 150)]), 'post_meal_spikes')).toBeUndefined();
    expect(find(postMeal([...times(7, 201), ...times(13, 150)]), 'post_meal_spikes')).toMatchObject({
      confidence: 35,
      confidenceLabel: 'Low',
      evidence: { percentAbove: 35, postMealReadings: 20, spikes: 7 },
    });
  });

  it('ignores readings not marked post_meal', () => {
    const mixed = [...at(13, times(20, 250), { mealContext: 'fasting' }), ...at(14, times(20, 250))];
    expect(find(mixed, 'post_meal_spikes')).toBeUndefined();
  });

  it("quotes the threshold in the user's unit", () => {
    const readings = at(13, [...times(10, 250), ...times(10, 150)], { mealContext: 'post_meal' });
    const mmol = analyzePatterns(readings, { timeZone: 'UTC', unit: 'mmol/L' }).patterns[0];
    expect(mmol?.description).toContain('11.1 mmol/L');
    expect(find(readings, 'post_meal_spikes')?.description).toContain('200 mg/dL');
  });
});

describe('night lows', () => {
  it('needs more than 5 readings between 00:00 and 05:59', () => {
    expect(find(at(3, [60, ...times(4, 100)]), 'night_lows')).toBeUndefined();
    expect(find(at(3, [60, ...times(5, 100)]), 'night_lows')).toMatchObject({
      evidence: { nightReadings: 6, lows: 1 },
    });
    // 06:00 is morning already.
    expect(find([...at(3, [60, ...times(4, 100)]), ...at(6, times(5, 50))], 'night_lows')).toBeUndefined();
  });

  it('needs more than 15% below 70 (70 itself is not below)', () => {
    expect(find(at(2, [...times(3, 60), ...times(17, 100)]), 'night_lows')).toBeUndefined();
    expect(find(at(2, [...times(4, 70), ...times(16, 100)]), 'night_lows')).toBeUndefined();
    expect(find(at(2, [...times(4, 69), ...times(16, 100)]), 'night_lows')).toMatchObject({
      confidence: 40,
      confidenceLabel: 'Low',
    });
  });

  it('scores twice the percent below 70, labelled at 50 and 70, never above 100', () => {
    expect(find(at(0, [...times(5, 60), ...times(15, 100)]), 'night_lows')).toMatchObject({
      confidence: 50,
      confidenceLabel: 'Medium',
    });
    expect(find(at(0, [...times(7, 60), ...times(13, 100)]), 'night_lows')).toMatchObject({
      confidence: 70,
      confidenceLabel: 'High',
    });
    expect(find(at(4, times(10, 55)), 'night_lows')?.confidence).toBe(100);
  });

  it('floors the shown confidence so it never reads as a higher label', () => {
    // 1 low of 6 readings: 16.67%, confidence 33.33.
    expect(find(at(3, [60, ...times(5, 100)]), 'night_lows')).toMatchObject({ displayConfidence: 33 });
  });
});

describe('pattern analysis overall', () => {
  it('finds nothing in steady in-range data and still gives 24 hourly averages', () => {
    const readings = Array.from({ length: 24 * 12 }, (_, i) => ({
      at: Date.UTC(2024, 4, 1) + i * 300_000,
      mgdl: 120,
    }));
    const result = analyze(readings);
    expect(result.patterns).toEqual([]);
    expect(result.hourly).toHaveLength(24);
    expect(result.hourly.every((h) => h.count === 12 && h.mean === 120)).toBe(true);
  });
});
