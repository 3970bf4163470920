import { computeStreakSummaryWithAchievements, TRACKER_KEYS } from '@healthfolio/core';
import { type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabaseWithPerson } from '../../../test/harness';
import type { Database, Tx } from '../../db/database';
import { summarizeEntryDays } from './achievements.service';
import { entriesRelation } from './entries.repository';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// Whole, half and 45-minute offsets, DST north and south, and the first zone to start a date.
const ZONES = [
  'UTC',
  'Asia/Tokyo',
  'America/New_York',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'Pacific/Kiritimati',
];
const TRACKERS = TRACKER_KEYS.filter((t) => t !== 'blood-glucose');
const GLUCOSE_SOURCES = ['manual', 'meter', 'cgm', 'import:csv'];

let db: Database;
let drop: () => Promise<void>;
let userId: string;

beforeAll(async () => {
  ({ db, drop, userId } = await openTestDatabaseWithPerson('entry-days@example.com'));
});
afterAll(async () => {
  await db.close();
  await drop();
});

// Ages reach 60 days back, a minute or two ahead (the clock skew) and a day ahead (rows stored
// before the no-future rule), so "today", the skew and the future are all crossed.
const age = fc.oneof(
  fc.integer({ min: 0, max: 60 * DAY }),
  fc.integer({ min: -10 * 60_000, max: 0 }),
  fc.integer({ min: -2 * DAY, max: 0 }),
);
const op = fc.oneof(
  fc.record({ kind: fc.constant('entry' as const), tracker: fc.constantFrom(...TRACKERS), age }),
  fc.record({ kind: fc.constant('glucose' as const), source: fc.constantFrom(...GLUCOSE_SOURCES), age }),
  // A backfill: many rows of one statement, as an import writes them.
  fc.record({
    kind: fc.constant('backfill' as const),
    source: fc.constantFrom(...GLUCOSE_SOURCES),
    ages: fc.array(fc.integer({ min: 0, max: 60 * DAY }), { minLength: 1, maxLength: 20 }),
  }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), age }),
  fc.record({ kind: fc.constant('retrack' as const), pick: fc.nat(), tracker: fc.constantFrom(...TRACKERS) }),
  fc.record({
    kind: fc.constant('resource' as const),
    pick: fc.nat(),
    source: fc.constantFrom(...GLUCOSE_SOURCES),
  }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('zone' as const), zone: fc.constantFrom(...ZONES) }),
);
type Op = typeof op extends fc.Arbitrary<infer T> ? T : never;

const at = (now: number, ageMs: number) => new Date(now - ageMs).toISOString();

const ids = async (tx: Tx, table: 'tracker_entries' | 'glucose_readings') =>
  (
    await tx.execute<{ id: string }>(
      sql`select id from ${sql.raw(table)} where user_id = ${userId} order by id`,
    )
  ).rows;

const apply = async (tx: Tx, o: Op, now: number) => {
  const glucose = (source: string, ageMs: number) =>
    sql`(${userId}, 100, ${at(now, ageMs)}::timestamptz, ${source})`;
  switch (o.kind) {
    case 'entry':
      await tx.execute(sql`insert into tracker_entries (user_id, tracker, occurred_at, data)
        values (${userId}, ${o.tracker}, ${at(now, o.age)}, '{}')`);
      return;
    case 'glucose':
      await tx.execute(sql`insert into glucose_readings (user_id, value_mgdl, recorded_at, source)
        values ${glucose(o.source, o.age)} on conflict do nothing`);
      return;
    case 'backfill':
      await tx.execute(sql`insert into glucose_readings (user_id, value_mgdl, recorded_at, source)
        values ${sql.join(
          o.ages.map((a) => glucose(o.source, a)),
          sql`, `,
        )} on conflict do nothing`);
      return;
    case 'zone':
      await tx.execute(sql`update profiles set timezone = ${o.zone} where user_id = ${userId}`);
      return;
  }
  const entries = await ids(tx, 'tracker_entries');
  const readings = await ids(tx, 'glucose_readings');
  const all = [
    ...entries.map((r) => ['tracker_entries', r.id]),
    ...readings.map((r) => ['glucose_readings', r.id]),
  ];
  if (!all.length) return;
  const [table, id] = all[o.pick % all.length]!;
  const t = sql.raw(table!);
  if (o.kind === 'delete') await tx.execute(sql`delete from ${t} where id = ${id}`);
  // A reading is not moved or re-sourced onto another's (time, source): the database refuses that
  // (its unique key), so the op is skipped, as a refused edit changes nothing. Ages of 0 are common.
  const keyFree = (recordedAt: SQL, source: SQL) => sql`not exists (select 1 from glucose_readings o
    where o.user_id = ${userId} and o.recorded_at = ${recordedAt} and o.source = ${source} and o.id <> ${id})`;
  if (o.kind === 'move' && table === 'tracker_entries')
    await tx.execute(sql`update tracker_entries set occurred_at = ${at(now, o.age)} where id = ${id}`);
  if (o.kind === 'move' && table === 'glucose_readings') {
    const to = sql`${at(now, o.age)}::timestamptz`;
    await tx.execute(sql`update glucose_readings r set recorded_at = ${to}
      where r.id = ${id} and ${keyFree(to, sql`r.source`)}`);
  }
  if (o.kind === 'retrack' && table === 'tracker_entries')
    await tx.execute(sql`update tracker_entries set tracker = ${o.tracker} where id = ${id}`);
  if (o.kind === 'resource' && table === 'glucose_readings')
    await tx.execute(sql`update glucose_readings r set source = ${o.source}
      where r.id = ${id} and ${keyFree(sql`r.recorded_at`, sql`${o.source}`)}`);
};

/** What the summary was before the counters: every entry read and judged. */
const recomputed = async (tx: Tx, now: number) => {
  const timeZone = (
    await tx.execute<{ timezone: string }>(sql`select timezone from profiles where user_id = ${userId}`)
  ).rows[0]!.timezone;
  const rows = (
    await tx.execute<{ occurred_at: Date; tracker: string }>(
      sql`select occurred_at, tracker from (${entriesRelation(userId)}) e`,
    )
  ).rows;
  return {
    summary: computeStreakSummaryWithAchievements(
      rows.map((r) => r.occurred_at),
      { timeZone, now },
    ),
    categories: new Set(rows.map((r) => r.tracker)).size,
  };
};

describe('entry day counters', () => {
  it('give the summary a full recount of every entry gives, through inserts, backfills, moves, deletes and zone changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ZONES),
        fc.array(fc.array(op, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        async (zone, transactions) => {
          const now = Date.now();
          await db.asUser(userId, async (tx) => {
            await tx.execute(sql`delete from tracker_entries where user_id = ${userId}`);
            await tx.execute(sql`delete from glucose_readings where user_id = ${userId}`);
            // A no-op while the triggers are right; it keeps a failing run from spoiling the next.
            await tx.execute(sql`delete from entry_days where user_id = ${userId}`);
            await tx.execute(sql`update profiles set timezone = ${zone} where user_id = ${userId}`);
          });
          for (const ops of transactions) {
            await db.asUser(userId, async (tx) => {
              for (const o of ops) await apply(tx, o, now);
            });
          }
          await db.asUser(userId, async (tx) => {
            const { summary, categories } = await summarizeEntryDays(tx, userId, now);
            expect({ summary, categories }).toEqual(await recomputed(tx, now));
          });
        },
      ),
      { numRuns: 40 },
    );
  });
});
