import { describe, expect, it } from 'vitest';
import { dailyInsulinTotals } from './insulin-totals';

const H = 3_600_000;
const day1 = Date.parse('2026-03-02T00:00:00Z');
const window = { from: day1 - 10 * 24 * H, to: day1 + 10 * 24 * H, timeZone: 'UTC' };

describe('daily bolus and temporary-basal insulin', () => {
  it('adds the day’s boluses and the temp basals’ rate × time, cut short by the next temp basal', () => {
    const days = dailyInsulinTotals({
      ...window,
      boluses: [
        { at: day1 + 8 * H, units: 4 },
        { at: day1 + 13 * H, units: 6.5 },
      ],
      tempBasals: [
        { at: day1 + 1 * H, rateUph: 1.2, durationMin: 120 },
        // Starts after 30 minutes of the one before: that one delivers only half an hour.
        { at: day1 + 10 * H, rateUph: 2, durationMin: 30 },
        { at: day1 + 10.5 * H, rateUph: 0, durationMin: 30 },
      ],
    });
    expect(days).toHaveLength(1);
    expect(days[0]!.date).toBe('2026-03-02');
    expect(days[0]!.bolusUnits).toBeCloseTo(10.5, 10);
    expect(days[0]!.tempBasalUnits).toBeCloseTo(2.4 + 1, 10);
    expect(days[0]!.tempBasalHours).toBeCloseTo(3, 10);
  });

  it('splits a temp basal across the patient’s local midnight', () => {
    // 23:00–01:00 in New York (UTC−5 in March before DST): one hour on each local day.
    const days = dailyInsulinTotals({
      ...window,
      timeZone: 'America/New_York',
      boluses: [],
      tempBasals: [{ at: day1 + 4 * H, rateUph: 1, durationMin: 120 }],
    });
    expect(days.map((d) => [d.date, d.tempBasalUnits])).toEqual([
      ['2026-03-01', 1],
      ['2026-03-02', 1],
    ]);
  });

  it('counts no basal for a day with boluses only, and skips percent-only temp basals', () => {
    const days = dailyInsulinTotals({
      ...window,
      boluses: [{ at: day1 + H, units: 3 }],
      tempBasals: [{ at: day1 + 2 * H, rateUph: null, durationMin: 30 }],
    });
    expect(days).toEqual([
      { date: '2026-03-02', bolusUnits: 3, tempBasalUnits: null, tempBasalHours: 0, basalUnits: null },
    ]);
  });
});
