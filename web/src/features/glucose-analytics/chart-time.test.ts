import { describe, expect, it } from 'vitest';
import { chartTimeFormat } from './chart-time';

const timeZone = 'UTC';
const intl = (o: Intl.DateTimeFormatOptions) => {
  const f = new Intl.DateTimeFormat('en-US', { timeZone, ...o });
  return (at: string | number) => f.format(new Date(at));
};
const fmt = {
  timeZone,
  time: intl({ hour: 'numeric', minute: '2-digit' }),
  dateTime: intl({ dateStyle: 'medium', timeStyle: 'short' }),
  date: intl({ dateStyle: 'medium' }),
};
const HOUR = 3_600_000;
const start = Date.UTC(2026, 10, 29, 6);
/** Seven ticks spread over the data, as the chart's axis places them. */
const ticks = (spanMs: number) => Array.from({ length: 7 }, (_, i) => start + (i * spanMs) / 6);

describe('a glucose chart’s time labels', () => {
  it('tells the ticks of one day of data apart by time, with the date in the tooltip', () => {
    const at = ticks(12 * HOUR);
    const f = chartTimeFormat(at, fmt);
    expect(new Set(at.map(f.tick)).size).toBe(7);
    expect(f.tick(start)).toBe('6:00 AM');
    expect(f.tooltip(start)).toBe('Nov 29, 2026, 6:00 AM');
  });

  it('labels two days with date and time, a month with dates', () => {
    const two = ticks(36 * HOUR);
    expect(new Set(two.map(chartTimeFormat(two, fmt).tick)).size).toBe(7);
    const month = ticks(30 * 24 * HOUR);
    expect(chartTimeFormat(month, fmt).tick(start)).toBe('Nov 29, 2026');
  });
});
