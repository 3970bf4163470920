import { describe, expect, it } from 'vitest';
import { entryDateTime, entryShortDate, entryWhen, recordDate } from './entry-when';

// Noon UTC is 1 in the morning of the next day in Auckland (NZDT): a made-up time would move the day.
const ZONE = 'Pacific/Auckland';
const day = { occurredAt: '2019-03-14T12:00:00.000Z', occurredPrecision: 'day' as const };
const month = { occurredAt: '2019-03-15T12:00:00.000Z', occurredPrecision: 'month' as const };
const year = { occurredAt: '2019-07-01T12:00:00.000Z', occurredPrecision: 'year' as const };
const timed = { occurredAt: '2019-03-14T12:00:00.000Z', occurredPrecision: null };

describe('When an entry dated only by day, month or year was taken', () => {
  it('is its date alone, on its own day, in one line', () => {
    expect(entryDateTime(day, ZONE)).toBe(recordDate(day.occurredAt, 'day', ZONE));
    expect(entryDateTime(day, ZONE)).toMatch(/Mar 14, 2019|14 Mar 2019/);
    expect(entryDateTime(day, ZONE)).not.toMatch(/\d:\d\d/);
    expect(entryDateTime(month, ZONE)).toMatch(/^(Mar 2019|Mar\.? 2019)$/);
    expect(entryDateTime(year, ZONE)).toBe('2019');
    expect(entryWhen(day, ZONE).time).toBeNull();
  });

  it('is written in the screen’s own style only for an entry at a time of day', () => {
    const style = (iso: string) => `at ${iso}`;
    expect(entryDateTime(timed, ZONE, style)).toBe('at 2019-03-14T12:00:00.000Z');
    expect(entryDateTime(day, ZONE, style)).not.toContain('at ');
    // At a time of day, the date and the time in the zone: the next day in Auckland.
    expect(entryDateTime(timed, ZONE)).toMatch(/15/);
    expect(entryDateTime(timed, ZONE)).toMatch(/1:00/);
  });

  it('is its own day on a chart’s axis, not the next one in a zone ahead of UTC', () => {
    expect(entryShortDate(day, ZONE)).toMatch(/Mar 14|14 Mar/);
    expect(entryShortDate(timed, ZONE)).toMatch(/Mar 15|15 Mar/);
    expect(entryShortDate(year, ZONE)).toBe('2019');
  });
});
