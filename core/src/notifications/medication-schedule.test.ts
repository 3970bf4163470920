import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { localDate, MS_PER_DAY, timeZoneOffsetMs } from '../units/local-time';
import {
  doseStatus,
  expandMedicationSchedule,
  firstDoseNotBefore,
  MEDICATION_REQUIRED_MESSAGE,
  MedicationScheduleRequest,
} from './medication-schedule';

const wallTime = (d: Date, timeZone: string) => {
  const local = new Date(d.getTime() + timeZoneOffsetMs(d.getTime(), timeZone));
  return local.toISOString().slice(11, 16);
};

const parse = (body: unknown) => MedicationScheduleRequest.parse(body);

describe('medication schedule request', () => {
  it('needs a name, a dosage and at least one daily time, with the form’s message', () => {
    for (const body of [
      {},
      { medicationName: 'Metformin', dosage: '500 mg', dailyTimes: [] },
      { medicationName: '  ', dosage: '500 mg', dailyTimes: ['08:00'] },
      { medicationName: 'Metformin', dailyTimes: ['08:00'] },
    ]) {
      const result = MedicationScheduleRequest.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((i) => i.message)).toContain(MEDICATION_REQUIRED_MESSAGE);
    }
  });

  it('keeps the daily times unique and sorted, defaults to daily, reads "" as not given', () => {
    const req = parse({
      medicationName: 'Metformin',
      dosage: '500 mg',
      dailyTimes: ['20:00', '08:00', '20:00'],
      endDate: '',
      prescriber: '',
    });
    expect(req).toMatchObject({ dailyTimes: ['08:00', '20:00'], frequency: 'daily', endDate: null });
    expect(req.prescriber).toBeNull();
  });

  it('refuses malformed times, impossible dates and an end before the start', () => {
    const base = { medicationName: 'A', dosage: '1', dailyTimes: ['08:00'] };
    expect(MedicationScheduleRequest.safeParse({ ...base, dailyTimes: ['8am'] }).success).toBe(false);
    expect(MedicationScheduleRequest.safeParse({ ...base, dailyTimes: ['24:00'] }).success).toBe(false);
    expect(MedicationScheduleRequest.safeParse({ ...base, startDate: '2025-02-30' }).success).toBe(false);
    const backwards = MedicationScheduleRequest.safeParse({
      ...base,
      startDate: '2025-03-10',
      endDate: '2025-03-09',
    });
    expect(backwards.error?.issues[0]?.path).toEqual(['endDate']);
  });
});

describe('expandMedicationSchedule (spec §9)', () => {
  const opts = { timeZone: 'UTC', today: '2025-01-15' };

  it('daily: 30 days with one dose per time per day, starting today by default', () => {
    const doses = expandMedicationSchedule(
      parse({ medicationName: 'A', dosage: '1', dailyTimes: ['08:00', '20:00'] }),
      opts,
    );
    expect(doses).toHaveLength(60);
    expect(doses[0]?.dueAt.toISOString()).toBe('2025-01-15T08:00:00.000Z');
    expect(doses[1]?.dueAt.toISOString()).toBe('2025-01-15T20:00:00.000Z');
    expect(doses.at(-1)?.dueAt.toISOString()).toBe('2025-02-13T20:00:00.000Z');
  });

  it('weekly: 4 occurrences 7 days apart; once and monthly: a single occurrence', () => {
    const base = { medicationName: 'A', dosage: '1', dailyTimes: ['09:30'], startDate: '2025-01-31' };
    const weekly = expandMedicationSchedule(parse({ ...base, frequency: 'weekly' }), opts);
    expect(weekly.map((d) => d.localDate)).toEqual(['2025-01-31', '2025-02-07', '2025-02-14', '2025-02-21']);
    expect(expandMedicationSchedule(parse({ ...base, frequency: 'once' }), opts)).toHaveLength(1);
    expect(expandMedicationSchedule(parse({ ...base, frequency: 'monthly' }), opts)).toHaveLength(1);
  });

  it('stops after the end date (inclusive)', () => {
    const doses = expandMedicationSchedule(
      parse({
        medicationName: 'A',
        dosage: '1',
        dailyTimes: ['08:00'],
        startDate: '2025-02-26',
        endDate: '2025-03-02',
      }),
      opts,
    );
    expect(doses.map((d) => d.localDate)).toEqual([
      '2025-02-26',
      '2025-02-27',
      '2025-02-28',
      '2025-03-01',
      '2025-03-02',
    ]);
  });

  it('keeps 08:00 at 08:00 on the wall clock across the spring and autumn changes', () => {
    const spring = expandMedicationSchedule(
      parse({ medicationName: 'A', dosage: '1', dailyTimes: ['08:00'], startDate: '2025-03-08' }),
      { timeZone: 'America/New_York', today: '2025-03-08' },
    );
    expect(spring[0]?.dueAt.toISOString()).toBe('2025-03-08T13:00:00.000Z'); // EST
    expect(spring[1]?.dueAt.toISOString()).toBe('2025-03-09T12:00:00.000Z'); // EDT
    expect(spring[1]!.dueAt.getTime() - spring[0]!.dueAt.getTime()).toBe(23 * 3_600_000);
    const autumn = expandMedicationSchedule(
      parse({ medicationName: 'A', dosage: '1', dailyTimes: ['08:00'], startDate: '2025-10-25' }),
      { timeZone: 'Europe/Berlin', today: '2025-10-25' },
    );
    expect(autumn.slice(0, 2).map((d) => d.dueAt.toISOString())).toEqual([
      '2025-10-25T06:00:00.000Z',
      '2025-10-26T07:00:00.000Z',
    ]);
  });

  it('moves a time that does not exist on the spring-forward night forward by the gap', () => {
    const [dose] = expandMedicationSchedule(
      parse({
        medicationName: 'A',
        dosage: '1',
        dailyTimes: ['02:30'],
        startDate: '2025-03-30',
        frequency: 'once',
      }),
      { timeZone: 'Europe/Berlin', today: '2025-03-30' },
    );
    expect(wallTime(dose!.dueAt, 'Europe/Berlin')).toBe('03:30');
  });
});

