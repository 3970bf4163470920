import { describe, expect, it } from 'vitest';
import { EntryCreateRequest } from '../trackers/entry.schema';
import { CLOCK_SKEW_MS, isDateNotInFuture, isNotInFuture } from './not-in-future';

const NOW = Date.parse('2026-11-27T21:00:00Z');

describe('not in the future', () => {
  it('allows the clock skew and not a millisecond more', () => {
    expect(isNotInFuture(NOW + CLOCK_SKEW_MS, NOW)).toBe(true);
    expect(isNotInFuture(NOW + CLOCK_SKEW_MS + 1, NOW)).toBe(false);
    expect(isNotInFuture('2026-11-27T20:00:00Z', NOW)).toBe(true);
    expect(isNotInFuture('not a date', NOW)).toBe(false);
  });

  it('takes a calendar date as not in the future once it has begun somewhere (UTC+14)', () => {
    expect(isDateNotInFuture('2026-11-27', NOW)).toBe(true);
    // 21:00 UTC is 11:00 on the 28th in Kiribati: "today" there.
    expect(isDateNotInFuture('2026-11-28', NOW)).toBe(true);
    expect(isDateNotInFuture('2026-11-29', NOW)).toBe(false);
    expect(isDateNotInFuture('2030-01-01', NOW)).toBe(false);
  });

  it('is the rule of every entry’s time and of the A1C test date, naming the field', () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const entry = EntryCreateRequest.safeParse({
      tracker: 'weight',
      occurredAt: future,
      data: { weight: 80, weightUnit: 'kg' },
    });
    expect(entry.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['occurredAt', 'Cannot be in the future'],
    ]);
    const a1c = EntryCreateRequest.safeParse({
      tracker: 'a1c',
      occurredAt: new Date().toISOString(),
      data: { value: 6, test_date: '2030-01-01' },
    });
    expect(a1c.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['data.test_date', 'Cannot be in the future'],
    ]);
  });

  it('requires both blood pressure values: a systolic alone is not a reading', () => {
    const bp = EntryCreateRequest.safeParse({
      tracker: 'blood-pressure',
      occurredAt: new Date().toISOString(),
      data: { systolic: 135 },
    });
    expect(bp.error?.issues.map((i) => i.path.join('.'))).toEqual(['data.diastolic']);
  });
});
