import { describe, expect, it } from 'vitest';
import { glucoseTrend, latestGlucoseTrend } from './trend';

describe('glucose trend arrow', () => {
  it('points up when the latest reading is higher, down when lower, nowhere when equal', () => {
    expect(glucoseTrend(121, 120)).toBe('up');
    expect(glucoseTrend(119, 120)).toBe('down');
    expect(glucoseTrend(120, 120)).toBe('none');
  });

  it('compares the two most recent readings by time, in any input order', () => {
    const readings = [
      { at: '2024-06-01T08:10:00Z', mgdl: 150 },
      { at: '2024-06-01T08:00:00Z', mgdl: 300 },
      { at: '2024-06-01T08:05:00Z', mgdl: 140 },
    ];
    expect(latestGlucoseTrend(readings)).toBe('up');
    expect(latestGlucoseTrend([...readings].reverse())).toBe('up');
    // Without the 08:10 reading, 08:05 (140) follows 08:00 (300).
    expect(latestGlucoseTrend(readings.slice(1))).toBe('down');
  });

  it('shows no arrow with fewer than two readings', () => {
    expect(latestGlucoseTrend([])).toBe('none');
    expect(latestGlucoseTrend([{ at: Date.now(), mgdl: 100 }])).toBe('none');
  });

  it('shows no arrow across a gap in the data: the previous reading is too old to compare', () => {
    const now = { at: '2024-06-08T08:00:00Z', mgdl: 150 };
    expect(latestGlucoseTrend([now, { at: '2024-06-01T08:00:00Z', mgdl: 100 }])).toBe('none');
    expect(latestGlucoseTrend([now, { at: '2024-06-08T07:31:00Z', mgdl: 100 }])).toBe('up');
  });
});