describe('the first dose of a schedule set up now', () => {
  const NY = 'America/New_York';
  // 20:30 on 14 January in New York, already 15 January in UTC.
  const now = new Date('2025-01-15T01:30:00Z');
  const req = (startDate: string | null) =>
    parse({ medicationName: 'A', dosage: '1', dailyTimes: ['08:00', '20:00', '23:00'], startDate });
  const expand = (startDate: string | null) =>
    expandMedicationSchedule(req(startDate), {
      timeZone: NY,
      today: startDate ?? '2025-01-14',
      notBefore: firstDoseNotBefore(startDate, now, NY),
    });

  it('starting today on the person’s clock, is the first time at or after now: nothing is due at once', () => {
    for (const startDate of ['2025-01-14', null]) {
      const doses = expand(startDate);
      expect(doses[0]?.dueAt.toISOString()).toBe('2025-01-15T04:00:00.000Z'); // 23:00 New York
      expect(doses.every((d) => d.dueAt >= now)).toBe(true);
      // The 30 days stay the same: only today's 08:00 and 20:00 are left out.
      expect(doses).toHaveLength(88);
      expect(doses.at(-1)?.localDate).toBe('2025-02-12');
    }
    // A time exactly now is still to come.
    const atEight = expandMedicationSchedule(req('2025-01-14'), {
      timeZone: NY,
      today: '2025-01-14',
      notBefore: firstDoseNotBefore('2025-01-14', new Date('2025-01-15T01:00:00Z'), NY),
    });
    expect(atEight[0]?.localTime).toBe('20:00');
  });

  it('begun on an earlier day, keeps its doses from that day on (a course already under way)', () => {
    expect(firstDoseNotBefore('2025-01-13', now, NY)).toBeUndefined();
    const doses = expand('2025-01-13');
    expect(doses[0]?.dueAt.toISOString()).toBe('2025-01-13T13:00:00.000Z');
    expect(doses).toHaveLength(90);
  });

  it('starting on a later day, has all its doses', () => {
    expect(expand('2025-01-15')).toHaveLength(90);
  });
});

describe('a weekly, monthly or once schedule set up today after its time', () => {
  const NY = 'America/New_York';
  const DAY = '2025-01-14';
  const now = new Date('2025-01-14T20:00:00Z'); // 3 p.m. in New York
  const expand = (
    frequency: 'weekly' | 'monthly' | 'once',
    { dailyTimes = ['08:00'], startDate = DAY, endDate = null as string | null, notBefore = now } = {},
  ) =>
    expandMedicationSchedule(
      parse({ medicationName: 'A', dosage: '1', dailyTimes, frequency, startDate, endDate }),
      { timeZone: NY, today: startDate, notBefore },
    ).map((d) => `${d.localDate} ${d.localTime}`);

  it('weekly: still 4 occurrences 7 days apart, the first at or after now', () => {
    expect(firstDoseNotBefore(DAY, now, NY)).toEqual(now);
    expect(expand('weekly')).toEqual([
      '2025-01-21 08:00',
      '2025-01-28 08:00',
      '2025-02-04 08:00',
      '2025-02-11 08:00',
    ]);
    // Each time has its 4: today's 8 p.m. is still to come, so it begins today.
    expect(expand('weekly', { dailyTimes: ['08:00', '20:00'] })).toEqual([
      '2025-01-14 20:00',
      '2025-01-21 08:00',
      '2025-01-21 20:00',
      '2025-01-28 08:00',
      '2025-01-28 20:00',
      '2025-02-04 08:00',
      '2025-02-04 20:00',
      '2025-02-11 08:00',
    ]);
    // The end date still ends it.
    expect(expand('weekly', { endDate: '2025-02-01' })).toEqual(['2025-01-21 08:00', '2025-01-28 08:00']);
  });

  it('monthly: its one occurrence is the next, 30 days on, not none', () => {
    expect(expand('monthly')).toEqual(['2025-02-13 08:00']);
    expect(expand('monthly', { dailyTimes: ['08:00', '20:00'] })).toEqual([
      '2025-01-14 20:00',
      '2025-02-13 08:00',
    ]);
  });

  it('once: nothing is left, so the schedule is refused (ALL_TIMES_PASSED_MESSAGE)', () => {
    expect(expand('once')).toEqual([]);
  });

  it('begun on an earlier day and changed now, keeps its days: the course is not made longer', () => {
    expect(expand('weekly', { startDate: '2025-01-07' })).toEqual(['2025-01-21 08:00', '2025-01-28 08:00']);
    expect(expand('monthly', { startDate: '2025-01-07' })).toEqual([]);
  });
});

