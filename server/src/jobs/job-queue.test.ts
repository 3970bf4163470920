import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import type { Database } from '../db/database';
import { backoffMs, createJobRunner, enqueueJob, type JobHandler } from './job-queue';

let db: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ db, drop } = await openTestDatabase());
});
afterAll(async () => {
  await db.close();
  await drop();
});

const logger = pino({ level: 'silent' });
const stateOf = async (id: string) =>
  (
    await db.asSystem((tx) =>
      tx.execute<{ state: string; attempts: number; last_error: string | null }>(
        sql`select state, attempts, last_error from jobs where id = ${id}`,
      ),
    )
  ).rows[0]!;

it('retries a failing job with back-off, then gives up and says so once', async () => {
  const runs: number[] = [];
  const gaveUp: string[] = [];
  const handler: JobHandler<{ n: number }> = {
    kind: 'test.flaky',
    async run(job) {
      runs.push(job.attempt);
      throw Object.assign(new Error('boom'), { code: 'flaky_failure' });
    },
    async gaveUp(job) {
      gaveUp.push(job.id);
    },
  };
  const runner = createJobRunner({ db, logger }, [handler as JobHandler<never>]);
  const id = await db.asSystem((tx) => enqueueJob(tx, { kind: 'test.flaky', userId: null, maxAttempts: 3 }));
  let now = new Date();
  expect(await runner.runOnce(now)).toBe(1);
  expect(await stateOf(id)).toEqual({ state: 'queued', attempts: 1, last_error: 'flaky_failure' });
  // Not again before its back-off has passed.
  expect(await runner.runOnce(new Date(now.getTime() + backoffMs(1) - 1000))).toBe(0);
  now = new Date(now.getTime() + backoffMs(1));
  expect(await runner.runOnce(now)).toBe(1);
  now = new Date(now.getTime() + backoffMs(2));
  expect(await runner.runOnce(now)).toBe(1);
  expect(await stateOf(id)).toMatchObject({ state: 'failed', attempts: 3 });
  expect(runs).toEqual([1, 2, 3]);
  expect(gaveUp).toEqual([id]);
  expect(await runner.runOnce(new Date(now.getTime() + 86_400_000))).toBe(0);
});

it('takes over a job whose process died mid-run once its lease ran out, and runs it once', async () => {
  const done: string[] = [];
  const handler: JobHandler = {
    kind: 'test.lease',
    leaseMs: 60_000,
    async run(job) {
      done.push(job.id);
    },
  };
  const runner = createJobRunner({ db, logger }, [handler as JobHandler<never>]);
  const id = await db.asSystem((tx) => enqueueJob(tx, { kind: 'test.lease', userId: null }));
  // A process claimed it and vanished (the claim is what runOnce's first statement does).
  const now = new Date();
  await db.asSystem((tx) =>
    tx.execute(
      sql`update jobs set state = 'running', attempts = 1, locked_until = ${new Date(now.getTime() + 60_000).toISOString()}::timestamptz where id = ${id}`,
    ),
  );
  expect(await runner.runOnce(now)).toBe(0);
  expect(await runner.runOnce(new Date(now.getTime() + 61_000))).toBe(1);
  expect(done).toEqual([id]);
  expect(await stateOf(id)).toMatchObject({ state: 'done', attempts: 2 });
});

it('hands each job to exactly one of several runners working at once', async () => {
  const seen: string[] = [];
  const handler: JobHandler = {
    kind: 'test.once',
    async run(job) {
      seen.push(job.id);
      await new Promise((r) => setTimeout(r, 5));
    },
  };
  const ids = await db.asSystem(async (tx) => {
    const out: string[] = [];
    for (let i = 0; i < 12; i++) out.push(await enqueueJob(tx, { kind: 'test.once', userId: null }));
    return out;
  });
  const runners = [1, 2, 3].map(() => createJobRunner({ db, logger }, [handler as JobHandler<never>]));
  await Promise.all(runners.map((r) => r.runOnce()));
  expect(seen.sort()).toEqual(ids.sort());
});
