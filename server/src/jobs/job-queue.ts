import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database, Tx } from '../db/database';
import { jobs } from '../db/schema';
import { repeatEvery } from './repeat';

/**
 * Durable background work in the database, for any feature: a job row is inserted in the same
 * transaction as the change that needs it, claimed by one process with `FOR UPDATE SKIP LOCKED`,
 * retried with exponential back-off, and resumed after a restart (a claim whose lease ran out is
 * taken again). Handlers must be idempotent: a job may run again if its process died mid-way.
 *
 * Every claim counts as an attempt, also one whose process died: a job whose lease ran out on its
 * last attempt is given up (`lease_expired`), so a file that kills the process is not run forever.
 * Users take turns: the claim orders due jobs by their place in their user's queue, so one user's
 * hundred uploads do not hold up anyone else's. Kinds run in lanes (a handler's `lane`), each
 * claiming and running on its own, so a long backup and document reading do not wait for each other.
 */
export interface Job<P = Record<string, unknown>> {
  id: string;
  kind: string;
  userId: string | null;
  payload: P;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
}

export interface JobHandler<P = Record<string, unknown>> {
  kind: string;
  run(job: Job<P>): Promise<void>;
  /**
   * Called once when the job is given up (to show the failure to the user): its last attempt failed,
   * it failed with `giveUp` set, or its process died on the last attempt (`reason` `lease_expired`).
   * `reason` is the error's code.
   */
  gaveUp?(job: Job<P>, reason: string): Promise<void>;
  /** How long one run may take before another process may claim the job again. */
  leaseMs?: number;
  /** Kinds in different lanes run side by side (default `default`). */
  lane?: string;
}

/** Thrown (or any error with `giveUp: true`) when retrying cannot help: the job fails at once. */
export class GiveUpError extends Error {
  readonly giveUp = true;
  constructor(readonly code: string) {
    super(code);
    this.name = 'GiveUpError';
  }
}

export const enqueueJob = async (
  tx: Tx,
  job: { kind: string; userId: string | null; payload?: Record<string, unknown>; maxAttempts?: number },
) => {
  const [row] = await tx
    .insert(jobs)
    .values({
      kind: job.kind,
      userId: job.userId,
      payload: job.payload ?? {},
      maxAttempts: job.maxAttempts ?? 5,
    })
    .returning({ id: jobs.id });
  return row!.id;
};

const PURGE_EVERY_MS = 3_600_000;

/** 10 s, 20 s, 40 s… up to an hour. */
export const backoffMs = (attempt: number) => Math.min(3_600_000, 10_000 * 2 ** Math.max(0, attempt - 1));

type ClaimedRow = {
  id: string;
  kind: string;
  user_id: string | null;
  payload: Record<string, unknown>;
  attempts: number;
  max_attempts: number;
};

export interface JobRunner {
  /** Runs every due job once (claiming `batch` at a time); returns how many ran. Tests pass a clock. */
  runOnce(now?: Date): Promise<number>;
  /** Looks for work now instead of at the next tick (after enqueueing). */
  wake(): void;
  start(): void;
  stop(): Promise<void>;
}

const errorCode = (err: unknown) => String((err as { code?: string }).code ?? (err as Error).name ?? 'Error');

const toJob = (row: ClaimedRow): Job => ({
  id: row.id,
  kind: row.kind,
  userId: row.user_id,
  payload: row.payload,
  attempt: row.attempts,
  maxAttempts: row.max_attempts,
});

