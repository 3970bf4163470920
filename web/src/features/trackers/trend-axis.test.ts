import { describe, expect, it } from 'vitest';
import { niceTicks, trendTimeAxis } from './trend-axis';

const timeZone = 'America/New_York';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Sun Nov 29 2026, 13:00 in New York (EST, UTC-5). */
const now = Date.parse('2026-11-29T18:00:00Z');
/** Local midnight in New York of a November 2026 day (EST). */
const midnight = (day: number) => Date.parse(`2026-11-${String(day).padStart(2, '0')}T05:00:00Z`);
const dates = (ticks: number[]) =>
  ticks.map((t) =>
    new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(t),
  );

describe('a trend chart’s time axis', () => {
  it('spans the period chosen and labels every local midnight of a week on a wide chart', () => {
    const axis = trendTimeAxis({ at: [midnight(24) + 8 * HOUR], timeZone, days: 7, now, plotWidth: 900 });
    expect(axis.domain).toEqual([now - 7 * DAY, now]);
    expect(axis.ticks).toEqual([23, 24, 25, 26, 27, 28, 29].map(midnight));
    expect(dates(axis.ticks).at(-1)).toBe('Nov 29, 2026, 12:00 AM');
  });

  it('labels fewer whole days on a phone, counted back from today', () => {
    const axis = trendTimeAxis({ at: [], timeZone, days: 7, now, plotWidth: 250 });
    expect(axis.ticks).toEqual([23, 26, 29].map(midnight));
  });

  it('leaves out a label that the right end of the plot would cut off', () => {
    const justAfterMidnight = midnight(29) + HOUR / 2;
    const axis = trendTimeAxis({ at: [], timeZone, days: 30, now: justAfterMidnight, plotWidth: 250 });
    expect(axis.ticks).toEqual([9, 19].map(midnight));
  });

  it('keeps the ticks on local midnights across a daylight-saving change', () => {
    const axis = trendTimeAxis({ at: [], timeZone, days: 30, now, plotWidth: 2000 });
    // Every day back from Nov 29; Oct 31 is still on summer time (UTC-4).
    expect(axis.ticks).toHaveLength(30);
    expect(axis.ticks[0]).toBe(Date.parse('2026-10-31T04:00:00Z'));
    expect(axis.ticks.at(-1)).toBe(midnight(29));
    expect(dates(axis.ticks).every((d) => d.endsWith('12:00 AM'))).toBe(true);
  });

  it('without a period, spans the whole local days the readings fall on', () => {
    const at = [midnight(26) + 7.5 * HOUR, midnight(26) + 12 * HOUR];
    const axis = trendTimeAxis({ at, timeZone, now, plotWidth: 600 });
    expect(axis.domain).toEqual([midnight(26), midnight(27)]);
    expect(axis.ticks).toEqual([midnight(26)]);
  });
});

describe('a trend chart’s value axis', () => {
  it('puts ticks on round numbers inside the padded domain', () => {
    expect(niceTicks([69, 150], 6)).toEqual([80, 100, 120, 140]);
    expect(niceTicks([165, 178], 6)).toEqual([165, 170, 175]);
    expect(niceTicks([0, 10], 6)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(niceTicks([69, 150], 3)).toEqual([100, 150]);
  });
});
