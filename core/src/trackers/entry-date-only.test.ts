import { describe, expect, it } from 'vitest';
import { addCalendarDays } from '../units/local-time';
import { datedAsGiven, isDatedNotInFuture } from '../units/partial-date-future';
import { EntryCreateRequest, EntryUpdateRequest } from './entry.schema';

const WEIGHT = { weight: 80, weightUnit: 'kg' };
const issues = (r: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => [i.path.join('.'), i.message]);
const utcToday = () => new Date().toISOString().slice(0, 10);

describe('an entry dated by a date alone', () => {
  it('is accepted on create and on an edit, a date no calendar has is not', () => {
    const day = addCalendarDays(utcToday(), -1);
    expect(EntryCreateRequest.safeParse({ tracker: 'weight', occurredAt: day, data: WEIGHT }).success).toBe(
      true,
    );
    expect(EntryUpdateRequest.safeParse({ occurredAt: day }).success).toBe(true);
    expect(issues(EntryUpdateRequest.safeParse({ occurredAt: '2019-02-30' }))).toEqual([
      ['occurredAt', 'Date and time are required'],
    ]);
    expect(issues(EntryUpdateRequest.safeParse({ occurredAt: '2019-03' }))).toEqual([
      ['occurredAt', 'Date and time are required'],
    ]);
  });

  it('is refused once no zone on Earth has begun that day', () => {
    const later = addCalendarDays(utcToday(), 2);
    expect(issues(EntryUpdateRequest.safeParse({ occurredAt: later }))).toEqual([
      ['occurredAt', 'Cannot be in the future'],
    ]);
  });

  it('is not a glucose reading, which is kept with its time', () => {
    const r = EntryCreateRequest.safeParse({
      tracker: 'blood-glucose',
      occurredAt: addCalendarDays(utcToday(), -1),
      data: { glucose: 120 },
    });
    expect(issues(r)).toEqual([['occurredAt', 'Date and time are required']]);
  });

  it('is stored at noon UTC of its day, dated by the day; a time stays a time', () => {
    expect(datedAsGiven('2026-03-15')).toEqual({ at: '2026-03-15T12:00:00.000Z', precision: 'day' });
    expect(datedAsGiven('2026-03-15T08:30:00+13:00')).toEqual({
      at: '2026-03-15T08:30:00+13:00',
      precision: null,
    });
  });

  it("may be today in the person's zone at either end of the day line, not tomorrow", () => {
    // 11:30 UTC on Jan 10: already 00:30 on Jan 11 in Auckland, still 01:30 on Jan 10 in Honolulu.
    const now = Date.parse('2026-01-10T11:30:00Z');
    const ok = (date: string, zone: string) => isDatedNotInFuture(datedAsGiven(date), zone, now);
    expect(ok('2026-01-11', 'Pacific/Auckland')).toBe(true);
    expect(ok('2026-01-12', 'Pacific/Auckland')).toBe(false);
    expect(ok('2026-01-10', 'Pacific/Honolulu')).toBe(true);
    expect(ok('2026-01-11', 'Pacific/Honolulu')).toBe(false);
    // A time of day is checked by its instant, whatever the zone.
    expect(ok('2026-01-10T11:34:00Z', 'Pacific/Honolulu')).toBe(true);
    expect(ok('2026-01-10T11:40:00Z', 'Pacific/Auckland')).toBe(false);
  });
});
