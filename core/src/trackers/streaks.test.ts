import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDate } from '../units/local-time';
import { computeStreakSummary, STREAK_GOAL } from './streaks';

const DAY = 86_400_000;

describe('streak summary', () => {
  it('is empty without entries', () => {
    expect(computeStreakSummary([], { timeZone: 'UTC', now: '2024-06-01T12:00:00Z' })).toEqual({
      currentStreak: 0,
      longestStreak: 0,
      totalEntries: 0,
      entriesThisWeek: 0,
      entriesThisMonth: 0,
      loggedDays: 0,
      lastLoggedDate: null,
      streakGoal: 7,
    });
    expect(STREAK_GOAL).toBe(7);
  });

  it('counts distinct days: three entries on one day are a one-day streak', () => {
    const s = computeStreakSummary(['2024-06-01T08:00:00Z', '2024-06-01T12:00:00Z', '2024-06-01T20:00:00Z'], {
      timeZone: 'UTC',
      now: '2024-06-01T21:00:00Z',
    });
    expect(s).toMatchObject({ currentStreak: 1, longestStreak: 1, totalEntries: 3, loggedDays: 1 });
  });

  it('keeps the current streak when the last entry was yesterday, drops it after that', () => {
    const entries = ['2024-06-01T10:00:00Z', '2024-06-02T10:00:00Z', '2024-06-03T10:00:00Z'];
    const on = (now: string) => computeStreakSummary(entries, { timeZone: 'UTC', now });
    expect(on('2024-06-03T23:59:00Z').currentStreak).toBe(3);
    expect(on('2024-06-04T00:01:00Z').currentStreak).toBe(3);
    expect(on('2024-06-04T23:59:00Z').currentStreak).toBe(3);
    expect(on('2024-06-05T00:00:00Z').currentStreak).toBe(0);
    expect(on('2024-06-05T00:00:00Z').longestStreak).toBe(3);
    expect(on('2024-06-05T00:00:00Z').lastLoggedDate).toBe('2024-06-03');
  });

  it('uses the latest run for the current streak and the longest run for the best', () => {
    const entries = [1, 2, 3, 4, 5, 8, 9].map((d) => `2024-06-0${d}T10:00:00Z`);
    const s = computeStreakSummary(entries, { timeZone: 'UTC', now: '2024-06-09T12:00:00Z' });
    expect(s.currentStreak).toBe(2);
    expect(s.longestStreak).toBe(5);
  });

  it('an entry at 23:30 UTC belongs to the next day in Asia/Tokyo', () => {
    const entries = ['2024-06-01T10:00:00Z', '2024-06-01T23:30:00Z'];
    const now = '2024-06-02T05:00:00Z';
    const tokyo = computeStreakSummary(entries, { timeZone: 'Asia/Tokyo', now });
    expect(tokyo).toMatchObject({ loggedDays: 2, currentStreak: 2, lastLoggedDate: '2024-06-02' });
    const utc = computeStreakSummary(entries, { timeZone: 'UTC', now });
    expect(utc).toMatchObject({ loggedDays: 1, currentStreak: 1, lastLoggedDate: '2024-06-01' });
  });

  it('"today" is the user\'s today: late evening in New York is already tomorrow in UTC', () => {
    // 2024-06-02T02:00Z is 22:00 on June 1 in New York; the entry of June 1 is today there.
    const s = computeStreakSummary(['2024-06-01T14:00:00Z'], {
      timeZone: 'America/New_York',
      now: '2024-06-03T02:00:00Z',
    });
    expect(s.currentStreak).toBe(1);
    expect(
      computeStreakSummary(['2024-06-01T14:00:00Z'], { timeZone: 'UTC', now: '2024-06-03T02:00:00Z' })
        .currentStreak,
    ).toBe(0);
  });

  it('runs across month and year ends, and leap days', () => {
    const run = (dates: string[], now: string) =>
      computeStreakSummary(
        dates.map((d) => `${d}T12:00:00Z`),
        { timeZone: 'UTC', now: `${now}T13:00:00Z` },
      );
    expect(run(['2024-01-30', '2024-01-31', '2024-02-01', '2024-02-02'], '2024-02-02').currentStreak).toBe(4);
    expect(run(['2024-02-28', '2024-02-29', '2024-03-01'], '2024-03-01').currentStreak).toBe(3);
    expect(run(['2023-02-28', '2023-03-01'], '2023-03-01').currentStreak).toBe(2);
    expect(run(['2024-02-28', '2024-03-01'], '2024-03-01').currentStreak).toBe(1);
    expect(run(['2023-12-30', '2023-12-31', '2024-01-01'], '2024-01-02').currentStreak).toBe(3);
    expect(run(['2024-04-30', '2024-05-01'], '2024-05-01').longestStreak).toBe(2);
  });

  it('counts days across DST changes in America/New_York (23- and 25-hour days)', () => {
    // 00:30 local on each day around spring forward (2024-03-10) and fall back (2024-11-03).
    const spring = [
      '2024-03-09T05:30:00Z',
      '2024-03-10T05:30:00Z',
      '2024-03-11T04:30:00Z',
      '2024-03-12T04:30:00Z',
    ];
    const s = computeStreakSummary(spring, { timeZone: 'America/New_York', now: '2024-03-12T16:00:00Z' });
    expect(s).toMatchObject({ loggedDays: 4, currentStreak: 4, lastLoggedDate: '2024-03-12' });

    // 00:30 EDT and 23:30 EST are both November 3, the 25-hour day.
    const fall = ['2024-11-03T04:30:00Z', '2024-11-04T04:30:00Z'];
    const f = computeStreakSummary(fall, { timeZone: 'America/New_York', now: '2024-11-04T12:00:00Z' });
    expect(f).toMatchObject({ loggedDays: 1, currentStreak: 1, lastLoggedDate: '2024-11-03' });
  });

  it('counts days across DST changes in Europe/Berlin', () => {
    // 00:30 local on March 31 (CET) and April 1 (CEST) 2024; 23:30 local on October 26 and 27.
    const entries = [
      '2024-03-30T23:30:00Z',
      '2024-03-31T22:30:00Z',
      '2024-10-26T21:30:00Z',
      '2024-10-27T22:30:00Z',
    ];
    const s = computeStreakSummary(entries, { timeZone: 'Europe/Berlin', now: '2024-10-28T08:00:00Z' });
    expect(s).toMatchObject({
      loggedDays: 4,
      longestStreak: 2,
      currentStreak: 2,
      lastLoggedDate: '2024-10-27',
    });
  });

  it('counts entries of the last 7 local days including today as this week', () => {
    const now = '2024-06-10T12:00:00Z';
    const entries = [
      '2024-06-10T08:00:00Z',
      '2024-06-10T09:00:00Z', // two today
      '2024-06-04T00:00:00Z', // 6 days ago: inside
      '2024-06-03T23:59:00Z', // 7 days ago: outside
      '2024-06-11T08:00:00Z', // tomorrow: not this week yet
    ];
    expect(computeStreakSummary(entries, { timeZone: 'UTC', now }).entriesThisWeek).toBe(3);
  });

  it('counts nothing dated in the future: not in totals, days, streaks, the week or the month', () => {
    const s = computeStreakSummary(
      ['2024-06-10T08:00:00Z', '2024-06-11T08:00:00Z', '2024-06-12T08:00:00Z', '2030-01-01T08:00:00Z'],
      { timeZone: 'UTC', now: '2024-06-10T12:00:00Z' },
    );
    expect(s).toMatchObject({
      currentStreak: 1,
      longestStreak: 1,
      totalEntries: 1,
      loggedDays: 1,
      entriesThisWeek: 1,
      entriesThisMonth: 1,
      lastLoggedDate: '2024-06-10',
    });
  });

  it('counts an entry a few minutes ahead of the clock (skew) as today’s', () => {
    const s = computeStreakSummary(['2024-06-11T00:02:00Z'], {
      timeZone: 'UTC',
      now: '2024-06-10T23:59:00Z',
    });
    expect(s).toMatchObject({
      totalEntries: 1,
      loggedDays: 1,
      currentStreak: 1,
      lastLoggedDate: '2024-06-10',
    });
  });

  it('counts one entry as one: this week 1, this month 1, on 1 day', () => {
    const s = computeStreakSummary(['2024-06-10T08:00:00Z'], {
      timeZone: 'UTC',
      now: '2024-06-10T12:00:00Z',
    });
    expect(s).toMatchObject({ totalEntries: 1, entriesThisWeek: 1, entriesThisMonth: 1, loggedDays: 1 });
  });

  it('counts entries of the last 30 local days including today as this month, in the user’s zone', () => {
    const now = '2024-06-30T12:00:00Z';
    const entries = [
      '2024-06-01T00:30:00Z', // 29 days ago in UTC: inside; in New York still May 31: outside
      '2024-05-31T23:00:00Z', // 30 days ago: outside
      '2024-06-30T10:00:00Z',
    ];
    expect(computeStreakSummary(entries, { timeZone: 'UTC', now }).entriesThisMonth).toBe(2);
    expect(computeStreakSummary(entries, { timeZone: 'America/New_York', now }).entriesThisMonth).toBe(1);
  });

  it('accepts Date objects and epoch milliseconds like ISO strings', () => {
    const iso = ['2024-06-01T10:00:00Z', '2024-06-02T10:00:00Z'];
    const opts = { timeZone: 'UTC', now: new Date('2024-06-02T12:00:00Z') };
    const fromIso = computeStreakSummary(iso, opts);
    expect(
      computeStreakSummary(
        iso.map((s) => new Date(s)),
        opts,
      ),
    ).toEqual(fromIso);
    expect(
      computeStreakSummary(
        iso.map((s) => Date.parse(s)),
        opts,
      ),
    ).toEqual(fromIso);
  });
});