/** Claims and runs the due jobs of some kinds (one lane), one at a time. */
const createLane = (
  deps: { db: Database; logger: Logger },
  byKind: Map<string, JobHandler>,
  batch: number,
) => {
  const { db, logger } = deps;
  const kinds = [...byKind.keys()];
  const kindList = sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  );
  const leases = sql.join(
    kinds.map((k) => sql`when ${k} then ${byKind.get(k)!.leaseMs ?? 300_000}::int`),
    sql` `,
  );

  // A job whose process died on its last attempt is given up instead of run again.
  const reapExpired = async (now: Date) => {
    const at = now.toISOString();
    const { rows } = await db.asSystem((tx) =>
      tx.execute<ClaimedRow>(sql`
        update jobs set state = 'failed', locked_until = null, last_error = 'lease_expired',
          updated_at = ${at}::timestamptz
        where id in (
          select id from jobs
          where kind in (${kindList}) and state = 'running' and locked_until <= ${at}::timestamptz
            and attempts >= max_attempts
          for update skip locked)
        returning id, kind, user_id, payload, attempts, max_attempts`),
    );
    for (const row of rows) {
      logger.warn({ jobId: row.id, kind: row.kind, attempt: row.attempts }, 'job given up: lease expired');
      await byKind
        .get(row.kind)!
        .gaveUp?.(toJob(row), 'lease_expired')
        .catch(() => {});
    }
  };

  const claim = (now: Date) =>
    db.asSystem(async (tx) => {
      const at = now.toISOString();
      // The clock has milliseconds, the database microseconds: a job queued in this very millisecond
      // (run_at 12:00:00.123456, now 12:00:00.123) is due too, so `at` counts to its millisecond's end.
      const due = sql`kind in (${kindList})
        and ((state = 'queued' and run_at < ${at}::timestamptz + interval '1 millisecond')
          or (state = 'running' and locked_until <= ${at}::timestamptz and attempts < max_attempts))`;
      // Users take turns: each user's oldest due job first, the user served longest ago (or never)
      // first among them, then each one's second job, and so on.
      const { rows } = await tx.execute<ClaimedRow>(sql`
        with turns as (
          select id, row_number() over (partition by user_id order by run_at, seq) as turn
          from jobs where ${due}
        ), served as (
          select user_id, max(updated_at) as at from jobs
          where kind in (${kindList}) and state <> 'queued'
            and updated_at > ${at}::timestamptz - interval '1 day'
          group by user_id
        ), picked as (
          select jobs.id from jobs
          join turns on turns.id = jobs.id
          left join served on served.user_id is not distinct from jobs.user_id
          where ${due}
          order by turns.turn, served.at nulls first, jobs.run_at, jobs.seq
          limit ${batch}
          for update of jobs skip locked
        )
        update jobs j set state = 'running', attempts = j.attempts + 1, updated_at = ${at}::timestamptz,
          locked_until = ${at}::timestamptz + (case j.kind ${leases} end) * interval '1 millisecond'
        from picked where j.id = picked.id
        returning j.id, j.kind, j.user_id, j.payload, j.attempts, j.max_attempts`);
      return rows;
    });

  const finish = (id: string, set: ReturnType<typeof sql>) =>
    db.asSystem((tx) => tx.execute(sql`update jobs set ${set}, updated_at = now() where id = ${id}`));

  const runJob = async (row: ClaimedRow, now: Date) => {
    const handler = byKind.get(row.kind)!;
    const job = toJob(row);
    try {
      await handler.run(job);
      await finish(row.id, sql`state = 'done', locked_until = null, last_error = null`);
    } catch (err) {
      const code = errorCode(err);
      logger.warn({ jobId: row.id, kind: row.kind, attempt: row.attempts, code }, 'job failed');
      if (row.attempts >= row.max_attempts || (err as { giveUp?: boolean }).giveUp === true) {
        await finish(row.id, sql`state = 'failed', locked_until = null, last_error = ${code}`);
        await handler.gaveUp?.(job, code).catch(() => {});
      } else {
        const retryAt = new Date(now.getTime() + backoffMs(row.attempts)).toISOString();
        await finish(
          row.id,
          sql`state = 'queued', locked_until = null, last_error = ${code}, run_at = ${retryAt}::timestamptz`,
        );
      }
    }
  };

  return async (now: Date) => {
    await reapExpired(now);
    let ran = 0;
    for (;;) {
      const rows = await claim(now);
      for (const row of rows) await runJob(row, now);
      ran += rows.length;
      if (rows.length < batch) break;
    }
    return ran;
  };
};

export const createJobRunner = (
  deps: { db: Database; logger: Logger },
  handlers: JobHandler<never>[],
  opts: { intervalMs?: number; batch?: number } = {},
): JobRunner => {
  const { db, logger } = deps;
  const intervalMs = opts.intervalMs ?? 5_000;
  const batch = opts.batch ?? 2;
  const laneKinds = new Map<string, Map<string, JobHandler>>();
  for (const h of handlers as unknown as JobHandler[]) {
    const lane = h.lane ?? 'default';
    if (!laneKinds.has(lane)) laneKinds.set(lane, new Map());
    laneKinds.get(lane)!.set(h.kind, h);
  }
  const lanes = [...laneKinds.values()].map((byKind) => createLane(deps, byKind, batch));

  // Finished jobs are kept a week (to look into), then removed; every process may do it.
  let purgedAt = 0;
  const purgeFinished = async () => {
    if (Date.now() - purgedAt < PURGE_EVERY_MS) return;
    purgedAt = Date.now();
    await db.asSystem((tx) =>
      tx.execute(sql`delete from jobs where state = 'done' and updated_at < now() - interval '7 days'`),
    );
  };

  const runOnce = async (now = new Date()) => {
    const ran = await Promise.all(lanes.map((lane) => lane(now)));
    await purgeFinished();
    return ran.reduce((a, b) => a + b, 0);
  };

  // Each lane has its own loop: a lane busy with a long job does not delay the others' claims.
  const onError = (err: unknown) =>
    logger.warn({ err: { message: (err as Error).message } }, 'job runner failed');
  const loops = lanes.map((lane) => repeatEvery(intervalMs, () => lane(new Date()), onError));
  const purgeLoop = repeatEvery(PURGE_EVERY_MS, purgeFinished, onError);
  const all = [...loops, purgeLoop];
  return {
    runOnce,
    start: () => {
      for (const l of all) l.start();
    },
    wake: () => {
      for (const l of loops) l.wake();
    },
    stop: async () => {
      await Promise.all(all.map((l) => l.stop()));
    },
  };
};