const ZONES = [
  'UTC',
  'America/New_York',
  'Europe/Berlin',
  'Australia/Sydney',
  'Asia/Kolkata',
  'America/Santiago',
  'Pacific/Chatham',
];
const dateArb = fc
  .integer({ min: Date.UTC(2020, 0, 1) / MS_PER_DAY, max: Date.UTC(2030, 11, 31) / MS_PER_DAY })
  .map((day) => new Date(day * MS_PER_DAY).toISOString().slice(0, 10));
// Times that exist every day in these zones (transitions happen between 00:00 and 03:45 local).
const timeArb = fc
  .tuple(fc.integer({ min: 4, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const scheduleArb = fc.record({
  dailyTimes: fc.uniqueArray(timeArb, { minLength: 1, maxLength: 4 }).map((t) => t.sort()),
  frequency: fc.constantFrom('daily', 'weekly', 'once', 'monthly' as const),
  startDate: dateArb,
  endDate: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
  timeZone: fc.constantFrom(...ZONES),
});
const addDays = (ymd: string, n: number) =>
  new Date(Date.parse(`${ymd}T00:00:00Z`) + n * MS_PER_DAY).toISOString().slice(0, 10);

describe('expandMedicationSchedule properties', () => {
  it('every dose falls on its local date at its wall-clock time, in order, never after the end date', () => {
    fc.assert(
      fc.property(scheduleArb, (s) => {
        const endDate = s.endDate === null ? null : addDays(s.startDate, s.endDate);
        const doses = expandMedicationSchedule(
          { dailyTimes: s.dailyTimes, frequency: s.frequency, startDate: s.startDate, endDate },
          { timeZone: s.timeZone, today: '2025-01-01' },
        );
        const full = { daily: 30, weekly: 4, once: 1, monthly: 1 }[s.frequency] * s.dailyTimes.length;
        if (endDate === null) expect(doses).toHaveLength(full);
        else expect(doses.length).toBeLessThanOrEqual(full);
        for (let i = 0; i < doses.length; i++) {
          const d = doses[i]!;
          expect(localDate(d.dueAt, s.timeZone)).toBe(d.localDate);
          expect(wallTime(d.dueAt, s.timeZone)).toBe(d.localTime);
          if (endDate) expect(d.localDate <= endDate).toBe(true);
          expect(d.localDate >= s.startDate).toBe(true);
          if (i > 0) expect(d.dueAt.getTime()).toBeGreaterThan(doses[i - 1]!.dueAt.getTime());
        }
        // Nothing is cut short except by the end date.
        if (endDate && doses.length < full) {
          const step = s.frequency === 'weekly' ? 7 : 1;
          expect(addDays(doses.at(-1)!.localDate, step) > endDate).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the same dose on consecutive days is 23, 24 or 25 hours apart (DST), in whole days otherwise', () => {
    fc.assert(
      fc.property(scheduleArb, (s) => {
        const doses = expandMedicationSchedule(
          { dailyTimes: [s.dailyTimes[0]!], frequency: 'daily', startDate: s.startDate, endDate: null },
          { timeZone: s.timeZone, today: '2025-01-01' },
        );
        for (let i = 1; i < doses.length; i++) {
          const hours = (doses[i]!.dueAt.getTime() - doses[i - 1]!.dueAt.getTime()) / 3_600_000;
          expect([23, 23.5, 24, 24.5, 25]).toContain(hours);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('doseStatus', () => {
  const now = new Date('2025-01-15T12:00:00Z');
  const past = '2025-01-15T08:00:00Z';
  const later = '2025-01-15T20:00:00Z';
  it('taken when completed, skipped when Skip was pressed, overdue when past and neither, else pending', () => {
    expect(doseStatus({ isCompleted: true, metadata: {}, dueDate: past }, now)).toBe('taken');
    expect(doseStatus({ isCompleted: false, metadata: { skipped: true }, dueDate: past }, now)).toBe(
      'skipped',
    );
    expect(doseStatus({ isCompleted: false, metadata: {}, dueDate: past }, now)).toBe('overdue');
    expect(doseStatus({ isCompleted: false, metadata: {}, dueDate: later }, now)).toBe('pending');
  });
});
