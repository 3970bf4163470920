import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestClient, type TestServer } from '../../test/harness';
import { withDatabase } from '../../test/postgres-template';
import { type Database, openPostgres } from '../db/database';
import { createLiveNotifier } from '../modules/notifications/live-notifications.service';
import { createMemoryBus } from '../realtime/bus';
import { createReminderScheduler } from './reminder-scheduler';

let server: TestServer;
let alice: TestClient;
let second: Database;
beforeAll(async () => {
  server = await createTestServer();
  alice = (await signUpAndSignIn(server, 'alice-two-workers@example.com')).client;
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

describe('two schedulers on one PostgreSQL database', () => {
  it('deliver every due reminder exactly once between them, skipping what another holds', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const times = Array.from({ length: 10 }, (_, i) => `${String(8 + i).padStart(2, '0')}:00`);
    const res = await alice.post('/api/v1/medications/schedules', {
      medicationName: 'Metformin',
      dosage: '500 mg',
      dailyTimes: times,
      startDate: tomorrow,
    });
    expect((await res.json()).created).toBe(300);

    const logger = pino({ level: 'silent' });
    const worker = (db: Database) =>
      createReminderScheduler(
        {
          db,
          notifier: createLiveNotifier(db, createMemoryBus(), logger),
          mailer: server.deps.mailer,
          logger,
          config: server.deps.config,
        },
        { batchSize: 7 },
      );
    const a = worker(server.deps.db);
    const b = worker(second);
    const later = new Date(Date.now() + 40 * 86_400_000);
    // A third connection holds the first seven due reminders, as a process caught mid-claim would:
    // the workers racing meanwhile skip them instead of waiting or taking them twice.
    const held = await second.asSystem(async (tx) => {
      const { rows: locked } = await tx.execute<{ id: string }>(sql`
        select id from notifications where delivered_at is null and due_date is not null
        order by due_date, id limit 7 for update`);
      const runs = await Promise.all([
        a.runOnce(later),
        b.runOnce(later),
        a.runOnce(later),
        b.runOnce(later),
      ]);
      const all = runs.flat();
      expect(all).toHaveLength(293);
      expect(new Set(all).size).toBe(293);
      expect(all.filter((id) => locked.some((l) => l.id === id))).toEqual([]);
      return locked.map((l) => l.id);
    });
    // Once let go, they are delivered by the next run, and only they.
    expect((await b.runOnce(later)).sort()).toEqual([...held].sort());
    const { rows } = await server.deps.db.asSystem((tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from notifications where delivered_at is null`),
    );
    expect(rows[0]!.n).toBe(0);
  });
});
