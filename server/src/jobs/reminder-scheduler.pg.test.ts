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
  it('deliver every due reminder exactly once between them', async () => {
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
    const runs = await Promise.all([a.runOnce(later), b.runOnce(later), a.runOnce(later), b.runOnce(later)]);
    const all = runs.flat();
    expect(all).toHaveLength(300);
    expect(new Set(all).size).toBe(300);
    // Both did part of the work: the rows were really contended, not taken by one worker alone.
    expect(runs[0]!.length + runs[2]!.length).toBeGreaterThan(0);
    expect(runs[1]!.length + runs[3]!.length).toBeGreaterThan(0);
    const { rows } = await server.deps.db.asSystem((tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from notifications where delivered_at is null`),
    );
    expect(rows[0]!.n).toBe(0);
  });
});
