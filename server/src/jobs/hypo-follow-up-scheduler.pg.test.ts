import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../test/harness';
import { auditedWriteWithoutWaiting, holdAuditChain } from '../../test/held-chain';
import { withDatabase } from '../../test/postgres-template';
import { type Database, openPostgres } from '../db/database';
import { createLiveNotifier } from '../modules/notifications/live-notifications.service';
import { createMemoryBus } from '../realtime/bus';
import { createHypoScheduler } from './hypo-follow-up-scheduler';

let server: TestServer;
let second: Database;
beforeAll(async () => {
  server = await createTestServer();
  const { rows } = await server.deps.db.owner.execute<{ name: string }>(
    sql`select current_database() as name`,
  );
  // A second server process: its own connection pool to the same database.
  second = await openPostgres(withDatabase(process.env.TEST_DATABASE_URL!, rows[0]!.name));
});
afterAll(async () => {
  await second.close();
  await server.close();
});

describe('two follow-up schedulers on one PostgreSQL database', () => {
  it('take each due step exactly once between them', async () => {
    const users = 6;
    for (let i = 0; i < users; i++) {
      const { client } = await signUpAndSignIn(server, `hypo-two-workers-${i}@example.com`);
      const res = await client.post('/api/v1/entries', {
        tracker: 'blood-glucose',
        occurredAt: new Date().toISOString(),
        data: { glucose: 60 },
      });
      expect(res.status).toBe(201);
    }
    const logger = pino({ level: 'silent' });
    const worker = (db: Database) =>
      createHypoScheduler(
        {
          db,
          notifier: createLiveNotifier(db, createMemoryBus(), logger),
          mailer: server.deps.mailer,
          logger,
          config: server.deps.config,
        },
        { batchSize: 1 },
      );
    const a = worker(server.deps.db);
    const b = worker(second);
    const at = new Date(Date.now() + 15.5 * 60_000);
    const runs = await Promise.all([a.runOnce(at), b.runOnce(at), a.runOnce(at), b.runOnce(at)]);
    const steps = runs.flat();
    expect(steps).toHaveLength(users);
    expect(new Set(steps.map((s) => s.id)).size).toBe(users);
    expect(steps.every((s) => s.step === 'recheck')).toBe(true);
    const { rows } = await server.deps.db.asSystem((tx) =>
      tx.execute<{ n: number }>(
        sql`select count(*)::int as n from notifications where metadata->>'step' = 'recheck'`,
      ),
    );
    expect(rows[0]!.n).toBe(users);
  });

  it('takes each person’s step in its own transaction: a step done is committed while the run waits on another person', async () => {
    const logged = async (email: string, agoMinutes: number) => {
      const { client, userId } = await signUpAndSignIn(server, email);
      const res = await client.post('/api/v1/entries', {
        tracker: 'blood-glucose',
        occurredAt: new Date(Date.now() - agoMinutes * 60_000).toISOString(),
        data: { glucose: 62 },
      });
      expect(res.status).toBe(201);
      return userId;
    };
    // Ben's low came first, so his re-check is due first; then the run reaches Ann's, whose chain is held.
    const ben = await logged('hypo-one-by-one-ben@example.com', 2);
    const ann = await logged('hypo-one-by-one-ann@example.com', 1);
    const logger = pino({ level: 'silent' });
    const scheduler = createHypoScheduler({
      db: server.deps.db,
      notifier: createLiveNotifier(server.deps.db, createMemoryBus(), logger),
      mailer: server.deps.mailer,
      logger,
      config: server.deps.config,
    });
    const rechecks = async (userId: string) =>
      (
        await server.deps.db.asSystem((tx) =>
          tx.execute<{ n: number }>(sql`select count(*)::int as n from notifications
            where user_id = ${userId} and metadata->>'step' = 'recheck'`),
        )
      ).rows[0]!.n;
    const annWriting = await holdAuditChain(server.deps.db, ann);
    let run: Promise<{ id: string; step: string }[]> | undefined;
    try {
      run = scheduler.runOnce(new Date(Date.now() + 15.5 * 60_000));
      await expect.poll(() => rechecks(ben), { timeout: 5_000 }).toBe(1);
      expect(await rechecks(ann)).toBe(0);
      await auditedWriteWithoutWaiting(server.deps.db, ben);
    } finally {
      annWriting.release();
      await annWriting.done;
    }
    expect((await run)?.map((s) => s.step)).toEqual(['recheck', 'recheck']);
    expect(await rechecks(ann)).toBe(1);
  });
});