describe('streak properties', () => {
  const base = Date.parse('2024-01-01T00:00:00Z');
  const zone = fc.constantFrom('UTC', 'Asia/Tokyo', 'America/New_York', 'Europe/Berlin', 'Pacific/Auckland');
  // Entries spread over ~10 months so runs cross month ends and DST changes.
  const instants = fc.array(
    fc.integer({ min: 0, max: 300 * DAY }).map((o) => base + o),
    { maxLength: 120 },
  );
  const now = fc.integer({ min: 0, max: 310 * DAY }).map((o) => base + o);

  it('the longest streak is never shorter than the current one, nor longer than the logged days', () => {
    fc.assert(
      fc.property(instants, zone, now, (entries, timeZone, at) => {
        const s = computeStreakSummary(entries, { timeZone, now: at });
        expect(s.longestStreak).toBeGreaterThanOrEqual(s.currentStreak);
        expect(s.loggedDays).toBeGreaterThanOrEqual(s.longestStreak);
        expect(s.totalEntries).toBeGreaterThanOrEqual(s.loggedDays);
        expect(s.entriesThisWeek).toBeLessThanOrEqual(s.entriesThisMonth);
        expect(s.entriesThisMonth).toBeLessThanOrEqual(s.totalEntries);
        // Nothing from the future: the last logged day is never after today.
        if (s.lastLoggedDate) expect(s.lastLoggedDate <= localDate(at, timeZone)).toBe(true);
      }),
    );
  });

  it('the order of entries changes nothing', () => {
    fc.assert(
      fc.property(instants, zone, now, fc.integer(), (entries, timeZone, at, seed) => {
        const shuffled = [...entries];
        let state = seed >>> 0;
        for (let i = shuffled.length - 1; i > 0; i--) {
          state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
          const j = state % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j] as number, shuffled[i] as number];
        }
        const opts = { timeZone, now: at };
        expect(computeStreakSummary(shuffled, opts)).toEqual(computeStreakSummary(entries, opts));
      }),
    );
  });

  it('another entry on an already logged day changes only the entry counts', () => {
    fc.assert(
      fc.property(
        instants.filter((e) => e.length > 0),
        fc.nat(),
        fc.integer({ min: -23 * 60, max: 23 * 60 }),
        zone,
        now,
        (entries, pick, shiftMinutes, timeZone, at) => {
          const existing = entries[pick % entries.length] as number;
          const extra = existing + shiftMinutes * 60_000;
          fc.pre(localDate(extra, timeZone) === localDate(existing, timeZone));
          // Nothing dated in the future counts, so both are in the past of `at`.
          fc.pre(extra <= at && existing <= at);
          const before = computeStreakSummary(entries, { timeZone, now: at });
          const after = computeStreakSummary([...entries, extra], { timeZone, now: at });
          expect(after.totalEntries).toBe(before.totalEntries + 1);
          expect({ ...after, totalEntries: 0, entriesThisWeek: 0, entriesThisMonth: 0 }).toEqual({
            ...before,
            totalEntries: 0,
            entriesThisWeek: 0,
            entriesThisMonth: 0,
          });
        },
      ),
    );
  });

  it('one entry on each of n consecutive local days up to today is an n-day streak', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        zone,
        fc.integer({ min: 0, max: 300 }),
        (n, timeZone, start) => {
          // Local noon is never ambiguous and stays on its day however the offset changes.
          const noonUtc = (dayOffset: number) => {
            const approx = base + (start + dayOffset) * DAY + 12 * 3_600_000;
            const date = localDate(approx, 'UTC');
            let ms = Date.parse(`${date}T12:00:00Z`);
            while (localDate(ms, timeZone) !== date)
              ms += localDate(ms, timeZone) < date ? 3_600_000 : -3_600_000;
            return ms;
          };
          const entries = Array.from({ length: n }, (_, i) => noonUtc(i));
          const s = computeStreakSummary(entries, { timeZone, now: noonUtc(n - 1) });
          expect(s.currentStreak).toBe(n);
          expect(s.longestStreak).toBe(n);
          expect(s.entriesThisWeek).toBe(Math.min(n, 7));
        },
      ),
    );
  });
});
