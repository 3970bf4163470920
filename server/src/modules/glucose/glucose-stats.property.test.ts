import { analyzeGlucose, createLocalClock, gmiSufficiency, localHour } from '@healthfolio/core';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabaseWithPerson } from '../../../test/harness';
import type { Database } from '../../db/database';
import { addReadings, glucoseStats } from './glucose.service';
import { offsetSegments } from './offset-segments';

const DAY = 86_400_000;
// These readings are history: nothing to tell an open page.
const silent = { announce: async () => {} };
// Whole-hour, half-hour and 45-minute offsets; DST north and south, and Lord Howe's 30-minute DST.
const ZONES = [
  'UTC',
  'Europe/Berlin',
  'America/New_York',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Australia/Lord_Howe',
  'America/St_Johns',
  'Pacific/Auckland',
];

let db: Database;
let drop: () => Promise<void>;
let userId: string;

beforeAll(async () => {
  ({ db, drop, userId } = await openTestDatabaseWithPerson('glucose-property@example.com'));
});
afterAll(async () => {
  await db.close();
  await drop();
});

describe('local offsets for the database', () => {
  it('give every instant the local hour core’s clock gives it, across DST changes', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2030, 0, 1) }),
        fc.array(fc.integer({ min: 0, max: 400 * DAY }), { minLength: 1, maxLength: 200 }),
        (zone, from, offsets) => {
          const to = from + 400 * DAY;
          const segments = offsetSegments(from, to, zone);
          const clock = createLocalClock(zone);
          for (const ms of offsets.map((o) => from + o)) {
            let i = 0;
            while (i < segments.bounds.length && ms >= (segments.bounds[i] as number)) i++;
            expect(localHour(ms + (segments.offsetsMs[i] as number))).toBe(localHour(clock(ms)));
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

const reading = fc.record({
  ageMs: fc.integer({ min: -DAY, max: 35 * DAY }),
  mgdl: fc.oneof(
    fc.integer({ min: 20, max: 600 }),
    fc.integer({ min: 200, max: 6000 }).map((x) => x / 10),
  ),
  source: fc.constantFrom('manual', 'meter', 'import:csv', 'cgm'),
});

describe('statistics aggregated in the database', () => {
  it('equal core’s analyzeGlucose over the same readings (mean and SD to rounding)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ZONES),
        fc.array(reading, { maxLength: 400 }),
        fc.integer({ min: 1, max: 30 }),
        async (zone, drawn, days) => {
          await db.asSystem(async (tx) => {
            await tx.execute(sql`delete from glucose_readings where user_id = ${userId}`);
            await tx.execute(sql`update profiles set timezone = ${zone} where user_id = ${userId}`);
          });
          const now = Date.now();
          // Whole seconds apart, a minute clear of the window's edges, so the clock running on cannot move one in or out.
          const readings = drawn
            .map((r) => ({ ...r, at: now - Math.round(r.ageMs / 1000) * 1000 }))
            .filter((r) => Math.abs(r.at - now) > 60_000 && Math.abs(r.at - (now - days * DAY)) > 60_000);
          for (const source of ['manual', 'meter', 'import:csv', 'cgm'] as const) {
            const own = readings.filter((r) => r.source === source);
            if (own.length === 0) continue;
            const at = own.map((r) => ({ at: new Date(r.at).toISOString(), mgdl: r.mgdl }));
            await db.asUser(userId, (tx) =>
              tx.execute(sql`insert into glucose_readings (user_id, source, recorded_at, value_mgdl)
                select ${userId}, ${source}, r.at, r.v from unnest(${`{${at.map((r) => r.at).join(',')}}`}::timestamptz[],
                ${`{${at.map((r) => r.mgdl).join(',')}}`}::float8[]) as r(at, v) on conflict do nothing`),
            );
          }
          const stored = new Map(readings.map((r) => [`${r.at}|${r.source}`, r]));
          const inWindow = [...stored.values()]
            .filter((r) => r.at >= now - days * DAY && r.at < now)
            .sort((a, b) => a.at - b.at);
          const expected = analyzeGlucose(inWindow, { timeZone: zone });
          const sensor = inWindow.filter((r) => r.source !== 'manual' && r.source !== 'meter');
          const actual = await glucoseStats(db, userId, days);

          expect(actual.agp).toEqual(expected.agp);
          expect(actual.firstAt).toBe(
            expected.firstAt === null ? null : new Date(expected.firstAt).toISOString(),
          );
          expect(actual.lastAt).toBe(
            expected.lastAt === null ? null : new Date(expected.lastAt).toISOString(),
          );
          expect(actual.gmiSufficiency).toEqual(
            gmiSufficiency(
              days * DAY,
              sensor[0]?.at ?? Number.NaN,
              sensor.at(-1)?.at ?? Number.NaN,
              sensor.length,
            ),
          );
          expect(actual.hourly.map((h) => h.count)).toEqual(expected.hourly.map((h) => h.count));
          actual.hourly.forEach((h, i) => {
            const mean = expected.hourly[i]?.mean ?? null;
            if (mean === null) expect(h.mean).toBeNull();
            else expect(h.mean).toBeCloseTo(mean, 9);
          });
          if (expected.statistics === null) {
            expect(actual.statistics).toBeNull();
            return;
          }
          const { mean, sd, cv, gmi, eA1c, ...exact } = expected.statistics;
          expect(actual.statistics).toMatchObject(exact);
          expect(actual.statistics?.mean).toBeCloseTo(mean, 9);
          expect(actual.statistics?.gmi).toBeCloseTo(gmi, 9);
          expect(actual.statistics?.eA1c).toBeCloseTo(eA1c, 9);
          if (sd === null) expect(actual.statistics?.sd).toBeNull();
          else expect(actual.statistics?.sd).toBeCloseTo(sd, 9);
          if (cv === null) expect(actual.statistics?.cv).toBeNull();
          else expect(actual.statistics?.cv).toBeCloseTo(cv, 9);
        },
      ),
      { numRuns: 40 },
    );
  }, 240_000);

  it('imports a batch in one statement, idempotently, counting only new readings', async () => {
    await db.asSystem((tx) => tx.execute(sql`delete from glucose_readings where user_id = ${userId}`));
    const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 300_000).toISOString();
    const readings = Array.from({ length: 5000 }, (_, i) => ({ at: at(i), mgdl: 60 + (i % 200) + 0.5 }));
    expect(await addReadings(db, userId, { source: 'import:csv', readings }, silent)).toEqual({
      received: 5000,
      inserted: 5000,
      duplicates: 0,
    });
    // Half old, half new, and one reading twice in the same batch.
    const next = [
      ...readings.slice(2500),
      ...Array.from({ length: 2500 }, (_, i) => ({ at: at(5000 + i), mgdl: 99 })),
    ];
    next.push({ at: at(7499), mgdl: 99 });
    expect(await addReadings(db, userId, { source: 'import:csv', readings: next }, silent)).toEqual({
      received: 5001,
      inserted: 2500,
      duplicates: 2501,
    });
    const { rows } = await db.asUser(userId, (tx) =>
      tx.execute<{ n: number; v: number }>(
        sql`select count(*)::int as n, max(value_mgdl) filter (where recorded_at = ${at(4999)}) as v from glucose_readings`,
      ),
    );
    expect(rows[0]).toEqual({ n: 7500, v: 60 + (4999 % 200) + 0.5 });
  });
});
