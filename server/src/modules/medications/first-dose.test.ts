import {
  ALL_TIMES_PASSED_MESSAGE,
  type MedicationSchedule,
  MedicationScheduleRequest,
  MedicationScheduleUpdateRequest,
} from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabaseWithPerson } from '../../../test/harness';
import type { Database } from '../../db/database';
import { ProblemError } from '../../http/problem';
import { createMedicationSchedule } from './medications.service';
import { selectScheduleRows, selectSchedules } from './schedules.repository';
import { updateSchedule } from './schedules.service';

// The moment each schedule is set up is given, so these hold whatever the hour the tests run at.
const ZONE = 'America/New_York';
const DAY = '2031-01-14';
/** 3 p.m. on 14 January 2031 in New York (EST, UTC-5). */
const THREE_PM = new Date('2031-01-14T20:00:00Z');
const FOUR_PM = new Date('2031-01-14T21:00:00Z');

let db: Database;
let drop: () => Promise<void>;
let userId: string;
beforeAll(async () => {
  ({ db, drop, userId } = await openTestDatabaseWithPerson('first-dose@example.com'));
  await db.asSystem((tx) =>
    tx.execute(sql`update profiles set timezone = ${ZONE} where user_id = ${userId}`),
  );
});
afterAll(async () => {
  await db.close();
  await drop();
});

const schedule = (body: Record<string, unknown>): MedicationSchedule =>
  MedicationScheduleRequest.parse({ medicationName: 'Metformin', dosage: '500 mg', ...body });
const dueDates = async (id: string) =>
  (await db.asUser(userId, (tx) => selectScheduleRows(tx, userId, id)))
    .map((r) => r.dueDate!.toISOString())
    .sort();

describe('the first dose of a new schedule', () => {
  it('added at 3 p.m. with an 8 a.m. daily time starting today, is tomorrow at 8 a.m.: none is overdue at once', async () => {
    for (const startDate of [DAY, null]) {
      const res = await createMedicationSchedule(
        db,
        userId,
        schedule({ dailyTimes: ['08:00'], startDate }),
        THREE_PM,
      );
      expect(res).toMatchObject({
        created: 29,
        firstDueDate: '2031-01-15T13:00:00.000Z',
        lastDueDate: '2031-02-12T13:00:00.000Z',
      });
      const due = await dueDates(res.scheduleId);
      expect(due).toHaveLength(29);
      expect(due[0]).toBe('2031-01-15T13:00:00.000Z');
    }
  });

  it('with a later time today, is that time today', async () => {
    const res = await createMedicationSchedule(
      db,
      userId,
      schedule({ dailyTimes: ['08:00', '15:00', '21:00'] }),
      THREE_PM,
    );
    // Today's 8 a.m. is left out; 3 p.m. is exactly now, so it is still to come.
    expect(res).toMatchObject({ created: 89, firstDueDate: '2031-01-14T20:00:00.000Z' });
    expect((await dueDates(res.scheduleId)).slice(0, 2)).toEqual([
      '2031-01-14T20:00:00.000Z',
      '2031-01-15T02:00:00.000Z',
    ]);
  });

  it('begun on an earlier day, keeps the doses from that day on, to be marked', async () => {
    const res = await createMedicationSchedule(
      db,
      userId,
      schedule({ dailyTimes: ['08:00'], startDate: '2031-01-12' }),
      THREE_PM,
    );
    expect(res).toMatchObject({ created: 30, firstDueDate: '2031-01-12T13:00:00.000Z' });
  });

  it('is refused, and nothing is stored, when every time of a schedule starting today has passed', async () => {
    const before = await db.asUser(userId, (tx) => selectSchedules(tx, userId));
    for (const body of [
      { dailyTimes: ['08:00'], frequency: 'once' },
      { dailyTimes: ['08:00', '12:00'], endDate: DAY },
    ]) {
      const refused = await createMedicationSchedule(db, userId, schedule(body), THREE_PM).catch((e) => e);
      expect(refused).toBeInstanceOf(ProblemError);
      expect(refused).toMatchObject({
        status: 400,
        errors: [{ path: 'dailyTimes', message: ALL_TIMES_PASSED_MESSAGE }],
      });
    }
    expect(await db.asUser(userId, (tx) => selectSchedules(tx, userId))).toHaveLength(before.length);
  });
});

describe('changing the times of a schedule', () => {
  it('sets up no dose in the past: the first new one is the first new time still to come', async () => {
    const { scheduleId } = await createMedicationSchedule(
      db,
      userId,
      schedule({ dailyTimes: ['08:00'] }),
      new Date('2031-01-14T12:00:00Z'), // 7 a.m.: today's 8 a.m. is still to come
    );
    const change = MedicationScheduleUpdateRequest.parse({ dailyTimes: ['18:00', '07:00'] });
    const changed = await updateSchedule(db, userId, scheduleId, change, FOUR_PM);
    const due = await dueDates(scheduleId);
    // Today's 8 a.m., already due at 4 p.m., stays; no 7 a.m. dose appears before it.
    expect(due.slice(0, 3)).toEqual([
      '2031-01-14T13:00:00.000Z',
      '2031-01-14T23:00:00.000Z',
      '2031-01-15T12:00:00.000Z',
    ]);
    expect(due.filter((d) => d < FOUR_PM.toISOString())).toEqual(['2031-01-14T13:00:00.000Z']);
    expect(changed.dailyTimes).toEqual(['07:00', '18:00']);
  });
});
