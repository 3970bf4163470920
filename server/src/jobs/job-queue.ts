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
  /** Called once when the last attempt failed (to show the failure to the user). */
  gaveUp?(job: Job<P>): Promise<void>;
  /** How long one run may take before another process may claim the job again. */
  leaseMs?: number;
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

export const createJobRunner = (
  deps: { db: Database; logger: Logger },
  handlers: JobHandler<never>[],
  opts: { intervalMs?: number; batch?: number } = {},
): JobRunner => {
  const { db, logger } = deps;
  const byKind = new Map(handlers.map((h) => [h.kind, h as unknown as JobHandler]));
  const kinds = [...byKind.keys()];
  const intervalMs = opts.intervalMs ?? 5_000;
  const batch = opts.batch ?? 2;

  const claim = (now: Date) =>
    db.asSystem(async (tx) => {
      if (!kinds.length) return [];
      const at = now.toISOString();
      const leases = sql.join(
        kinds.map((k) => sql`when ${k} then ${byKind.get(k)!.leaseMs ?? 300_000}::int`),
        sql` `,
      );
      const { rows } = await tx.execute<ClaimedRow>(sql`
        with due as (
          select id from jobs
          where kind in (${sql.join(
            kinds.map((k) => sql`${k}`),
            sql`, `,
          )})
            and ((state = 'queued' and run_at <= ${at}::timestamptz)
              or (state = 'running' and locked_until <= ${at}::timestamptz))
          order by run_at, id
          limit ${batch}
          for update skip locked
        )
        update jobs j set state = 'running', attempts = j.attempts + 1, updated_at = ${at}::timestamptz,
          locked_until = ${at}::timestamptz + (case j.kind ${leases} end) * interval '1 millisecond'
        from due where j.id = due.id
        returning j.id, j.kind, j.user_id, j.payload, j.attempts, j.max_attempts`);
      return rows;
    });

  const finish = (id: string, set: ReturnType<typeof sql>) =>
    db.asSystem((tx) => tx.execute(sql`update jobs set ${set}, updated_at = now() where id = ${id}`));

  const runJob = async (row: ClaimedRow, now: Date) => {
    const handler = byKind.get(row.kind)!;
    const job: Job = {
      id: row.id,
      kind: row.kind,
      userId: row.user_id,
      payload: row.payload,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
    };
    try {
      await handler.run(job);
      await finish(row.id, sql`state = 'done', locked_until = null, last_error = null`);
    } catch (err) {
      const code = (err as { code?: string }).code ?? (err as Error).name ?? 'Error';
      logger.warn({ jobId: row.id, kind: row.kind, attempt: row.attempts, code }, 'job failed');
      if (row.attempts >= row.max_attempts) {
        await finish(row.id, sql`state = 'failed', locked_until = null, last_error = ${String(code)}`);
        await handler.gaveUp?.(job).catch(() => {});
      } else {
        const retryAt = new Date(now.getTime() + backoffMs(row.attempts)).toISOString();
        await finish(
          row.id,
          sql`state = 'queued', locked_until = null, last_error = ${String(code)}, run_at = ${retryAt}::timestamptz`,
        );
      }
    }
  };

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
    let ran = 0;
    for (;;) {
      const rows = await claim(now);
      for (const row of rows) await runJob(row, now);
      ran += rows.length;
      if (rows.length < batch) break;
    }
    await purgeFinished();
    return ran;
  };

  const loop = repeatEvery(intervalMs, runOnce, (err) =>
    logger.warn({ err: { message: (err as Error).message } }, 'job runner failed'),
  );
  return { runOnce, ...loop };
};
