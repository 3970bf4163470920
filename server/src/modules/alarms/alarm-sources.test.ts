import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, signUpAndSignIn, type TestServer } from '../../../test/harness';
import { createGlucoseAlarmScheduler } from '../../jobs/glucose-alarm-scheduler';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(() => server.close());

const MIN = 60_000;
const run = () => createGlucoseAlarmScheduler(server.deps).runOnce(new Date());
/** Readings every 5 minutes for an hour, the newest `agoMinutes` old. */
const hourEndingAgo = (agoMinutes: number) =>
  Array.from({ length: 12 }, (_, i) => ({
    at: new Date(Date.now() - (agoMinutes + 5 * i) * MIN).toISOString(),
    mgdl: 120,
  }));
const insertReading = (userId: string, agoMinutes: number, source: string) =>
  server.deps.db.asSystem((tx) =>
    tx.execute(sql`insert into glucose_readings (user_id, value_mgdl, recorded_at, source)
      values (${userId}, 120, ${new Date(Date.now() - agoMinutes * MIN).toISOString()}::timestamptz, ${source})`),
  );
const openStale = async (userId: string) =>
  (
    await server.deps.db.asSystem((tx) =>
      tx.execute<{ n: number }>(sql`select count(*)::int as n from glucose_alarms
        where user_id = ${userId} and kind = 'stale' and ended_at is null`),
    )
  ).rows[0]!.n;

describe('“No recent readings” comes from a live source only', () => {
  it('a Clarity file whose last reading is 90 minutes old raises no alarm, and the home says no sensor is connected', async () => {
    const { client, userId } = await signUpAndSignIn(server, 'stale-import@example.com');
    const res = await client.post('/api/v1/glucose/readings/batch', {
      source: 'import:dexcom-clarity',
      readings: hourEndingAgo(90),
    });
    expect(res.status).toBe(200);
    expect((await run()).filter((o) => o.userId === userId)).toEqual([]);
    expect(await openStale(userId)).toBe(0);
    expect(await (await client.get('/api/v1/glucose/status')).json()).toMatchObject({ cgmConnected: false });
  });

  it('a Dexcom Share pull and a Nightscout upload that go quiet still raise it', async () => {
    const share = await signUpAndSignIn(server, 'stale-share@example.com');
    const ns = await signUpAndSignIn(server, 'stale-ns@example.com');
    await insertReading(share.userId, 40, 'device:dexcom-share');
    await insertReading(ns.userId, 45, 'device:nightscout:xDrip');
    const outcomes = await run();
    expect(outcomes).toContainEqual({ userId: share.userId, step: 'raised', kind: 'stale' });
    expect(outcomes).toContainEqual({ userId: ns.userId, step: 'raised', kind: 'stale' });
    expect(await (await share.client.get('/api/v1/glucose/status')).json()).toMatchObject({
      cgmConnected: true,
    });
  });

  it('an alarm raised before, whose newest reading is an import, ends on the next run', async () => {
    const { userId } = await signUpAndSignIn(server, 'stale-wrong@example.com');
    await insertReading(userId, 90, 'import:dexcom-clarity');
    await server.deps.db.asSystem((tx) =>
      tx.execute(sql`insert into glucose_alarms (user_id, kind, raised_at)
        values (${userId}, 'stale', ${new Date(Date.now() - 60 * MIN).toISOString()}::timestamptz)`),
    );
    expect(await run()).toContainEqual({ userId, step: 'ended', kind: 'stale' });
    expect(await openStale(userId)).toBe(0);
  });
});
