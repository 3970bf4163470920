import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabaseWithPerson } from '../../../test/harness';
import type { Database, Tx } from '../../db/database';
import {
  insertThenCommit,
  insertWithUnlocks,
  storeUnlocksAfter,
  summarizeEntryDays,
  syncAchievementUnlocks,
} from './achievements.service';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const ZONES = ['UTC', 'America/New_York', 'Australia/Lord_Howe', 'Pacific/Kiritimati'];

let db: Database;
let drop: () => Promise<void>;
let userId: string;

beforeAll(async () => {
  ({ db, drop, userId } = await openTestDatabaseWithPerson('unlock-view@example.com'));
});
afterAll(async () => {
  await db.close();
  await drop();
});

const at = (now: number, ageMs: number) => new Date(now - ageMs);

const insertEntry = (tx: Tx, when: Date, glucose: boolean) =>
  glucose
    ? tx.execute(sql`insert into glucose_readings (user_id, value_mgdl, recorded_at, source)
        values (${userId}, 100, ${when.toISOString()}, 'manual')`)
    : tx.execute(sql`insert into tracker_entries (user_id, tracker, occurred_at, data)
        values (${userId}, 'weight', ${when.toISOString()}, '{}')`);

const stored = async (tx: Tx) =>
  (
    await tx.execute<{ id: string }>(
      sql`select achievement_id as id from achievement_unlocks where user_id = ${userId}`,
    )
  ).rows
    .map((r) => r.id)
    .sort();

/** What the full summary (every day counter, as the streak screen reads it) shows unlocked. */
const unlockedByFullSummary = async (tx: Tx, now: number) =>
  (await summarizeEntryDays(tx, userId, now)).summary.achievements
    .filter((a) => a.unlocked)
    .map((a) => a.id)
    .sort();

// A history written without the write check (an import, Nightscout treatments): runs of daily entries.
const run = fc.record({
  start: fc.integer({ min: 0, max: 45 }),
  length: fc.integer({ min: 1, max: 30 }),
  perDay: fc.integer({ min: 1, max: 4 }),
});
// Then entries one by one through the write check, in the same weeks so they join, bridge and extend
// the history's runs from either end: days back, any moment of the last weeks, or just ahead of now
// within the clock skew (a phone's clock a little fast).
const write = fc.oneof(
  fc.record({
    age: fc.oneof(
      fc.integer({ min: 0, max: 45 }).map((d) => d * DAY + 2 * HOUR),
      fc.integer({ min: 0, max: 45 * DAY }),
      fc.integer({ min: -60_000, max: 0 }),
    ),
    glucose: fc.boolean(),
  }),
  // The day just before or after one of the history's runs: a run extended at its very end.
  fc.record({ edge: fc.nat(), older: fc.boolean(), glucose: fc.boolean() }),
);
type Write = typeof write extends fc.Arbitrary<infer T> ? T : never;
type Run = typeof run extends fc.Arbitrary<infer T> ? T : never;

const ageOf = (w: Write, history: Run[]) => {
  if ('age' in w) return w.age;
  const r = history[w.edge % history.length];
  if (!r) return 0;
  return (w.older ? r.start + r.length : Math.max(r.start - 1, 0)) * DAY + 3 * HOUR;
};

describe('the write check for achievements', () => {
  it('stores, after every insert (a tracker entry once its transaction has ended), exactly what the full summary shows unlocked', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ZONES),
        fc.array(run, { maxLength: 6 }),
        fc.array(write, { minLength: 1, maxLength: 25 }),
        async (zone, history, writes) => {
          const now = Date.now();
          await db.asUser(userId, async (tx) => {
            await tx.execute(sql`delete from tracker_entries where user_id = ${userId}`);
            await tx.execute(sql`delete from glucose_readings where user_id = ${userId}`);
            await tx.execute(sql`update profiles set timezone = ${zone} where user_id = ${userId}`);
            await tx.execute(sql`delete from achievement_unlocks where user_id = ${userId}`);
            for (const r of history)
              for (let d = 0; d < r.length; d++)
                for (let k = 0; k < r.perDay; k++)
                  await insertEntry(tx, at(now, (r.start + d) * DAY + k * HOUR), k % 2 === 1);
            // As the streak screen does on its next read: what the history earned is stored.
            await syncAchievementUnlocks(tx, userId);
          });
          for (const w of writes) {
            const when = at(now, ageOf(w, history));
            if (w.glucose)
              await db.asUser(userId, (tx) =>
                insertWithUnlocks(tx, userId, when, () => insertEntry(tx, when, true), now),
              );
            else {
              // A tracker entry as the API logs one: its transaction ends with the insert, and what it
              // unlocked is stored once it has committed.
              const { unlocks } = await db.asUser(userId, (tx) =>
                insertThenCommit(tx, userId, when, () => insertEntry(tx, when, false), now),
              );
              await storeUnlocksAfter(db, userId, unlocks);
            }
            await db.asUser(userId, async (tx) =>
              expect(await stored(tx)).toEqual(await unlockedByFullSummary(tx, now)),
            );
          }
        },
      ),
      { numRuns: 40 },
    );
  });
});
