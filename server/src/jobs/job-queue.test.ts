import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/harness';
import type { Database } from '../db/database';
import { user } from '../db/schema';
import { backoffMs, createJobRunner, enqueueJob, GiveUpError, type JobHandler } from './job-queue';

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

/** Up to 20 s: on a busy CI machine a claim through a pooled connection has taken over 5. */
const waitFor = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 800 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
};

it('counts a claim whose process died as an attempt, and gives the job up after the last one', async () => {
  const gaveUp: [string, string][] = [];
  let runs = 0;
  const leaseMs = 60_000;
  // Every process that takes this job dies with it: its run never ends, its lease runs out.
  const dying: JobHandler = {
    kind: 'test.killer',
    leaseMs,
    run: () => {
      runs++;
      return new Promise<void>(() => {});
    },
  };
  const healthy: JobHandler = {
    ...dying,
    run: async () => {
      runs++;
    },
    gaveUp: async (job, reason) => {
      gaveUp.push([job.id, reason]);
    },
  };
  const id = await db.asSystem((tx) => enqueueJob(tx, { kind: 'test.killer', userId: null, maxAttempts: 3 }));
  let now = Date.now();
  for (let attempt = 1; attempt <= 3; attempt++) {
    // A fresh process (the last one died) claims the job again once the lease has run out.
    void createJobRunner({ db, logger }, [dying as JobHandler<never>]).runOnce(new Date(now));
    await waitFor(async () => (await stateOf(id)).attempts === attempt);
    expect(await stateOf(id)).toMatchObject({ state: 'running', attempts: attempt });
    now += leaseMs + 1_000;
  }
  expect(runs).toBe(3);
  // The lease of the last attempt ran out: given up, not run a fourth time.
  const runner = createJobRunner({ db, logger }, [healthy as JobHandler<never>]);
  expect(await runner.runOnce(new Date(now))).toBe(0);
  expect(await stateOf(id)).toEqual({ state: 'failed', attempts: 3, last_error: 'lease_expired' });
  expect(gaveUp).toEqual([[id, 'lease_expired']]);
  expect(await runner.runOnce(new Date(now + 86_400_000))).toBe(0);
  expect(runs).toBe(3);
}, 90_000);

it('gives up at once on an error that says retrying cannot help', async () => {
  const gaveUp: string[] = [];
  const handler: JobHandler = {
    kind: 'test.hopeless',
    run: async () => {
      throw new GiveUpError('too_large');
    },
    gaveUp: async (_job, reason) => {
      gaveUp.push(reason);
    },
  };
  const runner = createJobRunner({ db, logger }, [handler as JobHandler<never>]);
  const id = await db.asSystem((tx) =>
    enqueueJob(tx, { kind: 'test.hopeless', userId: null, maxAttempts: 5 }),
  );
  expect(await runner.runOnce()).toBe(1);
  expect(await stateOf(id)).toEqual({ state: 'failed', attempts: 1, last_error: 'too_large' });
  expect(gaveUp).toEqual(['too_large']);
});

it("takes users' jobs in turns, so one user's pile does not hold up another's", async () => {
  const [other] = await db.owner
    .insert(user)
    .values({ name: 'Other', email: 'queue-turns@example.com' })
    .returning({ id: user.id });
  const order: string[] = [];
  const handler: JobHandler<{ who: string }> = {
    kind: 'test.turns',
    run: async (job) => {
      order.push(job.payload.who);
    },
  };
  // One upload after another (each in its own transaction, as uploads are).
  for (let i = 1; i <= 4; i++)
    await db.asSystem((tx) =>
      enqueueJob(tx, { kind: 'test.turns', userId: null, payload: { who: `busy${i}` } }),
    );
  await db.asSystem((tx) =>
    enqueueJob(tx, { kind: 'test.turns', userId: other!.id, payload: { who: 'other' } }),
  );
  const runner = createJobRunner({ db, logger }, [handler as JobHandler<never>], { batch: 1 });
  expect(await runner.runOnce()).toBe(5);
  expect(order).toEqual(['busy1', 'other', 'busy2', 'busy3', 'busy4']);
});

it('runs jobs queued in the same instant in the order they were queued', async () => {
  const order: string[] = [];
  const handler: JobHandler<{ n: number }> = {
    kind: 'test.same-instant',
    run: async (job) => {
      order.push(String(job.payload.n));
    },
  };
  // One transaction: every row has the same run_at (now() is the transaction's start).
  await db.asSystem(async (tx) => {
    for (let n = 1; n <= 8; n++)
      await enqueueJob(tx, { kind: 'test.same-instant', userId: null, payload: { n } });
  });
  const runner = createJobRunner({ db, logger }, [handler as JobHandler<never>], { batch: 1 });
  expect(await runner.runOnce()).toBe(8);
  expect(order).toEqual(['1', '2', '3', '4', '5', '6', '7', '8']);
});

it('runs a job of another lane while a long one is still running', async () => {
  let release!: () => void;
  const slowDone = new Promise<void>((r) => {
    release = r;
  });
  const finished: string[] = [];
  const slow: JobHandler = {
    kind: 'test.slow-document',
    lane: 'documents',
    run: async () => {
      await slowDone;
      finished.push('document');
    },
  };
  const quick: JobHandler = {
    kind: 'test.quick-backup',
    lane: 'backups',
    run: async () => {
      finished.push('backup');
    },
  };
  const runner = createJobRunner({ db, logger }, [slow, quick] as JobHandler<never>[], { intervalMs: 50 });
  await db.asSystem((tx) => enqueueJob(tx, { kind: 'test.slow-document', userId: null }));
  runner.start();
  await waitFor(async () => {
    const { rows } = await db.asSystem((tx) =>
      tx.execute<{ state: string }>(sql`select state from jobs where kind = 'test.slow-document'`),
    );
    return rows[0]?.state === 'running';
  });
  const id = await db.asSystem((tx) => enqueueJob(tx, { kind: 'test.quick-backup', userId: null }));
  runner.wake();
  await waitFor(async () => (await stateOf(id)).state === 'done');
  expect(finished).toEqual(['backup']);
  release();
  await runner.stop();
  expect(finished).toEqual(['backup', 'document']);
});
